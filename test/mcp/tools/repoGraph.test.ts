import * as assert from 'node:assert/strict';
import type { WireFile } from '../../../src/mcp/wire';
import type { GraphStore } from '../../../src/store';
import { type Connected, connect, fixtureDeps, structured, textOf } from '../mcpHarness';

describe('mcp tool repo_graph', () => {
  let mcp: Connected;
  let store: GraphStore;
  before(async () => {
    const fixture = await fixtureDeps('ts-basic');
    store = fixture.store;
    mcp = await connect(fixture.deps);
  });
  after(() => mcp.close());

  it('lists the files of a repository as SPEC Files, by path', async () => {
    const repo = (await store.repos())[0];
    const files = structured<{ items: WireFile[] }>(await mcp.call('repo_graph', { repo_hash: repo.repoHash })).items;
    const expected = await store.liveFiles(repo.repoHash);
    assert.deepEqual(files.map((f) => f.Path), expected.map((f) => f.path));
    assert.deepEqual(files.map((f) => f.Path), [...files.map((f) => f.Path)].sort());
    assert.ok(files.length > 3);
    assert.deepEqual(Object.keys(files[0]), ['FileHash', 'RepoHash', 'Path', 'ContentHash']);
    assert.ok(files.every((f) => f.RepoHash === repo.repoHash));
    assert.equal(files[0].ContentHash, expected[0].contentHash);
  });

  it('errors on an unknown repo hash and on one that is not a hash', async () => {
    const unknown = await mcp.call('repo_graph', { repo_hash: 'a'.repeat(64) });
    assert.equal(unknown.isError, true);
    assert.equal(textOf(unknown), `repo_hash: no repository with hash ${'a'.repeat(64)} (the ckg://repos resource lists them)`);
    const malformed = await mcp.call('repo_graph', { repo_hash: 'A'.repeat(64) });
    assert.equal(malformed.isError, true);
    assert.match(textOf(malformed), /repo_hash: expected 64 lowercase hex characters/);
  });
});
