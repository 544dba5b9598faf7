import { type CallSite, type GraphEdge, NO_LATER_CALL_SITES, type RepoRecord, type ServiceFolder, type SnapshotRecord } from '../model';

// How both backends write records into columns and read them back: the same text in the
// same columns, so a graph file and a PostgreSQL graph hold the same values.

/** The later_call_sites column (migration 007): '' for none, else [line, col] or [file, line, col] per site. */
export function encodeLaterCallSites(edge: GraphEdge): string {
  if (edge.laterCallSites.length === 0) return '';
  return JSON.stringify(edge.laterCallSites.map((s) => (s.file === edge.callSiteFile ? [s.line, s.col] : [s.file, s.line, s.col])));
}

export function decodeLaterCallSites(text: string, firstFile: string): readonly CallSite[] {
  if (text === '') return NO_LATER_CALL_SITES;
  return (JSON.parse(text) as Array<[number, number] | [string, number, number]>).map((site) => (site.length === 2
    ? { file: firstFile, line: site[0], col: site[1] }
    : { file: site[0], line: site[1], col: site[2] }));
}

/** repos.services: the declared service folders as JSON, '' when there are none. */
export function servicesColumn(services: readonly ServiceFolder[] | undefined): string {
  return services && services.length > 0 ? JSON.stringify(services.map((s) => ({ name: s.name, path: s.path }))) : '';
}

/** A repository row read as (repo hash, repo_url, root_path, service_name, services). */
export function repoFromRow(row: readonly unknown[]): RepoRecord {
  const services = row[4] ? (JSON.parse(row[4] as string) as ServiceFolder[]) : undefined;
  return {
    repoHash: row[0] as string, repoUrl: row[1] as string, rootPath: row[2] as string, serviceName: row[3] as string,
    ...(services && services.length > 0 ? { services } : {}),
    ...(row[5] ? { layoutDigest: row[5] as string } : {}),
  };
}

/**
 * snapshots.kind_counts (migration 016): JSON {"nodes": {kind: n}, "edges": {type: n}}, ''
 * when the snapshot was not counted by kind.
 */
export function kindCountsColumn(snapshot: SnapshotRecord): string {
  if (!snapshot.nodesByKind || !snapshot.edgesByType) return '';
  return JSON.stringify({ nodes: snapshot.nodesByKind, edges: snapshot.edgesByType });
}

export function kindCountsFromColumn(column: string): Pick<SnapshotRecord, 'nodesByKind' | 'edgesByType'> {
  if (!column) return {};
  const { nodes, edges } = JSON.parse(column) as { nodes: Record<string, number>; edges: Record<string, number> };
  return { nodesByKind: nodes, edgesByType: edges };
}
