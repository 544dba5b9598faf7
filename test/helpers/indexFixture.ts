import * as path from 'node:path';
import { RepoIndexer } from '../../src/index/repoIndexer';
import { type GraphEdge, type GraphNode, QualifiedName } from '../../src/model';
import { type GraphReader, type GraphStore, type SnapshotLog, openStore } from '../../src/store';

export const FIXTURE_REPOS = path.join(__dirname, '..', 'fixtures', 'repos');

/** Indexes a fixture repo into a fresh in-memory store under a fixed repo URL. */
export async function indexFixture(name: string): Promise<GraphStore> {
  const store = await openStore(':memory:');
  await new RepoIndexer(store).index({ repoPath: path.join(FIXTURE_REPOS, name), repoUrl: `fixtures/${name}` });
  return store;
}

/** `<package>.<Symbol>` without the repo URL: what golden files and caret assertions name. */
export function localName(qualifiedName: string): string {
  return QualifiedName.localPart(qualifiedName);
}

/**
 * The whole live graph as stable, sorted text: nodes, edges, routes. Golden files hold
 * this, so a diff reads as "what the graph gained or lost".
 */
export async function dumpGraph(store: GraphStore): Promise<string> {
  const files = new Map((await store.liveFileRecords()).map((f) => [f.fileHash, f.path]));
  const nodes = await liveNodes(store);
  const names = new Map(nodes.map((n) => [n.nodeHash, localName(n.qualifiedName)]));
  const nodeLines = nodes
    .map((n) => `${n.kind.padEnd(9)} ${localName(n.qualifiedName)}${n.fileHash ? `  @${files.get(n.fileHash)}:${n.line}` : ''}`)
    .sort();
  const edgeLines = (await store.liveEdges())
    .map((e) => `${e.edgeType.padEnd(13)} ${names.get(e.sourceHash) ?? e.sourceHash} -> ${names.get(e.targetHash) ?? e.targetHash}`
      + `  [${e.provenance} ${e.confidence}]  @${e.callSiteFile}:${e.callSiteLine}:${e.callSiteCol}${laterSites(e)}`)
    .sort();
  const routeLines = (await store.routeSymbols())
    .map((r) => `${r.mappingType.padEnd(11)} ${r.serviceName} ${r.routePattern} -> ${names.get(r.nodeHash) ?? r.nodeHash}`)
    .sort();
  return [`# nodes (${nodeLines.length})`, ...nodeLines, '', `# edges (${edgeLines.length})`, ...edgeLines, '',
    `# routes (${routeLines.length})`, ...routeLines, ''].join('\n');
}

/** An edge's sites after the first: ` +line:col` each, with the file when it is another. */
function laterSites(edge: GraphEdge): string {
  return edge.laterCallSites.map((s) => ` +${s.file === edge.callSiteFile ? '' : `${s.file}:`}${s.line}:${s.col}`).join('');
}

/** Every live node of every indexed repository. */
export async function liveNodes(store: GraphReader & SnapshotLog): Promise<GraphNode[]> {
  const nodes: GraphNode[] = [];
  for (const repo of await store.repos()) nodes.push(...await store.liveNodesOfRepo(repo.repoHash));
  return nodes;
}

/** The local name of every live node (and of any other node hash asked for, the hash itself). */
export async function nodeNames(store: GraphReader & SnapshotLog): Promise<(hash: string) => string> {
  const names = new Map((await liveNodes(store)).map((n) => [n.nodeHash, localName(n.qualifiedName)]));
  for (const node of await store.liveNodesOutsideRepos()) names.set(node.nodeHash, localName(node.qualifiedName));
  return (hash) => names.get(hash) ?? hash;
}
