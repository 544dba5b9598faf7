import * as fs from 'node:fs';
import * as path from 'node:path';
import { mayBeAlive } from './processes';

let counter = 0;

/**
 * A name for the temp file a save writes beside `target`: `<graph>.ckg-tmp-<pid>-<n>`,
 * recognisable as ours, and carrying the pid that tells whether it is still in use.
 */
export function tempFileFor(target: string): string {
  counter++;
  return `${target}.ckg-tmp-${process.pid}-${counter}`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Removes temp files of saves into `target` whose process is gone (killed mid-save), so
 * they do not pile up beside the graph. Also the names saves used before
 * (`.<graph>.<pid>.<ms>.tmp`), and a lock's text a killed writer had not linked into place yet. Returns the removed paths; a file another process removes
 * first is not an error.
 */
export function removeStaleTempFiles(target: string): string[] {
  const dir = path.dirname(target);
  const base = escapeRegExp(path.basename(target));
  const patterns = [
    new RegExp(`^${base}\\.ckg-tmp-(\\d+)-\\d+$`),
    new RegExp(`^\\.${base}\\.(\\d+)\\.\\d+\\.tmp$`),
    // A lock file's text before it is linked into place (graphFileLock.ts).
    new RegExp(`^${base}\\.lock(?:\\.takeover-[0-9a-f]+)*\\.(\\d+)\\.[0-9a-f]+\\.new$`),
  ];
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const pid = patterns.map((p) => p.exec(name)?.[1]).find((m) => m !== undefined);
    if (pid === undefined || Number(pid) === process.pid || mayBeAlive(Number(pid))) continue;
    const file = path.join(dir, name);
    try {
      fs.rmSync(file, { force: true });
      removed.push(file);
    } catch {
      // Not ours to remove after all (permissions): leave it.
    }
  }
  return removed;
}
