import * as path from 'node:path';
import { RepoIndexer } from '../../src/index/repoIndexer';
import { QualifiedName } from '../../src/model';
import { type GraphStore, openSqlJsStore } from '../../src/store';

export const FIXTURE_REPOS = path.join(__dirname, '..', 'fixtures', 'repos');

/** Indexes a fixture repo into a fresh in-memory store under a fixed repo URL. */
export async function indexFixture(name: string): Promise<GraphStore> {
  const store = await openSqlJsStore(':memory:');
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
export function dumpGraph(store: GraphStore): string {
  const repos = store.repos();
  const files = new Map(repos.flatMap((r) => store.liveFiles(r.repoHash)).map((f) => [f.fileHash, f.path]));
  const nodes = repos.flatMap((r) => store.liveNodesOfRepo(r.repoHash));
  const names = new Map(nodes.map((n) => [n.nodeHash, localName(n.qualifiedName)]));
  const nodeLines = nodes
    .map((n) => `${n.kind.padEnd(9)} ${localName(n.qualifiedName)}${n.fileHash ? `  @${files.get(n.fileHash)}:${n.line}` : ''}`)
    .sort();
  const edgeLines = store
    .liveEdges()
    .map((e) => `${e.edgeType.padEnd(13)} ${names.get(e.sourceHash) ?? e.sourceHash} -> ${names.get(e.targetHash) ?? e.targetHash}`
      + `  [${e.provenance} ${e.confidence}]  @${e.callSiteFile}:${e.callSiteLine}:${e.callSiteCol}`)
    .sort();
  const routeLines = store
    .routeSymbols()
    .map((r) => `${r.mappingType.padEnd(11)} ${r.serviceName} ${r.routePattern} -> ${names.get(r.nodeHash) ?? r.nodeHash}`)
    .sort();
  return [`# nodes (${nodeLines.length})`, ...nodeLines, '', `# edges (${edgeLines.length})`, ...edgeLines, '',
    `# routes (${routeLines.length})`, ...routeLines, ''].join('\n');
}
