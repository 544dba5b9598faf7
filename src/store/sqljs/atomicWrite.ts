import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * Writes a temp file beside the target, fsyncs it, renames it over the target and fsyncs
 * the directory: a crash at any point leaves either the old or the new file, whole.
 */
export async function writeFileAtomic(target: string, bytes: Uint8Array): Promise<void> {
  const dir = path.dirname(path.resolve(target));
  const temp = path.join(dir, `.${path.basename(target)}.${process.pid}.${Date.now()}.tmp`);
  const handle = await fs.promises.open(temp, 'w', 0o644);
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await fs.promises.rename(temp, target);
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
