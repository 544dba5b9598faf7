import * as assert from 'node:assert/strict';
import type { WireFile, WireNode } from '../../../src/mcp/wire';
import type { GraphStore } from '../../../src/store';
import { type Connected, connect, fixtureDeps, structured, textOf } from '../mcpHarness';

type Owned = { file: WireFile; nodes: WireNode[] };

describe('mcp tool ownership', () => {
  let mcp: Connected;
  let store: GraphStore;
  before(async () => {
    const fixture = await fixtureDeps('go-basic');
    store = fixture.store;
    mcp = await connect(fixture.deps);
  });
  after(() => mcp.close());

  it('lists every file with the symbols it declares, files by path and symbols by line', async () => {
    const repo = (await store.repos())[0];
    const owned = structured<{ items: Owned[] }>(await mcp.call('ownership', { repo_hash: repo.repoHash })).items;
    assert.deepEqual(owned.map((o) => o.file.Path), (await store.liveFiles(repo.repoHash)).map((f) => f.path));
    const service = owned.find((o) => o.file.Path === 'service/service.go')!;
    assert.ok(service.nodes.every((n) => n.FileHash === service.file.FileHash));
    assert.deepEqual(service.nodes.map((n) => n.Line), [...service.nodes.map((n) => n.Line)].sort((a, b) => a - b));
    const names = service.nodes.map((n) => n.QualifiedName.split('/service.').pop());
    for (const name of ['MaxKeyLength', 'New', 'Default', 'Service.Lookup', 'Seed', 'Describe', 'Probe', 'pick']) {
      assert.ok(names.includes(name), `${name} is owned by service.go`);
    }
    const total = owned.reduce((sum, o) => sum + o.nodes.length, 0);
    const fileOwned = (await store.liveNodesOfRepo(repo.repoHash)).filter((n) => n.fileHash !== '').length;
    assert.equal(total, fileOwned, 'every file-owned node once; repo-level nodes are left out');
  });

  it('errors on an unknown repo hash', async () => {
    const result = await mcp.call('ownership', { repo_hash: '0'.repeat(64) });
    assert.equal(result.isError, true);
    assert.match(textOf(result), /^repo_hash: no repository with hash 0{64}/);
  });
});
