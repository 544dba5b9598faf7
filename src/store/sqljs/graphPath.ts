import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * The file a graph location really names: a symlinked `-db` is followed to its target
 * (even a dangling one), so saves replace the target and keep the link, and every path
 * to one file shares one lock. A path that does not exist yet resolves through its
 * directory.
 */
export function realGraphPath(location: string): string {
  try {
    return fs.realpathSync(location);
  } catch {
    // Absent, or a link to something absent: follow the links by hand.
  }
  let current = path.resolve(location);
  for (let hops = 0; hops < 40; hops++) {
    let link: string;
    try {
      link = fs.readlinkSync(current);
    } catch {
      break;
    }
    current = path.resolve(path.dirname(current), link);
  }
  const dir = path.dirname(current);
  try {
    return path.join(fs.realpathSync(dir), path.basename(current));
  } catch {
    return current;
  }
}

/**
 * Whether the graph file exists and may not be written: no write permission for this
 * process, or no write bit at all (root passes every access check, but a file made
 * read-only on purpose must still not be replaced).
 */
export function isReadOnlyFile(file: string): boolean {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    return false;
  }
  if ((stat.mode & 0o222) === 0) return true;
  try {
    fs.accessSync(file, fs.constants.W_OK);
    return false;
  } catch {
    return true;
  }
}
