import * as assert from 'node:assert/strict';
import { TRAVERSAL_DEFAULTS, transitiveCallees, transitiveCallers } from '../../src/graph/traversal';
import { GraphBuilder } from '../helpers/graphBuilder';

const names = (reached: readonly { node: { qualifiedName: string }; depth: number }[]): string[] =>
  reached.map((r) => `${r.depth}:${r.node.qualifiedName.split('://')[1]}`);

describe('graph/traversal', () => {
  it('walks callers breadth-first with shortest depths and the path edges from the start outwards', () => {
    const g = new GraphBuilder().calls('p.A', 'p.B').calls('p.B', 'p.C').calls('p.C', 'p.D').calls('p.A', 'p.D');
    const result = transitiveCallers(g.build(), g.hash('p.D'));
    assert.deepEqual(names(result.reached), ['1:p.A', '1:p.C', '2:p.B']);
    const b = result.reached.find((r) => r.node.nodeHash === g.hash('p.B'))!;
    assert.deepEqual(b.path.map((e) => [e.sourceHash, e.targetHash]), [[g.hash('p.C'), g.hash('p.D')], [g.hash('p.B'), g.hash('p.C')]]);
    assert.equal(result.truncated, false);
    assert.equal(result.start.nodeHash, g.hash('p.D'));
  });

  it('walks callees the other way', () => {
    const g = new GraphBuilder().calls('p.A', 'p.B').calls('p.B', 'p.C').calls('p.X', 'p.A');
    assert.deepEqual(names(transitiveCallees(g.build(), g.hash('p.A')).reached), ['1:p.B', '2:p.C']);
  });

  it('stops at maxDepth, defaulting to 5', () => {
    const g = new GraphBuilder();
    for (let i = 0; i < 8; i++) g.calls(`p.F${i + 1}`, `p.F${i}`);
    const view = g.build();
    assert.equal(TRAVERSAL_DEFAULTS.maxDepth, 5);
    assert.deepEqual(transitiveCallers(view, g.hash('p.F0')).reached.map((r) => r.depth), [1, 2, 3, 4, 5]);
    assert.deepEqual(names(transitiveCallers(view, g.hash('p.F0'), { maxDepth: 2 }).reached), ['1:p.F1', '2:p.F2']);
  });

  it('is cycle-safe and never reports the start node', () => {
    const g = new GraphBuilder().calls('p.A', 'p.B').calls('p.B', 'p.A').calls('p.B', 'p.C').calls('p.C', 'p.C');
    assert.deepEqual(names(transitiveCallers(g.build(), g.hash('p.C'), { maxDepth: 20 }).reached), ['1:p.B', '2:p.A']);
  });

  it('follows calls edges only', () => {
    const g = new GraphBuilder().calls('p.A', 'p.T').edge('p.R', 'p.T', 'references').edge('p.I', 'p.T', 'imports')
      .edge('p.W', 'p.T', 'runtime_calls', { provenance: 'otel_trace', confidence: 0.9 }).calls('p.X', 'p.R');
    assert.deepEqual(names(transitiveCallers(g.build(), g.hash('p.T')).reached), ['1:p.A']);
  });

  it('sorts ties by qualified name and picks the more confident of parallel edges', () => {
    const g = new GraphBuilder().calls('p.Z', 'p.T').calls('p.M', 'p.T').calls('p.A', 'p.T', { provenance: 'ast_inferred' })
      .calls('p.A', 'p.T', { provenance: 'lsp_resolved' });
    const result = transitiveCallers(g.build(), g.hash('p.T'));
    assert.deepEqual(names(result.reached), ['1:p.A', '1:p.M', '1:p.Z']);
    assert.equal(result.reached[0]!.path[0]!.provenance, 'lsp_resolved');
  });

  it('says truncated when maxResults stops the walk, and not when it is just reached', () => {
    const g = new GraphBuilder();
    for (const caller of ['A', 'B', 'C', 'D', 'E']) g.calls(`p.${caller}`, 'p.T');
    const view = g.build();
    const cut = transitiveCallers(view, g.hash('p.T'), { maxResults: 3 });
    assert.equal(cut.reached.length, 3);
    assert.equal(cut.truncated, true);
    const exact = transitiveCallers(view, g.hash('p.T'), { maxResults: 5 });
    assert.equal(exact.reached.length, 5);
    assert.equal(exact.truncated, false);
  });

  it('walks across repositories', () => {
    const g = new GraphBuilder('a.com/lib').calls('b.com/app://main.run', 'a.com/lib://pkg.Do');
    assert.deepEqual(transitiveCallers(g.build(), g.hash('pkg.Do')).reached.map((r) => r.node.qualifiedName), ['b.com/app://main.run']);
  });

  it('rejects unknown nodes and bad options, naming the module', () => {
    const g = new GraphBuilder().calls('p.A', 'p.B');
    const view = g.build();
    assert.throws(() => transitiveCallers(view, 'f'.repeat(64)), /^Error: graph\/traversal: no node with hash f{64}$/);
    assert.throws(() => transitiveCallers(view, g.hash('p.B'), { maxDepth: 0 }), /graph\/traversal: maxDepth must be a positive integer/);
    assert.throws(() => transitiveCallees(view, g.hash('p.A'), { maxDepth: 1.5 }), /maxDepth must be a positive integer/);
    assert.throws(() => transitiveCallers(view, g.hash('p.B'), { maxResults: 0 }), /graph\/traversal: maxResults must be a positive integer/);
  });
});
