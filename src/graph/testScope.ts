import { type GraphNode, type Hash, QualifiedName } from '../model';
import type { GraphView } from './graphView';
import { compareStrings, packagePathOf } from './viewIndex';

/**
 * The tests a change can break (test_scope, SPEC §4.9, DESIGN §5): breadth-first backwards
 * through `calls` edges from the changed symbols to nodes of kind `test`. The extractors
 * decide what a test is (Go Test and Benchmark functions, pytest test_ functions,
 * describe/it/test titles in JS/TS test files...), so any test node reached counts,
 * whatever its language. A changed symbol that is itself a test is in scope at depth 0.
 */
export const TEST_SCOPE_DEFAULTS = {
  depth: 3,
  /** Bounds the walk on huge fan-in; hitting it marks the result truncated. */
  maxVisited: 100_000,
} as const;

export interface TestScopeOptions {
  readonly depth?: number;
  readonly maxVisited?: number;
}

export interface ScopedTest {
  readonly node: GraphNode;
  /** Hops from the nearest changed symbol. */
  readonly depth: number;
  /** The test's package path: its qualified name's local part without the symbol. */
  readonly packagePath: string;
  /** The test's name inside its package (`TestLookup`, `Suite.test_x`, `A > b`). */
  readonly symbol: string;
  /** Repo-relative path of the test's file. */
  readonly path: string;
  /** The file's language id (`go`, `python`, `typescript`...). */
  readonly language: string;
}

export interface TestScopeResult {
  /** By qualified name. */
  readonly tests: readonly ScopedTest[];
  readonly truncated: boolean;
}

export function testsInScope(view: GraphView, startHashes: readonly Hash[], options: TestScopeOptions = {}): TestScopeResult {
  const depth = options.depth ?? TEST_SCOPE_DEFAULTS.depth;
  const maxVisited = options.maxVisited ?? TEST_SCOPE_DEFAULTS.maxVisited;
  if (!Number.isInteger(depth) || depth < 0) throw new Error('graph/testScope: depth must be a non-negative integer');
  if (!Number.isInteger(maxVisited) || maxVisited < 1) throw new Error('graph/testScope: maxVisited must be a positive integer');

  const seen = new Set<Hash>();
  let frontier: GraphNode[] = [];
  for (const hash of startHashes) {
    const node = view.nodes.get(hash);
    if (!node) throw new Error(`graph/testScope: no node with hash ${hash}`);
    if (!seen.has(hash)) frontier.push(node);
    seen.add(hash);
  }
  const tests: ScopedTest[] = [];
  let truncated = false;
  for (let level = 0; frontier.length > 0; level++) {
    for (const node of frontier) if (node.kind === 'test') tests.push(scoped(view, node, level));
    // After a cut the level reached so far is still inspected, then the walk stops.
    if (level === depth || truncated) break;
    const next: GraphNode[] = [];
    for (const node of frontier) {
      for (const edge of view.incoming(node.nodeHash, 'calls')) {
        const caller = view.nodes.get(edge.sourceHash);
        if (!caller || seen.has(caller.nodeHash)) continue;
        if (seen.size >= maxVisited) {
          truncated = true;
          break;
        }
        seen.add(caller.nodeHash);
        next.push(caller);
      }
      if (truncated) break;
    }
    frontier = next;
  }
  tests.sort((a, b) => compareStrings(a.node.qualifiedName, b.node.qualifiedName));
  return { tests, truncated };
}

function scoped(view: GraphView, node: GraphNode, depth: number): ScopedTest {
  const packagePath = packagePathOf(view, node);
  const local = QualifiedName.localPart(node.qualifiedName);
  const symbol = local.startsWith(`${packagePath}.`) ? local.slice(packagePath.length + 1) : local;
  const path = view.pathOf(node);
  const language = (node.fileHash && view.files.get(node.fileHash)?.language) || '';
  return { node, depth, packagePath, symbol, path, language };
}
