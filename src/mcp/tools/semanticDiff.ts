import { z } from 'zod';
import type { GraphView } from '../../graph/graphView';
import { type SemanticEdge, semanticDiff } from '../../graph/snapshotDiff';
import type { GraphNode } from '../../model';
import { SNAPSHOT_PAIR_ARGS, snapshotPair } from '../args';
import { defineTool } from '../tool';
import { NamedEdgeSchema, objectOutput } from '../wire';

/** SPEC 4.5 `{source_name, target_name, edge_type, confidence}`. */
export function namedEdge(edge: SemanticEdge): { source_name: string; target_name: string; edge_type: string; confidence: number } {
  return { source_name: edge.source.qualifiedName, target_name: edge.target.qualifiedName, edge_type: edge.edgeType, confidence: edge.confidence };
}

function describedNode(view: GraphView, node: GraphNode) {
  return {
    qualified_name: node.qualifiedName, kind: node.kind, file: view.pathOf(node), line: node.line, signature: node.signature,
    node_hash: node.nodeHash,
  };
}

/**
 * SPEC 4.5 semantic_diff. A node is modified when it keeps its hash (same name and kind)
 * and its body, its signature or the set of edges leaving it changed; `edges_added` and
 * `edges_removed` of a modified node are counts of those outgoing edges (the lists are in
 * the top-level `edges_added`/`edges_removed`, whose `source_name` is the node).
 */
export const tool = defineTool({
  name: 'semantic_diff',
  title: 'Semantic diff of two snapshots',
  category: 'Analysis',
  description:
    'What changed between two snapshots of one repository, by meaning: symbols added and removed (with file, line, '
    + 'signature, node_hash), symbols modified (same symbol, changed body, signature or outgoing edges; with counts of '
    + 'edges added and removed), edges added and removed as {source_name, target_name, edge_type, confidence} '
    + '(compared by source, target and type, so a provenance upgrade is not a change), and a summary of counts.',
  inputSchema: SNAPSHOT_PAIR_ARGS,
  outputSchema: objectOutput({
    old_snapshot: z.string(), new_snapshot: z.string(), nodes_added: z.array(z.looseObject({})), nodes_removed: z.array(z.looseObject({})),
    nodes_modified: z.array(z.looseObject({})), edges_added: z.array(NamedEdgeSchema), edges_removed: z.array(NamedEdgeSchema),
    summary: z.looseObject({}),
  }),
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  async handler({ old_snapshot, new_snapshot }, deps) {
    const pair = await snapshotPair(deps, old_snapshot, new_snapshot);
    const diff = semanticDiff(pair.oldView, pair.newView, { repoHash: pair.old.repoHash });
    return {
      result: {
        old_snapshot,
        new_snapshot,
        nodes_added: diff.nodesAdded.map((n) => describedNode(pair.newView, n)),
        nodes_removed: diff.nodesRemoved.map((n) => describedNode(pair.oldView, n)),
        nodes_modified: diff.nodesModified.map((m) => ({
          qualified_name: m.node.qualifiedName,
          kind: m.node.kind,
          edges_added: m.edgesAdded.length,
          edges_removed: m.edgesRemoved.length,
          body_changed: m.bodyChanged,
          signature_changed: m.signatureChanged,
          file: pair.newView.pathOf(m.node),
          line: m.node.line,
          node_hash: m.node.nodeHash,
        })),
        edges_added: diff.edgesAdded.map(namedEdge),
        edges_removed: diff.edgesRemoved.map(namedEdge),
        summary: {
          nodes_added: diff.nodesAdded.length,
          nodes_removed: diff.nodesRemoved.length,
          nodes_modified: diff.nodesModified.length,
          edges_added: diff.edgesAdded.length,
          edges_removed: diff.edgesRemoved.length,
        },
      },
    };
  },
});
