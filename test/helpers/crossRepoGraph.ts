import * as fs from 'node:fs';
import { RepoIndexer } from '../../src/index/repoIndexer';
import { type GraphStore, openStore } from '../../src/store';
import { liveNodes } from './indexFixture';
import { makeTempDir, writeTree } from './tempDir';

/** Files of a repository a test writes: repo-relative path to text. */
export type Tree = Record<string, string>;

/** Writes each tree to a fresh folder and indexes them into one in-memory graph, in the order given. */
export async function indexInOrder(trees: ReadonlyArray<readonly [string, Tree]>): Promise<{ store: GraphStore; roots: Map<string, string> }> {
  const store = await openStore(':memory:');
  const roots = new Map<string, string>();
  for (const [url, files] of trees) {
    const root = fs.realpathSync(makeTempDir('ckg-cross-'));
    writeTree(root, files);
    roots.set(url, root);
  }
  const indexer = new RepoIndexer(store);
  for (const [url] of trees) await indexer.index({ repoPath: roots.get(url)!, repoUrl: url });
  return { store, roots };
}

/** Every live edge as `type source -> target` with full qualified names; placeholders included. */
export async function edgeLines(store: GraphStore): Promise<string[]> {
  const names = new Map([...await liveNodes(store), ...await store.liveNodesOutsideRepos()].map((n) => [n.nodeHash, n.qualifiedName]));
  return (await store.liveEdges()).map((e) => `${e.edgeType} ${names.get(e.sourceHash) ?? e.sourceHash} -> ${names.get(e.targetHash) ?? e.targetHash}`).sort();
}

/** Every live node of the repositories as `kind qualified name`, sorted. */
export async function nodeLines(store: GraphStore): Promise<string[]> {
  return (await liveNodes(store)).map((n) => `${n.kind} ${n.qualifiedName}`).sort();
}
