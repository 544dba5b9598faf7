import type { GraphNode, Hash } from '../model';
import type { RankedSymbol } from './ranking';

/**
 * Reciprocal rank fusion of the walk's ranking with the file-level lexical channel. Two
 * rankings of different kinds (walk probabilities, BM25 scores) cannot be added; their
 * ranks can. Files are fused, then each file's symbols take the file's fused score,
 * decayed by their place among that file's symbols in walk order, so the best symbol of
 * each good file comes before the third symbol of the best file.
 */
export const DEFAULTS = {
  /** The RRF constant: larger flattens the difference between neighbouring ranks. */
  k: 60,
  /** How many lexical file hits join the fusion. */
  lexicalFiles: 50,
  /** A file's n-th symbol (0-based, in walk order) scores the file's fused score x decay^n. */
  siblingDecay: 0.5,
};

export interface FusionOptions {
  readonly k?: number;
  readonly siblingDecay?: number;
}

/** RRF: each item scores the sum of 1 / (k + rank) over the rankings that hold it (rank 1-based). */
export function reciprocalRankFusion<T>(rankings: ReadonlyArray<readonly T[]>, k = DEFAULTS.k): Map<T, number> {
  if (!(Number.isFinite(k) && k >= 0)) throw new Error('context/fusion: k must be a finite number >= 0');
  const fused = new Map<T, number>();
  for (const ranking of rankings) {
    ranking.forEach((item, i) => {
      fused.set(item, (fused.get(item) ?? 0) + 1 / (k + i + 1));
    });
  }
  return fused;
}

/**
 * The walk's symbols (best first) re-scored by fused file rank. Files the lexical channel
 * found but the walk never reached bring their symbols (`symbolsOf`, in file order) at
 * distance 0, as seeds would be. Ties by qualified name.
 */
export function fuseByFile(
  walked: readonly RankedSymbol[],
  lexicalFiles: readonly Hash[],
  symbolsOf: (fileHash: Hash) => readonly GraphNode[],
  options: FusionOptions = {},
): RankedSymbol[] {
  const decay = options.siblingDecay ?? DEFAULTS.siblingDecay;
  if (!(decay > 0 && decay <= 1)) throw new Error('context/fusion: siblingDecay must be in (0,1]');
  const byFile = new Map<Hash, RankedSymbol[]>();
  for (const symbol of walked) {
    const list = byFile.get(symbol.node.fileHash);
    if (list) list.push(symbol);
    else byFile.set(symbol.node.fileHash, [symbol]);
  }
  const walkFiles = [...byFile.keys()];
  for (const file of lexicalFiles) {
    if (byFile.has(file)) continue;
    byFile.set(file, symbolsOf(file).map((node) => ({ node, score: 0, distance: 0 })));
  }
  const fused = reciprocalRankFusion([walkFiles, lexicalFiles], options.k);
  const out: RankedSymbol[] = [];
  for (const [file, symbols] of byFile) {
    const fileScore = fused.get(file) ?? 0;
    symbols.forEach((symbol, i) => out.push({ ...symbol, score: fileScore * decay ** i }));
  }
  return out.sort((a, b) => b.score - a.score || (a.node.qualifiedName < b.node.qualifiedName ? -1 : a.node.qualifiedName > b.node.qualifiedName ? 1 : 0));
}

/**
 * Symbol-level RRF of the walk's order with a lexical symbol order: the lexical files,
 * best first, each contributing its best `perFile` symbols (walk order; files the walk
 * never reached bring their first symbols in file order).
 */
export function fuseSymbols(
  walked: readonly RankedSymbol[],
  lexicalFiles: readonly Hash[],
  symbolsOf: (fileHash: Hash) => readonly GraphNode[],
  options: { k?: number; perFile?: number; lexicalWeight?: number; symbolScore?: (hash: Hash) => number } = {},
): RankedSymbol[] {
  const perFile = options.perFile ?? 3;
  const k = options.k ?? DEFAULTS.k;
  const weight = options.lexicalWeight ?? 1;
  const byFile = new Map<Hash, RankedSymbol[]>();
  for (const symbol of walked) {
    const list = byFile.get(symbol.node.fileHash);
    if (list) list.push(symbol);
    else byFile.set(symbol.node.fileHash, [symbol]);
  }
  const all = new Map<Hash, RankedSymbol>(walked.map((s) => [s.node.nodeHash, s]));
  const lexical: Hash[] = [];
  for (const file of lexicalFiles) {
    let symbols = byFile.get(file);
    if (!symbols) {
      symbols = symbolsOf(file).map((node) => ({ node, score: 0, distance: 0 }));
      for (const s of symbols) all.set(s.node.nodeHash, s);
    }
    const ordered = options.symbolScore
      ? symbols.map((s, i) => ({ s, i, v: options.symbolScore!(s.node.nodeHash) })).sort((a, b) => b.v - a.v || a.i - b.i).map((x) => x.s)
      : symbols;
    for (const s of ordered.slice(0, perFile)) lexical.push(s.node.nodeHash);
  }
  const scores = new Map<Hash, number>();
  walked.forEach((s, i) => scores.set(s.node.nodeHash, 1 / (k + i + 1)));
  lexical.forEach((hash, i) => scores.set(hash, (scores.get(hash) ?? 0) + weight / (k + i + 1)));
  return [...all.values()]
    .map((s) => ({ ...s, score: scores.get(s.node.nodeHash) ?? 0 }))
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || (a.node.qualifiedName < b.node.qualifiedName ? -1 : a.node.qualifiedName > b.node.qualifiedName ? 1 : 0));
}
