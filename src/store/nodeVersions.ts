import type { GraphNode, Hash } from '../model';

/** Whether two versions of a node row are the same: nothing shown or hashed about it changed. */
export function sameNodeVersion(a: GraphNode, b: GraphNode): boolean {
  return a.line === b.line && a.column === b.column && a.endLine === b.endLine && a.signature === b.signature
    && a.bodyHash === b.bodyHash && a.doc === b.doc && a.kind === b.kind && a.qualifiedName === b.qualifiedName;
}

export interface NodeVersionChanges {
  /** Live versions that change: closed, then their new versions inserted. */
  readonly replaced: readonly Hash[];
  /** New versions to insert, those of `replaced` and new nodes, each node once. */
  readonly insert: readonly GraphNode[];
  /** Nodes the file did not hold live before. */
  readonly fresh: ReadonlySet<Hash>;
  /** Live nodes the file no longer has: closed. */
  readonly gone: readonly Hash[];
}

/**
 * What replacing a file's live nodes with `nodes` changes, worked out the same way for both
 * backends: an unchanged node keeps its row, a changed one gets a new version.
 */
export function nodeVersionChanges(live: readonly GraphNode[], nodes: readonly GraphNode[]): NodeVersionChanges {
  const remaining = new Map(live.map((n) => [n.nodeHash, n]));
  const replaced: Hash[] = [];
  const insert: GraphNode[] = [];
  const fresh = new Set<Hash>();
  const seen = new Set<Hash>();
  for (const node of nodes) {
    if (seen.has(node.nodeHash)) continue;
    seen.add(node.nodeHash);
    const old = remaining.get(node.nodeHash);
    remaining.delete(node.nodeHash);
    if (old && sameNodeVersion(old, node)) continue;
    if (old) replaced.push(old.nodeHash);
    else fresh.add(node.nodeHash);
    insert.push(node);
  }
  return { replaced, insert, fresh, gone: [...remaining.keys()] };
}
