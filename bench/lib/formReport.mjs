// Per-call-form figures of compareCalls (byForm / byGroup): the console table and the rows
// of the "by call form" sections of RESULTS.md, shared by every oracle.
import { appendResultRow } from './results.mjs';

/** Columns of a "Call-edge accuracy by call form" section. */
export const FORM_COLUMNS = ['date', 'engine', 'corpus', 'call form', 'sites of C', 'site recall', 'pairs', 'pair recall', '|R| at this form', 'precision'];

/** The description of a "by call form" section; `oracle` names the checker. */
export function formSectionDescription(oracle, command) {
  return `One row per call form and run of \`${command}\`, beside the overall row of the section above.
sites of C = ${oracle} call sites of that form resolving to an in-repo function or method;
site recall = those where we have an edge to that callee at that exact site; pairs = the
(caller, callee) pairs of C with at least one site of that form: a pair counts under every
form it has a site of, and is recalled there when we have its edge at any of its sites (as
overall pair recall counts it); |R| at this form = our resolved edges (one per kept call
site) at a site of that form, whose precision is the share the checker agrees with.`;
}

function fmt(value, digits = 3) {
  return Number.isFinite(value) ? value.toFixed(digits) : 'n/a';
}

/** Prints one line per form: sites, site recall, pairs, pair recall, R, precision. */
export function printFormTable(out, title, byForm) {
  const entries = Object.entries(byForm ?? {});
  if (entries.length === 0) return;
  const width = Math.max(...entries.map(([form]) => form.length), 9);
  out(`\n${title}`);
  out(`  ${'call form'.padEnd(width)}  ${'sites'.padStart(6)} ${'site rec'.padStart(8)}  ${'pairs'.padStart(6)} ${'pair rec'.padStart(8)}  ${'|R|'.padStart(6)} ${'precision'.padStart(9)}`);
  for (const [form, f] of entries) {
    out(`  ${form.padEnd(width)}  ${String(f.C).padStart(6)} ${fmt(f.siteRecall).padStart(8)}  ${String(f.pairs).padStart(6)} ${fmt(f.pairRecall).padStart(8)}  ${String(f.R).padStart(6)} ${fmt(f.precision).padStart(9)}`);
  }
}

/** RESULTS.md rows (FORM_COLUMNS order) for every form; `head` = [date, engine, corpus]. */
export function formRows(head, byForm) {
  return Object.entries(byForm ?? {}).map(([form, f]) => [
    ...head, `\`${form}\``, f.C, fmt(f.siteRecall), f.pairs, fmt(f.pairRecall), f.R, fmt(f.precision),
  ]);
}

/**
 * Appends one run's rows to a "by call form" section: a row per group of forms (when the
 * oracle groups them, as `group: <name>`), then a row per form. `pass`, when given, is
 * the label of what built the graph (`index`, `+enrich`, `+scip`), in a last column that
 * older rows leave empty. Returns how many of each.
 */
export function appendFormRows(section, description, head, { byGroup, byForm }, pass = undefined) {
  const groups = formRows(head, Object.fromEntries(Object.entries(byGroup ?? {}).map(([g, f]) => [`group: ${g}`, f])));
  const forms = formRows(head, byForm);
  const columns = pass === undefined ? FORM_COLUMNS : [...FORM_COLUMNS, 'pass'];
  for (const row of [...groups, ...forms]) appendResultRow(section, description, columns, pass === undefined ? row : [...row, pass]);
  return { groups: groups.length, forms: forms.length };
}

export { fmt };

/** The most common mismatch patterns, each with its examples. */
export function printPatterns(out, patterns) {
  out('\n15 most common mismatch patterns:');
  patterns.forEach((p, n) => {
    out(`${String(n + 1).padStart(3)}. [${p.count}] ${p.pattern}`);
    for (const e of p.examples) out(`       ${e}`);
  });
}
