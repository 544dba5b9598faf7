import { type EdgeType, type GraphEdge, type GraphNode, type Hash, isHash } from '../model';
import type { GraphView } from './graphView';
import { compareStrings } from './viewIndex';

/**
 * Differences between two views of the graph (usually two snapshots of one repo).
 *
 * The raw diff (snapshot_diff, SPEC §4.3) compares identities: a node or edge hash present
 * in one view only. The semantic diff (semantic_diff, SPEC §4.5) compares meaning: a node
 * is *modified* when it keeps its hash (same name and kind) but its body or signature
 * changed, or the set of edges leaving it changed. Edges are compared by (source, target,
 * type): a provenance upgrade (ast_inferred to lsp_resolved) changes an edge's hash but
 * not what the code does, so it shows in the raw diff only.
 */
export const SNAPSHOT_DIFF_DEFAULTS = {
  /** Compare only nodes of this repo and the edges leaving them; '' compares everything. */
  repoHash: '',
} as const;

export interface SnapshotDiffOptions {
  readonly repoHash?: Hash | '';
}

export interface RawDiff {
  /** Nodes by qualified name, then kind; edges by source name, target name, type, provenance. */
  readonly nodesAdded: readonly GraphNode[];
  readonly nodesRemoved: readonly GraphNode[];
  readonly edgesAdded: readonly GraphEdge[];
  readonly edgesRemoved: readonly GraphEdge[];
}

export interface SemanticEdge {
  readonly source: GraphNode;
  readonly target: GraphNode;
  readonly edgeType: EdgeType;
  /** The highest confidence among the parallel edges of this (source, target, type). */
  readonly confidence: number;
}

export interface ModifiedNode {
  /** The node as of the new view. */
  readonly node: GraphNode;
  readonly before: GraphNode;
  readonly bodyChanged: boolean;
  readonly signatureChanged: boolean;
  /** Edges leaving this node that were added or removed. */
  readonly edgesAdded: readonly SemanticEdge[];
  readonly edgesRemoved: readonly SemanticEdge[];
}

export interface SemanticDiff {
  readonly nodesAdded: readonly GraphNode[];
  readonly nodesRemoved: readonly GraphNode[];
  readonly nodesModified: readonly ModifiedNode[];
  readonly edgesAdded: readonly SemanticEdge[];
  readonly edgesRemoved: readonly SemanticEdge[];
}

export function rawDiff(oldView: GraphView, newView: GraphView, options: SnapshotDiffOptions = {}): RawDiff {
  const { repoHash } = resolveOptions(options);
  const oldEdges = edgeMap(oldView, repoHash);
  const newEdges = edgeMap(newView, repoHash);
  return {
    nodesAdded: onlyIn(newView, oldView, repoHash),
    nodesRemoved: onlyIn(oldView, newView, repoHash),
    edgesAdded: sortEdges(newView, [...newEdges.values()].filter((e) => !oldEdges.has(e.edgeHash))),
    edgesRemoved: sortEdges(oldView, [...oldEdges.values()].filter((e) => !newEdges.has(e.edgeHash))),
  };
}

export function semanticDiff(oldView: GraphView, newView: GraphView, options: SnapshotDiffOptions = {}): SemanticDiff {
  const { repoHash } = resolveOptions(options);
  const before = semanticEdges(oldView, repoHash);
  const after = semanticEdges(newView, repoHash);
  const edgesAdded = sortSemantic([...after].filter(([key]) => !before.has(key)).map(([, e]) => e));
  const edgesRemoved = sortSemantic([...before].filter(([key]) => !after.has(key)).map(([, e]) => e));

  const addedFrom = groupBySource(edgesAdded);
  const removedFrom = groupBySource(edgesRemoved);
  const nodesModified: ModifiedNode[] = [];
  for (const node of newView.nodes.values()) {
    if (repoHash && node.repoHash !== repoHash) continue;
    const old = oldView.nodes.get(node.nodeHash);
    if (!old) continue;
    const bodyChanged = old.bodyHash !== node.bodyHash;
    const signatureChanged = old.signature !== node.signature;
    const added = addedFrom.get(node.nodeHash) ?? [];
    const removed = removedFrom.get(node.nodeHash) ?? [];
    if (bodyChanged || signatureChanged || added.length > 0 || removed.length > 0) {
      nodesModified.push({ node, before: old, bodyChanged, signatureChanged, edgesAdded: added, edgesRemoved: removed });
    }
  }
  nodesModified.sort((a, b) => byNode(a.node, b.node));
  return {
    nodesAdded: onlyIn(newView, oldView, repoHash),
    nodesRemoved: onlyIn(oldView, newView, repoHash),
    nodesModified,
    edgesAdded,
    edgesRemoved,
  };
}

function resolveOptions(options: SnapshotDiffOptions): { repoHash: Hash | '' } {
  const repoHash = options.repoHash ?? SNAPSHOT_DIFF_DEFAULTS.repoHash;
  if (repoHash !== '' && !isHash(repoHash)) throw new Error('graph/snapshotDiff: repoHash must be 64 lowercase hex characters or empty');
  return { repoHash };
}

function onlyIn(view: GraphView, other: GraphView, repoHash: Hash | ''): GraphNode[] {
  const out: GraphNode[] = [];
  for (const node of view.nodes.values()) {
    if ((!repoHash || node.repoHash === repoHash) && !other.nodes.has(node.nodeHash)) out.push(node);
  }
  return out.sort(byNode);
}

/** The edges of a view whose source node belongs to the repo (all when no repo is given). */
function edgeMap(view: GraphView, repoHash: Hash | ''): Map<Hash, GraphEdge> {
  const map = new Map<Hash, GraphEdge>();
  view.forEachEdge((edge) => {
    if (!repoHash || view.nodes.get(edge.sourceHash)?.repoHash === repoHash) map.set(edge.edgeHash, edge);
  });
  return map;
}

function semanticEdges(view: GraphView, repoHash: Hash | ''): Map<string, SemanticEdge> {
  const map = new Map<string, SemanticEdge>();
  for (const edge of edgeMap(view, repoHash).values()) {
    const source = view.nodes.get(edge.sourceHash);
    const target = view.nodes.get(edge.targetHash);
    if (!source || !target) continue;
    const key = `${edge.sourceHash}\0${edge.targetHash}\0${edge.edgeType}`;
    const known = map.get(key);
    if (!known || edge.confidence > known.confidence) map.set(key, { source, target, edgeType: edge.edgeType, confidence: edge.confidence });
  }
  return map;
}

function groupBySource(edges: readonly SemanticEdge[]): Map<Hash, SemanticEdge[]> {
  const map = new Map<Hash, SemanticEdge[]>();
  for (const edge of edges) {
    const list = map.get(edge.source.nodeHash);
    if (list) list.push(edge);
    else map.set(edge.source.nodeHash, [edge]);
  }
  return map;
}

function sortEdges(view: GraphView, edges: GraphEdge[]): GraphEdge[] {
  const name = (hash: Hash): string => view.nodes.get(hash)?.qualifiedName ?? hash;
  return edges.sort((a, b) => compareStrings(name(a.sourceHash), name(b.sourceHash)) || compareStrings(name(a.targetHash), name(b.targetHash))
    || compareStrings(a.edgeType, b.edgeType) || compareStrings(a.provenance, b.provenance));
}

function sortSemantic(edges: SemanticEdge[]): SemanticEdge[] {
  return edges.sort((a, b) => byNode(a.source, b.source) || byNode(a.target, b.target) || compareStrings(a.edgeType, b.edgeType));
}

function byNode(a: GraphNode, b: GraphNode): number {
  return compareStrings(a.qualifiedName, b.qualifiedName) || compareStrings(a.kind, b.kind);
}
