import * as assert from 'node:assert/strict';
import { REPOS_URI, describeRepos, snapshotsUri } from '../../src/mcp/resources';
import type { GraphStore } from '../../src/store';
import { type Connected, connect, fixtureDeps } from './mcpHarness';

describe('mcp resources', () => {
  let mcp: Connected;
  let store: GraphStore;
  before(async () => {
    const fixture = await fixtureDeps('go-basic');
    store = fixture.store;
    mcp = await connect(fixture.deps);
  });
  after(() => mcp.close());

  const read = async (uri: string): Promise<unknown> => {
    const [content] = (await mcp.client.readResource({ uri })).contents;
    assert.equal(content.mimeType, 'application/json');
    assert.ok('text' in content);
    return JSON.parse(content.text);
  };

  it('lists the repos resource and one snapshots resource per repository', async () => {
    const repo = (await store.repos())[0];
    const { resources } = await mcp.client.listResources();
    assert.deepEqual(resources.map((r) => r.uri), [REPOS_URI, snapshotsUri(repo.repoHash)]);
    const { resourceTemplates } = await mcp.client.listResourceTemplates();
    assert.deepEqual(resourceTemplates.map((t) => t.uriTemplate), ['ckg://repos/{repo_hash}/snapshots']);
  });

  it('describes repositories with their hash and newest snapshot', async () => {
    const repos = await read(REPOS_URI) as Awaited<ReturnType<typeof describeRepos>>;
    const repo = (await store.repos())[0];
    const snapshot = (await store.latestSnapshot(repo.repoHash))!;
    assert.equal(repos.length, 1);
    assert.deepEqual(repos[0], {
      repo_url: 'fixtures/go-basic', repo_hash: repo.repoHash, root_path: repo.rootPath, service_name: repo.serviceName,
      snapshot_count: 1,
      latest_snapshot: {
        snapshot_hash: snapshot.snapshotHash, commit: snapshot.commitHash, parent_commit: snapshot.parentCommit, dirty: snapshot.dirty,
        created_at: snapshot.createdAt, created: new Date(snapshot.createdAt * 1000).toISOString(),
        files: snapshot.fileCount, nodes: snapshot.nodeCount, edges: snapshot.edgeCount,
      },
      snapshots_uri: snapshotsUri(repo.repoHash),
    });
  });

  it('lists a repository\'s snapshots newest first', async () => {
    const repo = (await store.repos())[0];
    const snapshots = await read(snapshotsUri(repo.repoHash)) as Array<{ snapshot_hash: string }>;
    assert.deepEqual(snapshots.map((s) => s.snapshot_hash), (await store.snapshots(repo.repoHash)).reverse().map((s) => s.snapshotHash));
  });

  it('refuses snapshots of an unknown repository', async () => {
    await assert.rejects(mcp.client.readResource({ uri: snapshotsUri('e'.repeat(64)) }), /repo_hash: no repository with hash e{64}/);
    await assert.rejects(mcp.client.readResource({ uri: `${REPOS_URI}/nothex/snapshots` }), /repo_hash: no repository/);
  });
});
