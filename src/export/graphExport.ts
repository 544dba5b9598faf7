import { type GraphEdge, type GraphNode, callSitesOf } from '../model';
import type { GraphReader, SnapshotLog } from '../store';

export type ExportFormat = 'jsonl' | 'graphml';
export const EXPORT_FORMATS: readonly ExportFormat[] = ['jsonl', 'graphml'];

interface ExportContext {
  readonly nodes: GraphNode[];
  readonly edges: GraphEdge[];
  readonly pathOfFile: Map<string, string>;
  readonly urlOfRepo: Map<string, string>;
}

async function gather(store: GraphReader & SnapshotLog): Promise<ExportContext> {
  const repos = await store.repos();
  const pathOfFile = new Map<string, string>();
  const nodes: GraphNode[] = [];
  for (const repo of repos) {
    for (const file of await store.liveFiles(repo.repoHash)) pathOfFile.set(file.fileHash, file.path);
    // One by one: push(...nodes) passes each node as an argument, past about 120k the stack overflows.
    for (const node of await store.liveNodesOfRepo(repo.repoHash)) nodes.push(node);
  }
  nodes.sort((a, b) => a.qualifiedName.localeCompare(b.qualifiedName) || a.kind.localeCompare(b.kind));
  const edges = (await store.liveEdges()).sort((a, b) => a.edgeHash.localeCompare(b.edgeHash));
  return { nodes, edges, pathOfFile, urlOfRepo: new Map(repos.map((r) => [r.repoHash, r.repoUrl])) };
}

/** The whole live graph, one JSON object per line: nodes first, then edges (sorted). */
export async function* exportJsonl(store: GraphReader & SnapshotLog): AsyncGenerator<string> {
  const { nodes, edges, pathOfFile, urlOfRepo } = await gather(store);
  for (const node of nodes) {
    yield `${JSON.stringify({
      type: 'node',
      hash: node.nodeHash,
      qualified_name: node.qualifiedName,
      kind: node.kind,
      repo_url: urlOfRepo.get(node.repoHash) ?? '',
      file: pathOfFile.get(node.fileHash) ?? '',
      line: node.line,
      signature: node.signature,
    })}\n`;
  }
  for (const edge of edges) {
    yield `${JSON.stringify({
      type: 'edge',
      hash: edge.edgeHash,
      source: edge.sourceHash,
      target: edge.targetHash,
      edge_type: edge.edgeType,
      provenance: edge.provenance,
      confidence: edge.confidence,
      call_site_file: edge.callSiteFile,
      call_site_line: edge.callSiteLine,
      call_site_col: edge.callSiteCol,
      // Every site, the first being call_site_*: one edge stands for every call of its pair.
      call_sites: callSitesOf(edge).map((site) => [site.file, site.line, site.col]),
      observation_count: edge.observationCount,
      last_observed: edge.lastObserved,
    })}\n`;
  }
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
function xml(text: string | number): string {
  return String(text).replace(/[&<>"']/g, (c) => XML_ESCAPES[c]).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');
}

/** GraphML for Gephi and yEd: node labels are qualified names; edges carry type and confidence. */
export async function* exportGraphml(store: GraphReader & SnapshotLog): AsyncGenerator<string> {
  const { nodes, edges, pathOfFile } = await gather(store);
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<graphml xmlns="http://graphml.graphdrawing.org/xmlns">\n';
  const keys: [string, string, string][] = [
    ['label', 'node', 'string'], ['kind', 'node', 'string'], ['file', 'node', 'string'], ['line', 'node', 'int'],
    ['edge_type', 'edge', 'string'], ['provenance', 'edge', 'string'], ['confidence', 'edge', 'double'],
  ];
  for (const [id, domain, type] of keys) yield `  <key id="${id}" for="${domain}" attr.name="${id}" attr.type="${type}"/>\n`;
  yield '  <graph id="ckg" edgedefault="directed">\n';
  const known = new Set<string>();
  for (const node of nodes) {
    known.add(node.nodeHash);
    yield `    <node id="${node.nodeHash}"><data key="label">${xml(node.qualifiedName)}</data><data key="kind">${node.kind}</data>`
      + `<data key="file">${xml(pathOfFile.get(node.fileHash) ?? '')}</data><data key="line">${node.line}</data></node>\n`;
  }
  for (const edge of edges) {
    if (!known.has(edge.sourceHash) || !known.has(edge.targetHash)) continue;
    yield `    <edge id="${edge.edgeHash}" source="${edge.sourceHash}" target="${edge.targetHash}"><data key="edge_type">${edge.edgeType}</data>`
      + `<data key="provenance">${xml(edge.provenance)}</data><data key="confidence">${edge.confidence}</data></edge>\n`;
  }
  yield '  </graph>\n</graphml>\n';
}
