import * as assert from 'node:assert/strict';
import type { ContextDocument } from '../../src/context/document';
import { decodeGcb } from '../../src/context/formats/gcbDecoder';
import { serverDepsFor } from '../../src/mcp/serverDeps';
import { RuntimeIngestor } from '../../src/runtime/ingestor';
import type { GraphStore } from '../../src/store';
import { httpCall } from '../runtime/spanFactory';
import { type Connected, connect, fixtureDeps, structured } from '../mcp/mcpHarness';
import { NOW } from '../mcp/runtimeFixture';

interface Context { content: string }

/**
 * SPEC 4.10.3 inside the context tools' blocks, through a real SDK client: a handler with
 * runtime edges is reported observed with count, provenance and band; a handler without
 * one is confirmed zero traffic once its service has sent spans, unknown before.
 */
describe('context tools: the runtime traffic report (SPEC 4.10.3)', () => {
  let mcp: Connected;
  let ingestor: RuntimeIngestor;
  let store: GraphStore;

  before(async () => {
    const { deps, store: opened } = await fixtureDeps('go-routes', { now: () => NOW });
    store = opened;
    mcp = await connect(deps);
    ingestor = new RuntimeIngestor(() => deps.store(), { now: () => NOW });
  });
  after(async () => {
    await mcp.close();
  });

  const context = async (tool: string, args: Record<string, unknown>): Promise<ContextDocument> =>
    decodeGcb(structured<Context>(await mcp.call(tool, { ...args, format: 'gcb' })).content);
  const trafficOf = (doc: ContextDocument, suffix: string): unknown => doc.symbols.find((s) => s.name.endsWith(suffix))?.traffic;

  it('says unknown (no data) for handlers before their service has sent any span, and nothing for other code', async () => {
    const doc = await context('context_for_files', { files: 'handlers.go' });
    assert.deepEqual(trafficOf(doc, '.Handlers.getUser'), { status: 'unknown', service: 'go-routes' });
    assert.deepEqual(trafficOf(doc, '.Handlers.createUser'), { status: 'unknown', service: 'go-routes' });
    assert.equal(trafficOf(doc, '.UserStore.Find'), undefined, 'runtime edges never name a helper: no claim either way');
  });

  it('reports observed traffic with count, provenance and band, and confirmed zero traffic for the handlers it missed', async () => {
    for (let i = 0; i < 12; i++) await ingestor.ingestSpans(httpCall('checkout', 'go-routes', 'GET', `/users/${i}`, '/users/{id}', NOW - 100 + i), true);
    for (const tool of ['context_for_files', 'context_for_pr']) {
      const doc = await context(tool, { files: 'handlers.go' });
      assert.deepEqual(trafficOf(doc, '.Handlers.getUser'),
        { status: 'observed', observations: 12, edges: 1, provenance: ['otel_trace'], confidence: 'high' }, tool);
      assert.deepEqual(trafficOf(doc, '.Handlers.createUser'), { status: 'confirmed_zero', service: 'go-routes' }, tool);
    }
    const task = await context('context_for_task', { task_description: 'getUser handler' });
    assert.deepEqual(trafficOf(task, '.Handlers.getUser'),
      { status: 'observed', observations: 12, edges: 1, provenance: ['otel_trace'], confidence: 'high' });
    const xml = structured<Context>(await mcp.call('context_for_files', { files: 'handlers.go', format: 'xml' })).content;
    assert.match(xml, /<traffic status="observed" observations="12" edges="1" provenance="otel_trace" confidence="high">/);
    assert.match(xml, /<traffic status="confirmed_zero" service="go-routes">confirmed zero traffic/);
  });

  it('bands traffic not observed for stale_after_days as stale', async () => {
    const later = await connect(serverDepsFor(store, { now: () => NOW + 31 * 86_400 }));
    try {
      const doc = decodeGcb(structured<Context>(await later.call('context_for_files', { files: 'handlers.go', format: 'gcb' })).content);
      assert.deepEqual(trafficOf(doc, '.Handlers.getUser'),
        { status: 'observed', observations: 12, edges: 1, provenance: ['otel_trace'], confidence: 'stale' });
    } finally {
      await later.close();
    }
  });
});
