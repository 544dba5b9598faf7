// The context evaluation's printed tables and its rows in bench/RESULTS.md.
import { meanScores, reachableScores } from './contextMetrics.mjs';

/** The task variants, in table order: the commit message two ways, and one of the commit's changed files. */
export const VARIANTS = ['raw', 'names-stripped', 'one file'];
/** The ranking methods of each variant, in table order. */
export const METHODS = {
  raw: ['context_for_task', 'BM25', 'git grep'],
  'names-stripped': ['context_for_task', 'BM25', 'git grep'],
  'one file': ['context_for_files', 'context_for_pr', 'co-change'],
};
/** The engine's methods, whose calls are timed. */
const TIMED = new Set(['context_for_task', 'context_for_files', 'context_for_pr']);

export const SECTION = 'Context against lexical baselines (issue 16)';
export const SECTION_DESCRIPTION = `Rows from \`npm run bench:context -- <repo> [--n 40] [--seed 16]\`. Commits are picked with
a seed among the newest \`--window\` of the history: non-merge, 1-8 changed source files
outside tests (languages the graph reads, YAML excepted), not a dependency bump, a cleaned
message of 5 words or more. Each parent is indexed (one store per run, re-indexed commit
to commit) and asked three ways with the commit message, raw (issue numbers, URLs and
trailers removed) or names-stripped (camelCase, snake_case, dotted or slashed tokens,
calls, backticks, commit scopes, file names and folder names like runtime-core removed): context_for_task through an MCP client (json
format, default budget; files in the order of their first symbol), whole-file BM25 over
the graph's source files (k1 1.2, b 0.75, identifiers split into camel/snake parts), and
\`git grep -w -i\` of the message's words (files by distinct words hit). Truth = the
commit's changed source files outside tests that exist in the parent; P@10 = hits in the
top 10 over 10, R@10 over the truth, Hit@10 any hit, MRR = mean 1/rank of the first hit.
symbol P@10 = context symbols in the top 10 whose line range the diff touched (parent
side; modules left out) over 10, over the commits whose diff touched a symbol. ms/call =
median context_for_task call, both variants. Variant "one file" (commits with two or more
truth files): context_for_files and context_for_pr are given the truth file first by path
(json format, default budget) and scored on the commit's other truth files, beside
co-change: the files that changed with the given one in the newest 500 commits touching
it before the parent, by count; ms/call = their median call. ms/call 50k (later rows) =
median context_for_task call with the raw message and token_budget 50,000 (asked once
more per commit, not scored; the reply cap lowers such a budget and says so in _meta).`;
export const COLUMNS = [
  'date', 'machine', 'engine', 'corpus', 'commits', 'seed', 'n', 'variant', 'method',
  'P@10', 'R@10', 'Hit@10', 'MRR', 'symbol P@10', 'ms/call', 'command', 'ms/call 50k',
];

const fixed = (x) => (Number.isFinite(x) ? x.toFixed(3) : '-');

/** Mean scores per variant and method from per-commit results `{ variant, method, score, symbolPrecision? }`. */
export function summarize(results) {
  const summary = [];
  for (const variant of VARIANTS) {
    for (const method of METHODS[variant]) {
      const mine = results.filter((r) => r.variant === variant && r.method === method);
      const symbols = mine.filter((r) => r.symbolPrecision !== undefined).map((r) => r.symbolPrecision);
      summary.push({
        variant, method, ...meanScores(mine.map((r) => r.score)),
        symbolPrecision: symbols.length === 0 ? Number.NaN : symbols.reduce((a, b) => a + b, 0) / symbols.length,
      });
    }
  }
  return summary;
}

/** One markdown table per variant: method, P@10, R@10, Hit@10, MRR, symbol P@10. */
export function printedTables(summary, title) {
  const lines = [];
  for (const variant of VARIANTS) {
    lines.push('', `${title}, ${variant}`, '', '| method | P@10 | R@10 | Hit@10 | MRR | symbol P@10 |', '|---|---|---|---|---|---|');
    for (const s of summary.filter((x) => x.variant === variant)) {
      lines.push(`| ${s.method} | ${fixed(s.precision)} | ${fixed(s.recall)} | ${fixed(s.hit)} | ${fixed(s.reciprocalRank)} | ${fixed(s.symbolPrecision)} |`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** Issue 16's bar: context_for_task's MRR and P@10 over whole-file BM25's on the same commits. */
export const BAR = { reciprocalRank: 1.25, precision: 1.15 };

/**
 * Per task variant, the bar beside what fusing context_for_task's and BM25's rankings
 * could reach at most (contextMetrics.reachableScores): a bar above the best-of MRR or the
 * union P@10 cannot be met by re-ranking the files either method finds.
 * `pairs`: variant -> per-commit `{ engine, baseline, truth }`.
 */
export function printedReach(summary, pairs) {
  const lines = ['', 'reach (bar = 1.25 x BM25 MRR, 1.15 x BM25 P@10; best-of = the better first hit of context_for_task and BM25 per commit; union = every truth file either top 10 holds)', ''];
  for (const [variant, list] of Object.entries(pairs)) {
    const bm25 = summary.find((s) => s.variant === variant && s.method === 'BM25');
    if (!bm25 || list.length === 0) continue;
    const reach = reachableScores(list);
    lines.push(`${variant}: MRR bar ${fixed(BAR.reciprocalRank * bm25.reciprocalRank)}, best-of ${fixed(reach.bestOfMrr)}; `
      + `P@10 bar ${fixed(BAR.precision * bm25.precision)}, union ${fixed(reach.unionPrecision)}, ceiling ${fixed(reach.ceilingPrecision)}`);
  }
  return `${lines.join('\n')}\n`;
}

/** RESULTS.md rows (COLUMNS order), one per variant and method; `run` holds the shared cells and each timed method's median ms. */
export function resultRows(summary, run) {
  return summary.map((s) => [
    run.date, run.machine, run.engine, run.corpus, run.commits, run.seed, run.n, s.variant, s.method,
    fixed(s.precision), fixed(s.recall), fixed(s.hit), fixed(s.reciprocalRank), fixed(s.symbolPrecision),
    TIMED.has(s.method) ? fixedMs(run.msPerCall[s.method]) : '', run.command,
    s.method === 'context_for_task' && s.variant === 'raw' ? fixedMs(run.msPerLargeCall) : '',
  ]);
}

function fixedMs(ms) {
  return Number.isFinite(ms) ? Math.round(ms) : '-';
}
