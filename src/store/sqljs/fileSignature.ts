import * as fs from 'node:fs';

/**
 * Identifies one version of a graph file: an atomic rename changes the inode even when
 * size and mtime match. Undefined in memory or when the file is gone.
 */
export function fileSignature(location: string): string | undefined {
  if (location === ':memory:') return undefined;
  try {
    const stat = fs.statSync(location);
    return `${stat.mtimeMs}:${stat.size}:${stat.ino}`;
  } catch {
    return undefined;
  }
}
