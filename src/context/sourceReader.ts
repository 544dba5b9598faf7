import * as fs from 'node:fs';
import * as path from 'node:path';
import type { GraphView } from '../graph/graphView';
import { type GraphNode, type Hash, hashBytes } from '../model';

export const DEFAULTS = {
  /** Lines of a symbol's source in its excerpt; longer bodies are cut and say how much is left. */
  maxLines: 60,
};

/**
 * What became of a symbol's source lines: `included`; `stale` when the file on disk no
 * longer has the content hash it was indexed with (its lines may have moved, so none are
 * shown rather than wrong ones); `unreadable` when the repository root or file cannot be
 * read; `omitted` when the token budget had no room for them.
 */
export type SourceState = 'included' | 'stale' | 'unreadable' | 'omitted';

export interface SourceExcerpt {
  /** First line shown (1-based), the symbol's line. */
  readonly startLine: number;
  readonly text: string;
  /** Lines of the symbol not shown because of `maxLines`. */
  readonly truncatedLines: number;
}

export type SourceResult = { readonly state: 'included'; readonly excerpt: SourceExcerpt } | { readonly state: 'stale' | 'unreadable' };

type FileLines = { readonly lines: readonly string[] } | { readonly state: 'stale' | 'unreadable' };

/**
 * Reads symbols' lines from the repository's root on disk, once per file per reader,
 * checking each file against its indexed content hash. One reader serves one request.
 */
export class SourceReader {
  private readonly files = new Map<Hash, FileLines>();
  /** Repository roots resolved with realpath; null when the root is gone. */
  private readonly realRoots = new Map<string, string | null>();

  constructor(private readonly view: GraphView, private readonly maxLines = DEFAULTS.maxLines) {
    if (!Number.isInteger(maxLines) || maxLines < 1) throw new Error('context/sourceReader: maxLines must be a positive integer');
  }

  /** The symbol's lines, cut after `maxLines` (the reader's by default; Infinity for the whole body). */
  excerpt(node: GraphNode, maxLines = this.maxLines): SourceResult {
    if (!node.fileHash || node.line < 1) return { state: 'unreadable' };
    const file = this.linesOf(node.fileHash);
    if (!('lines' in file)) return { state: file.state };
    const first = node.line;
    const last = Math.min(Math.max(node.endLine, first), file.lines.length);
    if (first > file.lines.length) return { state: 'stale' };
    const shownLast = Math.min(last, first + maxLines - 1);
    return {
      state: 'included',
      excerpt: { startLine: first, text: file.lines.slice(first - 1, shownLast).join('\n'), truncatedLines: last - shownLast },
    };
  }

  /** A file's lines as indexed; undefined when the file is stale or unreadable. */
  fileLines(fileHash: Hash): readonly string[] | undefined {
    const file = this.linesOf(fileHash);
    return 'lines' in file ? file.lines : undefined;
  }

  private linesOf(fileHash: Hash): FileLines {
    let cached = this.files.get(fileHash);
    if (!cached) {
      cached = this.read(fileHash);
      this.files.set(fileHash, cached);
    }
    return cached;
  }

  private read(fileHash: Hash): FileLines {
    const file = this.view.files.get(fileHash);
    const root = file && this.view.repos.get(file.repoHash)?.rootPath;
    if (!file || !root) return { state: 'unreadable' };
    const full = this.insideRoot(root, file.path);
    if (full === undefined) return { state: 'unreadable' };
    let bytes: Buffer;
    try {
      bytes = fs.readFileSync(full);
    } catch {
      return { state: 'unreadable' };
    }
    if (hashBytes(bytes) !== file.contentHash) return { state: 'stale' };
    return { lines: bytes.toString('utf8').split(/\r?\n/) };
  }

  /**
   * The real path of a stored file when it lies inside its repository's real root;
   * undefined otherwise. Whatever the graph says (a file built elsewhere, a `..` in a
   * path) and whatever the disk holds (a symlink out of the repository), no source
   * outside an indexed repository reaches a reply.
   */
  private insideRoot(root: string, relativePath: string): string | undefined {
    let realRoot = this.realRoots.get(root);
    if (realRoot === undefined) {
      realRoot = realPathOf(root) ?? null;
      this.realRoots.set(root, realRoot);
    }
    const real = realRoot === null ? undefined : realPathOf(path.resolve(realRoot, relativePath));
    if (real === undefined || realRoot === null) return undefined;
    const relative = path.relative(realRoot, real);
    return relative === '' || relative.startsWith('..') || path.isAbsolute(relative) ? undefined : real;
  }
}

function realPathOf(file: string): string | undefined {
  try {
    return fs.realpathSync(file);
  } catch {
    return undefined;
  }
}
