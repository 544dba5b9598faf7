import type { SnapshotRecord } from '../model';

// A snapshot's counts by kind and type as both backends store them (migration 016): JSON
// {"nodes": {kind: n}, "edges": {type: n}} in one text column, '' when it was not counted.

export function kindCountsColumn(snapshot: SnapshotRecord): string {
  if (!snapshot.nodesByKind || !snapshot.edgesByType) return '';
  return JSON.stringify({ nodes: snapshot.nodesByKind, edges: snapshot.edgesByType });
}

export function kindCountsFromColumn(column: string): Pick<SnapshotRecord, 'nodesByKind' | 'edgesByType'> {
  if (!column) return {};
  const { nodes, edges } = JSON.parse(column) as { nodes: Record<string, number>; edges: Record<string, number> };
  return { nodesByKind: nodes, edgesByType: edges };
}
