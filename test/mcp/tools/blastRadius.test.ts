import * as assert from 'node:assert/strict';
import type { ToolDefinition } from '../../../src/mcp/tool';
import { INDEXER_VERSION, tool } from '../../../src/mcp/tools/blastRadius';
import type { WireNode } from '../../../src/mcp/wire';
import { EdgePlan, lspEdge } from '../../../src/enrich/edgePlan';
import { Identity, withCallSites } from '../../../src/model';
import { callTool, depsOver, hashIn, toolError, twoSnapshots } from '../../helpers/directTool';
import { callSitesRepo } from '../callSitesRepo';
import { connect, fixtureDeps, structured, textOf } from '../mcpHarness';

interface Caller {
  Caller: WireNode;
  Depth: number;
  Confidence: number;
  Provenance: { Source: string; Confidence: number; IndexerVersion: string; SourceCommit: string; Timestamp: number }[];
  CallSites: { File: string; Line: number; Col: number }[];
}
interface Radius { Target: WireNode; ByRepo: Record<string, Caller[]>; TotalCount: number; Truncated: boolean }

const REPO = 'fixtures/go-basic://';

describe('mcp tool blast_radius', () => {
  let fixture: Awaited<ReturnType<typeof twoSnapshots>>;
  const hashOf = async (local: string): Promise<string> =>
    (await fixture.store.nodesByPrefix(REPO + local, 10)).find((n) => n.qualifiedName === REPO + local)!.nodeHash;
  before(async () => {
    // The second snapshot adds a caller of Probe: Default now calls it.
    fixture = await twoSnapshots('go-basic', (edit) => edit('service/service.go', (text) =>
      text.replace('s.log.Printf("default service ready")', 's.log.Printf("default service ready")\n\tProbe("x")')));
  });

  it('groups transitive callers by repo URL with depth, path confidence and the provenance chain', async () => {
    const deps = depsOver(fixture.store);
    const result = await callTool<Radius>(tool, { target_hash: await hashOf('example.com/go-basic/service.pick') }, deps);
    assert.equal(result.Target.QualifiedName, `${REPO}example.com/go-basic/service.pick`);
    assert.deepEqual(Object.keys(result.ByRepo), ['fixtures/go-basic']);
    const callers = result.ByRepo['fixtures/go-basic']!;
    assert.deepEqual(callers.map((c) => `${c.Depth} ${c.Caller.QualifiedName.slice(REPO.length)}`), [
      '1 example.com/go-basic/service.Probe',
      '2 example.com/go-basic/service.Default',
      '2 example.com/go-basic/service.TestProbeMissing',
    ]);
    assert.deepEqual([result.TotalCount, result.Truncated], [3, false]);
    const latest = (await fixture.store.snapshot(fixture.after.snapshotHash))!;
    assert.deepEqual(callers[1]!.Provenance, [
      { Source: 'ast_inferred', Confidence: 0.7, IndexerVersion: INDEXER_VERSION, SourceCommit: latest.commitHash, Timestamp: latest.createdAt },
      { Source: 'ast_inferred', Confidence: 0.7, IndexerVersion: INDEXER_VERSION, SourceCommit: latest.commitHash, Timestamp: latest.createdAt },
    ]);
    assert.equal(callers[1]!.Confidence, 0.7);
    assert.match(INDEXER_VERSION, /^\d+\.\d+\.\d+\+facts\.\d+$/);
  });

  it('answers as of a snapshot when snapshot_hash is given', async () => {
    const deps = depsOver(fixture.store);
    const result = await callTool<Radius>(tool, {
      target_hash: await hashOf('example.com/go-basic/service.pick'), snapshot_hash: fixture.before.snapshotHash,
    }, deps);
    assert.deepEqual(result.ByRepo['fixtures/go-basic']!.map((c) => c.Caller.QualifiedName.slice(REPO.length)), [
      'example.com/go-basic/service.Probe', 'example.com/go-basic/service.TestProbeMissing',
    ]);
    assert.equal(result.TotalCount, 2);
    assert.equal(result.ByRepo['fixtures/go-basic']![0]!.Provenance[0]!.Timestamp, (await fixture.store.snapshot(fixture.before.snapshotHash))!.createdAt);
  });

  it('errors on unknown and malformed hashes', async () => {
    const deps = depsOver(fixture.store);
    const target = await hashOf('example.com/go-basic/service.pick');
    assert.equal(await toolError(tool, { target_hash: 'c'.repeat(64) }, deps), `target_hash: no node with hash ${'c'.repeat(64)}`);
    assert.equal(await toolError(tool, { target_hash: target, snapshot_hash: 'd'.repeat(64) }, deps),
      `snapshot_hash: no snapshot with hash ${'d'.repeat(64)} (the ckg://repos/<repo_hash>/snapshots resource lists them)`);
    assert.equal(await toolError(tool, { target_hash: target, snapshot_hash: 'nope' }, deps), 'snapshot_hash: expected 64 lowercase hex characters');
    assert.equal(await toolError(tool, { target_hash: target.toUpperCase() }, deps), 'target_hash: expected 64 lowercase hex characters');
  });

  it('errors on a target that did not exist at the snapshot', async () => {
    const added = await twoSnapshots('go-basic', (edit) => edit('service/extra.go', () => 'package service\n\nfunc Extra() {}\n'));
    const extra = (await added.store.nodesByPrefix(`${REPO}example.com/go-basic/service.Extra`, 1))[0]!.nodeHash;
    assert.equal(await toolError(tool, { target_hash: extra, snapshot_hash: added.before.snapshotHash }, depsOver(added.store)),
      `target_hash: no node with hash ${extra} at snapshot ${added.before.snapshotHash}`);
  });
});

describe('mcp tool blast_radius through an SDK client', () => {
  it('answers with structured content its output schema accepts, and isError on bad input', async () => {
    const { deps, store } = await fixtureDeps('go-basic');
    const mcp = await connect(deps, { tools: [tool as unknown as ToolDefinition] });
    try {
      const ok = structured(await mcp.call('blast_radius', { target_hash: await hashIn(store, 'example.com/go-basic/store.Journal.Record') }));
      assert.ok(ok.TotalCount === 10 && ok.Truncated === false, JSON.stringify(ok).slice(0, 500));
      const failed = await mcp.call('blast_radius', { target_hash: 'a'.repeat(64) });
      assert.equal(failed.isError, true);
      assert.ok(textOf(failed).includes('target_hash: no node with hash'), textOf(failed));
    } finally {
      await mcp.close();
    }
  });
});

describe('mcp tool blast_radius: every call site of each caller', () => {
  const sitesOf = (caller: Caller): string[] => caller.CallSites.map((s) => `${s.File}:${s.Line}:${s.Col}`);

  it('lists where each caller calls the next symbol of its path, every site in source order', async () => {
    const { store, deps, hashOf } = await callSitesRepo();
    const mcp = await connect(deps, { tools: [tool as unknown as ToolDefinition] });
    try {
      const radius = structured<Radius>(await mcp.call('blast_radius', { target_hash: await hashOf('src/util.helper') }));
      const callers = radius.ByRepo['example.com/sites']!;
      assert.deepEqual(callers.map((c) => [c.Depth, c.Caller.QualifiedName.split('.').at(-1), sitesOf(c)]), [
        [1, 'main', ['src/main.ts:4:10', 'src/main.ts:4:22']],
        [1, 'outer', ['src/main.ts:9:19']],
      ]);
      const viaMain = structured<Radius>(await mcp.call('blast_radius', { target_hash: await hashOf('src/main.main') }));
      assert.deepEqual(sitesOf(viaMain.ByRepo['example.com/sites']![0]!), ['src/main.ts:8:3', 'src/main.ts:9:10']);
      assert.deepEqual(Object.keys(callers[0]!), ['Caller', 'Depth', 'Confidence', 'Provenance', 'CallSites'], 'SPEC fields first, unchanged');
    } finally {
      await mcp.close();
      await store.close();
    }
  });

  it('answers once per relationship held under several provenances: the strongest, with every site, never counted twice', async () => {
    const { store, deps, hashOf } = await callSitesRepo();
    const mcp = await connect(deps, { tools: [tool as unknown as ToolDefinition] });
    try {
      // The store holds the relationship main -> helper twice: the static edge at 4:10, and
      // an lsp_resolved one at 4:22 (a site the language server answered and the static pass had not kept).
      const [repo] = await store.repos();
      const main = Identity.file(repo.repoHash, 'src/main.ts');
      const [caller, helper] = [await hashOf('src/main.main'), await hashOf('src/util.helper')];
      const staticEdge = (await store.liveEdgesOwnedBy(main)).find((e) => e.sourceHash === caller && e.targetHash === helper)!;
      const plan = new EdgePlan();
      plan.remove(main, repo.repoHash, (await store.liveFile(repo.repoHash, 'src/main.ts'))!.contentHash, staticEdge.edgeHash);
      plan.add(repo.repoHash, (await store.liveFile(repo.repoHash, 'src/main.ts'))!.contentHash, withCallSites(staticEdge, [{ file: 'src/main.ts', line: 4, col: 10 }]));
      plan.add(repo.repoHash, (await store.liveFile(repo.repoHash, 'src/main.ts'))!.contentHash,
        lspEdge(caller, helper, 'calls', main, { file: 'src/main.ts', line: 4, col: 22 }));
      await store.transaction((tx) => plan.apply(tx));
      const into = (await store.liveEdges({ edgeType: 'calls' })).filter((e) => e.targetHash === helper && e.sourceHash === caller);
      assert.deepEqual(into.map((e) => e.provenance).sort(), ['ast_inferred', 'lsp_resolved'], 'the store holds both');
      const radius = structured<Radius>(await mcp.call('blast_radius', { target_hash: await hashOf('src/util.helper') }));
      const callers = radius.ByRepo['example.com/sites']!;
      assert.deepEqual(callers.map((c) => [c.Caller.QualifiedName.split('.').at(-1), c.Provenance.map((p) => p.Source), c.Confidence, sitesOf(c)]), [
        ['main', ['lsp_resolved'], 0.9, ['src/main.ts:4:10', 'src/main.ts:4:22']],
        ['outer', ['ast_inferred'], 0.7, ['src/main.ts:9:19']],
      ]);
      assert.equal(radius.TotalCount, 2);
    } finally {
      await mcp.close();
      await store.close();
    }
  });

  it('keeps the reply cap: a caller with hundreds of sites is cut to whole sites, and says so', async () => {
    const { store, deps, hashOf } = await callSitesRepo(400, { replyTokenCap: 1500 });
    const mcp = await connect(deps, { tools: [tool as unknown as ToolDefinition] });
    try {
      const reply = await mcp.call('blast_radius', { target_hash: await hashOf('src/util.helper') });
      const radius = structured<Radius & { truncated?: boolean; hint?: string }>(reply);
      assert.equal(radius.truncated, true);
      assert.match(radius.hint ?? '', /the longest had 400/);
      const busy = radius.ByRepo['example.com/sites']!.find((c) => c.Caller.QualifiedName.endsWith('.busy'))!;
      assert.ok(busy.CallSites.length > 0 && busy.CallSites.length < 400, `${busy.CallSites.length} sites`);
      for (const site of busy.CallSites) assert.deepEqual(Object.keys(site), ['File', 'Line', 'Col']);
    } finally {
      await mcp.close();
      await store.close();
    }
  });
});
