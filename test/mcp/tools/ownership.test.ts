import * as assert from 'node:assert/strict';
import type { WireFile, WireNode } from '../../../src/mcp/wire';
import type { GraphStore } from '../../../src/store';
import { RuntimeIngestor } from '../../../src/runtime/ingestor';
import { httpCall } from '../../runtime/spanFactory';
import { type Connected, connect, fixtureDeps, structured, textOf } from '../mcpHarness';
import { NOW } from '../runtimeFixture';

type Owned = { file: WireFile; nodes: WireNode[]; traffic?: Array<Record<string, unknown> & { NodeHash: string }> };

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

describe('mcp tool ownership: runtime traffic per service (SPEC 4.10.2)', () => {
  let mcp: Connected;
  let store: GraphStore;
  let ingestor: RuntimeIngestor;
  before(async () => {
    const fixture = await fixtureDeps('go-routes', { now: () => NOW });
    store = fixture.store;
    mcp = await connect(fixture.deps);
    ingestor = new RuntimeIngestor(() => fixture.deps.store(), { now: () => NOW });
  });
  after(() => mcp.close());

  const trafficOf = async (path: string): Promise<Map<string, Record<string, unknown>>> => {
    const repo = (await store.repos())[0];
    const owned = structured<{ items: Owned[] }>(await mcp.call('ownership', { repo_hash: repo.repoHash })).items;
    const file = owned.find((o) => o.file.Path === path)!;
    const names = new Map(file.nodes.map((n) => [n.NodeHash, n.QualifiedName.split('.').slice(-2).join('.')]));
    assert.deepEqual(file.traffic?.map((t) => t.NodeHash), file.nodes.map((n) => n.NodeHash).filter((h) => file.traffic!.some((t) => t.NodeHash === h)),
      'traffic follows the order of nodes');
    return new Map((file.traffic ?? []).map(({ NodeHash, ...rest }) => [names.get(NodeHash)!, rest]));
  };

  it('says unknown for route handlers before their service has sent spans, and nothing for files without handlers', async () => {
    const handlers = await trafficOf('handlers.go');
    assert.deepEqual(handlers.get('Handlers.getUser'), { status: 'unknown', service: 'go-routes' });
    assert.equal(handlers.get('UserStore.Find'), undefined);
  });

  it('gives observed handlers their observations per calling service, and confirmed zero to the handlers missed', async () => {
    for (let i = 0; i < 12; i++) await ingestor.ingestSpans(httpCall('checkout', 'go-routes', 'GET', `/users/${i}`, '/users/{id}', NOW - 100 + i), true);
    for (let i = 0; i < 3; i++) await ingestor.ingestSpans(httpCall('billing', 'go-routes', 'GET', `/users/${i}`, '/users/{id}', NOW - 50 + i), true);
    const handlers = await trafficOf('handlers.go');
    assert.deepEqual(handlers.get('Handlers.getUser'), {
      status: 'observed', observations: 15, edges: 2, provenance: ['otel_trace'], confidence: 'high',
      by_service: [
        { service: 'checkout', direction: 'incoming', observations: 12, edges: 1, last_observed: NOW - 89 },
        { service: 'billing', direction: 'incoming', observations: 3, edges: 1, last_observed: NOW - 48 },
      ],
    });
    assert.deepEqual(handlers.get('Handlers.createUser'), { status: 'confirmed_zero', service: 'go-routes' });
  });
});
