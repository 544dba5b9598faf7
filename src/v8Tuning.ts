import * as v8 from 'node:v8';

/**
 * V8's budget before it optimises a function (`--interrupt-budget`), four times its
 * default. An index is a short batch through a large body of code (the extractors, the
 * linker), and every parse worker's isolate compiles that code again for itself: with
 * the default, a worker indexing prometheus spent about 1 s of its 4.8 s in the optimising
 * compiler (355 functions, 1.09 s by `--trace-opt`), on the same two cores as the other
 * worker. With four times the budget only the functions that stay hot are optimised: a
 * cold `ckg index` 0.97x the time on prometheus and 0.92x on vuejs/core (bench/RESULTS.md,
 * "V8's optimisation budget").
 */
const INTERRUPT_BUDGET = 4 * 67_584;

/**
 * Raises V8's optimisation budget for this process, its parse workers included (V8's flags
 * are process-wide): called first thing by `ckg` and the graph server. Only on V8 11 (Node
 * 20), where it was measured: V8 prints an error for a flag it does not know, and newer
 * V8s tier differently.
 */
export function tuneV8ForIndexing(): void {
  if (!process.versions.v8.startsWith('11.')) return;
  v8.setFlagsFromString(`--interrupt-budget=${INTERRUPT_BUDGET}`);
}
