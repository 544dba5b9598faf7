import * as fs from 'node:fs';
import * as path from 'node:path';
import { CkgError } from '../model';
import { ToolError } from './tool';

/**
 * Kernel and device views, never source trees: refused whatever the roots say, because
 * indexing them would let a client read process memory maps, file descriptors or
 * devices through the context tools.
 */
export const SPECIAL_FILESYSTEMS: readonly string[] = ['/proc', '/sys', '/dev'];

/** A root the server cannot use (the CLI exits 2 with it). */
export class IndexRootError extends CkgError {
  readonly code = 'usage';
}

/**
 * Which directories `index_repo` may index. A path is resolved with realpath before it
 * is compared, so `..` and symlinks lead nowhere the roots do not already cover.
 */
export interface IndexRoots {
  /**
   * The real path of `given` when it is an allowed directory; a ToolError naming
   * `argument` otherwise (no such directory, outside the roots, a special filesystem).
   */
  resolve(argument: string, given: string): Promise<string>;
}

/**
 * Roots fixed at start (`--allow-root`, the editor's workspace folders), plus the roots
 * `extra` lists at each call (the repositories already in the graph, which the server
 * may re-index whoever indexed them first). Each fixed root must be an existing
 * directory outside the special filesystems.
 */
export function indexRoots(fixed: readonly string[], extra: () => Promise<readonly string[]> = async () => []): IndexRoots {
  const roots = fixed.map((dir) => realRoot(dir));
  return {
    async resolve(argument, given) {
      let real: string;
      try {
        real = fs.realpathSync(given);
      } catch {
        throw new ToolError(`${argument}: no such directory: ${given}`);
      }
      if (isSpecial(real)) {
        throw new ToolError(`${argument}: ${given} is on a special filesystem (${SPECIAL_FILESYSTEMS.join(', ')} are never indexed)`);
      }
      const allowed = [...roots, ...(await extra()).flatMap((dir) => existingReal(dir))];
      if (!allowed.some((root) => isInside(real, root))) {
        const shown = allowed.length > 0 ? [...new Set(allowed)].join(', ') : 'none';
        throw new ToolError(`${argument}: ${given} is outside the allowed roots (${shown}); the server's --allow-root adds one`);
      }
      if (!fs.statSync(real).isDirectory()) throw new ToolError(`${argument}: expected a directory, found a file: ${given}`);
      return real;
    },
  };
}

/** True when `real` (a real path) is `root` or below it. */
export function isInside(real: string, root: string): boolean {
  const relative = path.relative(root, real);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

function isSpecial(real: string): boolean {
  return SPECIAL_FILESYSTEMS.some((special) => isInside(real, special));
}

function realRoot(dir: string): string {
  let real: string;
  try {
    real = fs.realpathSync(dir);
  } catch {
    throw new IndexRootError(`--allow-root ${dir}: no such directory`);
  }
  if (!fs.statSync(real).isDirectory()) throw new IndexRootError(`--allow-root ${dir}: expected a directory, found a file`);
  if (isSpecial(real)) throw new IndexRootError(`--allow-root ${dir}: ${SPECIAL_FILESYSTEMS.join(', ')} are never indexed`);
  return real;
}

/** A graph's stored root, real and usable, or nothing (moved, deleted, or a special filesystem). */
function existingReal(dir: string): string[] {
  try {
    const real = fs.realpathSync(dir);
    return isSpecial(real) ? [] : [real];
  } catch {
    return [];
  }
}
