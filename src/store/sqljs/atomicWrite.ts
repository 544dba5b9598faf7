import * as fs from 'node:fs';
import * as path from 'node:path';
import { isReadOnlyFile, realGraphPath } from './graphPath';
import { tempFileFor } from './tempFiles';
import { StoreOpenError } from './storeErrors';

/** The mode of a graph file created by a save (before the umask). */
const NEW_FILE_MODE = 0o644;

/**
 * Writes a temp file beside the target, fsyncs it, renames it over the target and fsyncs
 * the directory: a crash at any point leaves either the old or the new file, whole.
 * The file keeps its identity: a symlink is written through to its target (the temp
 * file goes into the target's directory, so the rename stays atomic), and the mode and,
 * where permitted, the owner of the old file carry over. A read-only file is refused,
 * never replaced.
 */
export async function writeFileAtomic(target: string, bytes: Uint8Array): Promise<void> {
  const real = realGraphPath(target);
  if (isReadOnlyFile(real)) throw readOnlyError(target, real);
  const old = statOrUndefined(real);
  const dir = path.dirname(real);
  const temp = tempFileFor(real);
  try {
    const handle = await fs.promises.open(temp, 'wx', old ? 0o600 : NEW_FILE_MODE);
    try {
      if (old) await keepIdentity(handle, old);
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.promises.rename(temp, real);
  } catch (error) {
    await fs.promises.rm(temp, { force: true });
    throw error;
  }
  const dirHandle = await fs.promises.open(dir, 'r');
  try {
    await dirHandle.sync();
  } finally {
    await dirHandle.close();
  }
}

/** The error for a graph file this process must not replace. */
export function readOnlyError(location: string, real: string): StoreOpenError {
  const via = real === path.resolve(location) ? '' : ` (${real})`;
  return new StoreOpenError(`-db ${location}${via}: the graph file is read-only; refusing to replace it (make it writable, e.g. chmod u+w, or use another -db)`);
}

async function keepIdentity(handle: fs.promises.FileHandle, old: fs.Stats): Promise<void> {
  if (typeof process.getuid === 'function' && (old.uid !== process.getuid() || old.gid !== process.getgid?.())) {
    try {
      await handle.chown(old.uid, old.gid);
    } catch {
      // Only root (or the owner, for a group it is in) may give a file away; keep ours.
    }
  }
  await handle.chmod(old.mode & 0o7777);
}

function statOrUndefined(file: string): fs.Stats | undefined {
  try {
    return fs.statSync(file);
  } catch {
    return undefined;
  }
}
