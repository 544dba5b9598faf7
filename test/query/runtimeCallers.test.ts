import * as assert from 'node:assert/strict';
import { INDEXER_VERSION } from '../../src/mcp/tools/blastRadius';
import type { WireNode } from '../../src/mcp/wire';
import { runtimeCallers } from '../../src/query/runtimeCallers';
import { RuntimeIngestor } from '../../src/runtime/ingestor';
import type { TraceSpan } from '../../src/runtime/spans';
import type { GraphStore } from '../../src/store';
import { httpCall } from '../runtime/spanFactory';
import { type Connected, connect, fixtureDeps, structured, textOf } from '../mcp/mcpHarness';
import { NOW } from '../mcp/runtimeFixture';
import type { GraphCache } from '../../src/query/graphCache';

interface RuntimeCaller {
  Caller: WireNode;
  Handler: WireNode;
  HandlerDepth: number;
  EdgeType: string;
  ObservationCount: number;
  LastObserved: number;
  RuntimeProvenance: { source: string; sample_count: number; first_seen: string; last_seen: string; trace_ids: string[]; indexer_version: string };
}
interface Radius {
  TotalCount: number;
  RuntimeCallers: RuntimeCaller[];
  RuntimeCount: number;
  RuntimeObservations: number;
  RuntimeTruncated: boolean;
  Verdict: { verdict: string; text: string; evidence: Record<string, unknown> };
}

const REPO = 'fixtures/go-routes://example.com/go-routes.';
const CALLS = 7;

/**
 * The runtime layer of blast_radius and cross_repo_callers over the go-routes fixture, with
 * spans written by the real ingestor: checkout calls GET /users/{id} (served by getUser,
 * which calls UserStore.Find) seven times.
 */
describe('query/runtimeCallers: the runtime layer one hop from the target or a static caller', () => {
  let mcp: Connected;
  let store: GraphStore;
  let graphs: GraphCache;
  let traceIds: string[];

  before(async () => {
    const { deps, store: opened } = await fixtureDeps('go-routes', { now: () => NOW });
    store = opened;
    graphs = deps.graphs;
    mcp = await connect(deps);
    const ingestor = new RuntimeIngestor(() => deps.store(), { now: () => NOW });
    const spans: TraceSpan[] = [];
    for (let i = 0; i < CALLS; i++) spans.push(...httpCall('checkout', 'go-routes', 'GET', `/users/${i}`, '/users/{id}', NOW - 600 + i));
    traceIds = spans.map((s) => s.traceId);
    await ingestor.ingestSpans(spans, true);
  });
  after(async () => {
    await mcp.close();
  });

  const hashOf = async (local: string): Promise<string> => (await store.nodesByPrefix(REPO + local, 5)).find((n) => n.qualifiedName === REPO + local)!.nodeHash;
  const radius = async (local: string): Promise<Radius> => structured<Radius>(await mcp.call('blast_radius', { target_hash: await hashOf(local) }));

  it('lists the callers of a handler observed in traces, with counts, the provenance record and trace ids', async () => {
    const result = await radius('Handlers.getUser');
    assert.deepEqual([result.RuntimeCount, result.RuntimeObservations, result.RuntimeTruncated], [1, CALLS, false]);
    const [caller] = result.RuntimeCallers;
    assert.equal(caller!.Caller.QualifiedName, 'checkout://UNRESOLVED/GET');
    assert.deepEqual([caller!.Handler.QualifiedName, caller!.HandlerDepth, caller!.EdgeType, caller!.ObservationCount], [`${REPO}Handlers.getUser`, 0, 'runtime_calls', CALLS]);
    const record = caller!.RuntimeProvenance;
    assert.deepEqual([record.source, record.sample_count, record.indexer_version], ['otel_trace', CALLS, INDEXER_VERSION]);
    assert.equal(record.last_seen, new Date((NOW - 600 + CALLS - 1) * 1000).toISOString());
    assert.equal(record.first_seen, new Date(NOW * 1000).toISOString(), 'the edge\'s added event');
    assert.equal(record.trace_ids.length, 5);
    for (const id of record.trace_ids) assert.ok(traceIds.includes(id), id);
    assert.equal(caller!.LastObserved, NOW - 600 + CALLS - 1);
  });

  it('reaches a helper\'s traffic through the handler that calls it, labelled with that handler and its depth; the static count is apart', async () => {
    const result = await radius('UserStore.Find');
    assert.ok(result.TotalCount >= 2, 'getUser and SayHello call Find statically');
    assert.deepEqual(result.RuntimeCallers.map((c) => `${c.HandlerDepth} ${c.Handler.QualifiedName.slice(REPO.length)} ${c.ObservationCount}`),
      [`1 Handlers.getUser ${CALLS}`]);
    assert.deepEqual([result.Verdict.verdict, result.Verdict.text], ['observed_in_production', `observed in production (${CALLS} calls in the window)`]);
  });

  it('gives the other verdicts of a traced service', async () => {
    // createUser is a handler nobody calls in code; go-routes has sent spans: zero traffic confirmed.
    const createUser = await radius('Handlers.createUser');
    assert.deepEqual([createUser.TotalCount, createUser.RuntimeCount, createUser.Verdict.verdict], [0, 0, 'safe_to_delete']);
    assert.deepEqual(createUser.Verdict.evidence, {
      static_callers: 0, runtime_callers: 0, observations: 0, window_days: 7, last_observed: '', service: 'go-routes',
      service_sent_spans: true, runtime_status: 'confirmed_zero',
    });
    // main is no handler: traffic never names it, so nothing is claimed.
    assert.equal((await radius('main')).Verdict.verdict, 'unknown');
  });

  it('cross_repo_callers carries the same layer beside its items, and says it in a second text block', async () => {
    const reply = await mcp.call('cross_repo_callers', { target_hash: await hashOf('UserStore.Find') });
    const content = structured<{ items: unknown[]; RuntimeCallers: RuntimeCaller[]; RuntimeCount: number; RuntimeObservations: number }>(reply);
    assert.ok(content.items.length >= 2);
    assert.deepEqual([content.RuntimeCount, content.RuntimeObservations], [1, CALLS]);
    assert.equal(content.RuntimeCallers[0]!.Handler.QualifiedName, `${REPO}Handlers.getUser`);
    assert.ok(Array.isArray(JSON.parse((reply.content[0] as { text: string }).text)), 'the first block is still the SPEC array');
    assert.match(textOf(reply), new RegExp(`runtime callers \\(observed in traces, kept apart from the static callers\\): 1, ${CALLS} observations`));
    assert.match(textOf(reply), /checkout:\/\/UNRESOLVED\/GET -> .*Handlers\.getUser \(runtime_calls, handler depth 1\): 7 observations, last .*, otel_trace, trace_ids /);
  });

  it('cuts the list at maxCallers and still counts all', async () => {
    const view = await graphs.liveView();
    const entries = [{ nodeHash: await hashOf('UserStore.Find'), depth: 0 }, { nodeHash: await hashOf('Handlers.getUser'), depth: 1 }];
    const none = await runtimeCallers(view, store, entries, { indexerVersion: 'v', maxCallers: 0 });
    assert.deepEqual([none.callers.length, none.count, none.observations, none.truncated], [0, 1, CALLS, true]);
    await assert.rejects(runtimeCallers(view, store, entries, { indexerVersion: 'v', maxCallers: -1 }), /query\/runtimeCallers: maxCallers/);
  });
});
