import * as assert from 'node:assert/strict';
import { serverDepsFor } from '../../../src/mcp/serverDeps';
import { connect, fixtureDeps, structured, textOf } from '../mcpHarness';
import { NOW, addRuntimeEdges, withoutRuntime } from '../runtimeFixture';

describe('mcp tool trace_stats', () => {
  it('counts runtime edges by lifecycle state and type', async () => {
    const { deps, store } = await fixtureDeps('go-routes', { now: () => NOW });
    const mcp = await connect(deps);
    try {
      const empty = structured(await mcp.call('trace_stats'));
      assert.deepEqual(empty, { TotalEdges: 0, ActiveEdges: 0, StaleEdges: 0, GCEligible: 0, ByEdgeType: {} }, 'static edges are not counted');
      await addRuntimeEdges(store);
      const stats = await mcp.call('trace_stats');
      assert.deepEqual(structured(stats), {
        TotalEdges: 4, ActiveEdges: 2, StaleEdges: 1, GCEligible: 1, ByEdgeType: { runtime_calls: 3, runtime_rpc: 1 },
      });
      assert.deepEqual(JSON.parse(textOf(stats)), structured(stats), 'the text is the JSON of the SPEC shape');
    } finally {
      await mcp.close();
    }
  });

  it('gives the SPEC error on a store without runtime support', async () => {
    const { store } = await fixtureDeps('go-routes');
    const mcp = await connect(serverDepsFor(withoutRuntime(store)));
    try {
      const result = await mcp.call('trace_stats');
      assert.equal(result.isError, true);
      assert.equal(textOf(result), 'runtime queries not available: store does not support runtime methods');
    } finally {
      await mcp.close();
    }
  });
});
