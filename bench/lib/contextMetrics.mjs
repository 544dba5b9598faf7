// Scores of a ranked answer against a commit's truth, and the truth's changed symbols.

/** The cut-off of P@k, R@k and Hit@k. */
export const K = 10;

/** Distinct items in first-seen order: a ranked file list from a ranked symbol list. */
export function distinctInOrder(items) {
  return [...new Set(items)];
}

/**
 * P@k (hits in the top k over k), R@k (hits over the truth), Hit@k (any hit) and the
 * reciprocal rank of the first hit anywhere in the ranking (0 when none).
 */
export function scoreRanking(ranked, truth, k = K) {
  const relevant = new Set(truth);
  const top = ranked.slice(0, k);
  const hits = top.filter((item) => relevant.has(item)).length;
  const first = ranked.findIndex((item) => relevant.has(item));
  return {
    precision: hits / k,
    recall: relevant.size === 0 ? 0 : hits / relevant.size,
    hit: hits > 0 ? 1 : 0,
    reciprocalRank: first < 0 ? 0 : 1 / (first + 1),
  };
}

/**
 * How far any re-ranking of what two methods found could go, over `pairs` of per-commit
 * rankings `{ engine, baseline, truth }`: `bestOfMrr` = mean over commits of the better of
 * the two reciprocal ranks (each commit ranked by whichever method found its first truth
 * file sooner); `unionPrecision` = P@k if the top k held every truth file either top k
 * holds; `ceilingPrecision` = P@k if it held every truth file (at most k per commit).
 * A bar above these is out of reach of fusing the two: it needs files neither ranks.
 */
export function reachableScores(pairs, k = K) {
  if (pairs.length === 0) return { bestOfMrr: Number.NaN, unionPrecision: Number.NaN, ceilingPrecision: Number.NaN };
  let bestOf = 0;
  let union = 0;
  let ceiling = 0;
  for (const { engine, baseline, truth } of pairs) {
    bestOf += Math.max(scoreRanking(engine, truth, k).reciprocalRank, scoreRanking(baseline, truth, k).reciprocalRank);
    const relevant = new Set(truth);
    const found = new Set([...engine.slice(0, k), ...baseline.slice(0, k)].filter((item) => relevant.has(item)));
    union += Math.min(k, found.size) / k;
    ceiling += Math.min(k, relevant.size) / k;
  }
  return { bestOfMrr: bestOf / pairs.length, unionPrecision: union / pairs.length, ceilingPrecision: ceiling / pairs.length };
}

/** Means of each score over many rankings, as `{ precision, recall, hit, reciprocalRank }`. */
export function meanScores(scores) {
  const keys = ['precision', 'recall', 'hit', 'reciprocalRank'];
  return Object.fromEntries(keys.map((key) => [key, scores.length === 0 ? 0 : scores.reduce((s, x) => s + x[key], 0) / scores.length]));
}

/**
 * Line ranges of the old (parent) side that a `git diff -U0` touched, per old path. A pure
 * insertion (`-12,0`) touches the line it follows, so the symbol that receives it counts.
 */
export function touchedLines(diffText) {
  const touched = new Map();
  let path;
  for (const line of diffText.split('\n')) {
    if (line.startsWith('--- ')) {
      path = line === '--- /dev/null' ? undefined : line.slice(4).replace(/^a\//, '');
      if (path !== undefined && !touched.has(path)) touched.set(path, []);
      continue;
    }
    const hunk = /^@@ -(\d+)(?:,(\d+))? \+/.exec(line);
    if (!hunk || path === undefined) continue;
    const start = Number(hunk[1]);
    const count = hunk[2] === undefined ? 1 : Number(hunk[2]);
    touched.get(path).push(count === 0 ? [Math.max(1, start), Math.max(1, start)] : [start, start + count - 1]);
  }
  return touched;
}

/**
 * The symbols a diff touched: nodes (`{ nodeHash, kind, line, endLine, path }`) whose line
 * range meets a touched range of their file. Modules span their whole file, so a change
 * anywhere would "touch" them: they are left out.
 */
export function changedSymbols(nodes, touched) {
  const changed = new Set();
  for (const node of nodes) {
    if (node.kind === 'module') continue;
    const ranges = touched.get(node.path);
    if (!ranges) continue;
    if (ranges.some(([start, end]) => node.line <= end && node.endLine >= start)) changed.add(node.nodeHash);
  }
  return changed;
}

/** Median of numbers (the mean of the middle two for an even count); NaN for none. */
export function median(values) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
