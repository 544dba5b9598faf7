import * as fs from 'node:fs';
import { journalPathOf } from './graphJournal';
import { realGraphPath } from './graphPath';

/**
 * Identifies one version of a graph file: an atomic rename changes the inode even when
 * size and mtime match, and a page-level save gives the file a modification time it
 * never had. A pending journal (graphJournal.ts) is part of the version: a writer killed
 * after syncing it committed a new version without touching the file yet. Undefined in
 * memory or when the file is gone.
 */
export function fileSignature(location: string): string | undefined {
  if (location === ':memory:') return undefined;
  const file = statSignature(location);
  if (file === undefined) return undefined;
  const journal = statSignature(journalPathOf(realGraphPath(location)));
  return journal === undefined ? file : `${file}+journal ${journal}`;
}

function statSignature(file: string): string | undefined {
  try {
    const stat = fs.statSync(file);
    return `${stat.mtimeMs}:${stat.size}:${stat.ino}`;
  } catch {
    return undefined;
  }
}
