import type { Hash } from '../model';

/**
 * What a context query knows beside the walk: files and symbols the task's words match
 * in the code's text (passages.ts), or the files that changed with the given ones in the
 * repository's history (coChange.ts), and the symbols a task names. Every score is
 * relative to the best of its map (1); maps are best first.
 */
export interface Evidence {
  /** Files by score: a task's whole-file and best-passage match, or a file's co-changes. */
  readonly files: ReadonlyMap<Hash, number>;
  /** Symbols by score: a task's match of their own lines, or the main symbols of co-changed files. */
  readonly symbols: ReadonlyMap<Hash, number>;
  /** Symbols by their names' match of the task (SymbolIndex.searchSymbols). */
  readonly names: ReadonlyMap<Hash, number>;
}
