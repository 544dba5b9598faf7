import type { Tree } from 'web-tree-sitter';
import { walkTree } from './treeSitterRuntime';
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
 *
 * A tree of n nodes cannot cost more than n² by this count: a node's levels and the
 * siblings before it are distinct nodes. When n² fits well within what is left of the
 * budget the walk could not cut the file off, so that bound is charged without it (most
 * files: 640 of 727 Go files of one large repository).
 */
export function chargeQueryCost(tree: Tree, meter: WorkMeter): void {
  const nodes = tree.rootNode.descendantCount;
  const bound = nodes * nodes;
  if (!meter.wouldExceed(2 * bound)) {
    meter.spend(bound, 'query');
    return;
  }
  walkQueryCost(tree, meter);
}

/**
 * The walk chargeQueryCost describes, charging as it goes. `direct: false` walks with
 * web-tree-sitter's public cursor (the tests compare the two walks).
 */
export function walkQueryCost(tree: Tree, meter: WorkMeter, direct = true): void {
  const cursor = walkTree(tree, direct);
  /** Per open level: anonymous siblings seen since the last named one. */
  const runs: number[] = [0];
  let pending = 0;
  let nodes = 0;
  try {
    for (;;) {
      const level = runs.length - 1;
      if (cursor.isNamed()) {
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
