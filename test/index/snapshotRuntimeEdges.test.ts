import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { RepoIndexer } from '../../src/index/repoIndexer';
import { merkleRoot } from '../../src/index/merkle';
import type { GraphEdge, RepoRecord } from '../../src/model';
import { RuntimeIngestor } from '../../src/runtime/ingestor';
import { type GraphStore, openStore } from '../../src/store';
import { git, gitRepo } from '../helpers/gitRepo';
import { nodeNames } from '../helpers/indexFixture';
import { httpCall } from '../runtime/spanFactory';

const NOW = 1_800_000_000;

/**
 * SPEC 3.5: the next commit-triggered snapshot of a repository includes the runtime edges
 * observed since, every one that touches the repository's nodes in either direction. A
 * runtime edge is stored under its caller's repository, so the callee's snapshot must
 * hold the ones coming in from another repository or from a service known only from traces.
 */
describe('snapshots hold every runtime edge touching the repository', () => {
  let store: GraphStore;
  let indexer: RepoIndexer;
  let clock: number;
  let ingestor: RuntimeIngestor;
  let usersRoot: string;
  let webRoot: string;

  beforeEach(async () => {
    store = await openStore(':memory:');
    indexer = new RepoIndexer(store);
    clock = NOW;
    ingestor = new RuntimeIngestor(() => store, { now: () => clock });
    usersRoot = gitRepo({
      '.ckg.yaml': 'service_name: users\n',
      'server.ts': "import express from 'express';\nconst app = express();\napp.get('/users/:id', getUser);\nfunction getUser(): void {}\n",
    });
    webRoot = gitRepo({
      '.ckg.yaml': 'service_name: web\n',
      'page.ts': 'export function render(): string { return "page"; }\n',
    });
    await indexer.index({ repoPath: usersRoot, repoUrl: 'example.com/users' });
    await indexer.index({ repoPath: webRoot, repoUrl: 'example.com/web' });
  });
  afterEach(async () => {
    await store.close();
  });

  const repo = async (url: string): Promise<RepoRecord> => (await store.repos()).find((r) => r.repoUrl === url)!;
  const commitChange = async (root: string, file: string, text: string): Promise<void> => {
    fs.appendFileSync(path.join(root, file), text);
    git(root, 'commit', '-qam', 'change');
    await indexer.index({ repoPath: root, repoUrl: root === usersRoot ? 'example.com/users' : 'example.com/web' });
  };
  const runtimeEdgesAtLatest = async (url: string): Promise<GraphEdge[]> => {
    const { repoHash } = await repo(url);
    const latest = (await store.latestSnapshot(repoHash))!;
    return (await store.edgesAt(repoHash, latest.seq)).filter((e) => e.provenance.startsWith('otel_'));
  };
  const describe = async (edges: readonly GraphEdge[]): Promise<string[]> => {
    const name = await nodeNames(store);
    return edges.map((e) => `${name(e.sourceHash)} -> ${name(e.targetHash)}`).sort();
  };

  it('includes incoming runtime edges from another repository and from a traced-only service', async () => {
    await ingestor.ingestSpans([
      ...httpCall('web', 'users', 'GET', '/users/1', '/users/{id}', NOW),
      ...httpCall('mobile', 'users', 'GET', '/users/2', '/users/{id}', NOW),
    ]);
    const live = await store.liveRuntimeEdges();
    assert.equal(live.length, 2);
    await commitChange(usersRoot, 'server.ts', 'export const version = 2;\n');
    const held = await runtimeEdgesAtLatest('example.com/users');
    assert.deepEqual(await describe(held), await describe(live), 'both edges into getUser are in the users snapshot');
    const { repoHash } = await repo('example.com/users');
    const latest = (await store.latestSnapshot(repoHash))!;
    const allAtLatest = (await store.edgesAt(repoHash, latest.seq)).map((e) => e.edgeHash).sort();
    assert.equal(latest.edgeCount, allAtLatest.length, 'the snapshot counts them');
    assert.equal(latest.merkleRoot, merkleRoot(allAtLatest), 'and its Merkle root covers them');
  });

  it('keeps outgoing runtime edges in the caller repository\'s snapshot, and an earlier snapshot unchanged', async () => {
    const { repoHash } = await repo('example.com/users');
    const first = (await store.latestSnapshot(repoHash))!;
    await ingestor.ingestSpans(httpCall('web', 'users', 'GET', '/users/1', '/users/{id}', NOW));
    await commitChange(webRoot, 'page.ts', 'export const version = 2;\n');
    assert.equal((await runtimeEdgesAtLatest('example.com/web')).length, 1, 'the caller repository has it');
    await commitChange(usersRoot, 'server.ts', 'export const version = 2;\n');
    assert.equal((await runtimeEdgesAtLatest('example.com/users')).length, 1, 'the callee repository has it');
    assert.deepEqual((await store.edgesAt(repoHash, first.seq)).filter((e) => e.provenance.startsWith('otel_')), [], 'not the snapshot before it');
  });

  it('still reads a held edge after the edge is collected, and leaves it out of the next snapshot', async () => {
    await ingestor.ingestSpans(httpCall('mobile', 'users', 'GET', '/users/2', '/users/{id}', NOW));
    await commitChange(usersRoot, 'server.ts', 'export const version = 2;\n');
    const { repoHash } = await repo('example.com/users');
    const holding = (await store.latestSnapshot(repoHash))!;
    clock = NOW + 200 * 86_400;
    await ingestor.decayConfidence();
    assert.equal(await ingestor.collectGarbage(), 1);
    assert.deepEqual(await store.liveRuntimeEdges(), []);
    assert.equal((await store.edgesAt(repoHash, holding.seq)).filter((e) => e.provenance.startsWith('otel_')).length, 1);
    await commitChange(usersRoot, 'server.ts', 'export const version3 = 3;\n');
    assert.deepEqual(await runtimeEdgesAtLatest('example.com/users'), []);
  });
});
