import type { Tree } from 'web-tree-sitter';
import type { WorkMeter } from './workBudget';

/** Nodes counted between two charges to the meter: a charge per node would cost more than the walk. */
const CHARGE_EVERY = 4096;

/**
 * Charges the meter for what one query pass over the tree will cost, before running it:
 * one unit per node and per level it is nested at, plus, for each anonymous node, the
 * anonymous siblings before it in its run. tree-sitter's query cursor scans the later
 * siblings of an anonymous node for a named one, so a run of k anonymous nodes (100 KB of
 * `(` parses to one) costs k²/2 steps, 20 s for 100 KB; and a pattern waiting on a
 * sibling after a deep subtree costs the depth at every node (a generated chain
 * `a.b().c()…` tens of thousands deep). The walk itself is linear and stops as soon as
 * the budget is spent.
 */
export function chargeQueryCost(tree: Tree, meter: WorkMeter): void {
  const cursor = tree.walk();
  /** Per open level: anonymous siblings seen since the last named one. */
  const runs: number[] = [0];
  let pending = 0;
  let nodes = 0;
  try {
    for (;;) {
      const level = runs.length - 1;
      if (cursor.nodeIsNamed) {
        runs[level] = 0;
        pending += 1 + level;
      } else {
        pending += 1 + level + runs[level]!;
        runs[level]! += 1;
      }
      if (++nodes % CHARGE_EVERY === 0 || meter.wouldExceed(pending)) {
        meter.spend(pending, 'query');
        pending = 0;
      }
      if (cursor.gotoFirstChild()) {
        runs.push(0);
        continue;
      }
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent()) {
          meter.spend(pending, 'query');
          return;
        }
        runs.pop();
      }
    }
  } finally {
    cursor.delete();
  }
}
