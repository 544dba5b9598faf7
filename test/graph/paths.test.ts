import * as assert from 'node:assert/strict';
import { PATHS_DEFAULTS, type PathStep, pathsBetween } from '../../src/graph/paths';
import { GraphBuilder } from '../helpers/graphBuilder';

const show = (path: readonly PathStep[]): string =>
  path.map((s) => `${s.node.qualifiedName.split('://')[1]}${s.edgeType ? ` -${s.edgeType}->` : ''}`).join(' ');

describe('graph/paths', () => {
  it('returns paths shortest first, ties in name order, with the edge type on every step but the last', () => {
    const g = new GraphBuilder().calls('p.A', 'p.C').calls('p.C', 'p.D').calls('p.A', 'p.B').calls('p.B', 'p.D').calls('p.A', 'p.D');
    const result = pathsBetween(g.build(), [g.hash('p.A')], [g.hash('p.D')]);
    assert.deepEqual(result.paths.map(show), [
      'p.A -calls-> p.D',
      'p.A -calls-> p.B -calls-> p.D',
      'p.A -calls-> p.C -calls-> p.D',
    ]);
    assert.equal(result.truncated, false);
    assert.equal(result.paths[0]!.at(-1)!.edgeType, '');
  });

  it('uses every static edge type and no runtime edge', () => {
    const g = new GraphBuilder().edge('p.A', 'p.M', 'imports').edge('p.M', 'p.D', 'references')
      .edge('p.A', 'p.D', 'runtime_calls', { provenance: 'otel_trace', confidence: 0.9 });
    assert.deepEqual(pathsBetween(g.build(), [g.hash('p.A')], [g.hash('p.D')]).paths.map(show), ['p.A -imports-> p.M -references-> p.D']);
  });

  it('lists parallel edges of different types as different paths, and same-type duplicates once', () => {
    const g = new GraphBuilder().calls('p.A', 'p.D').calls('p.A', 'p.D', { provenance: 'lsp_resolved' }).edge('p.A', 'p.D', 'references');
    assert.deepEqual(pathsBetween(g.build(), [g.hash('p.A')], [g.hash('p.D')]).paths.map(show), ['p.A -calls-> p.D', 'p.A -references-> p.D']);
  });

  it('keeps paths simple and within maxDepth (default 5)', () => {
    const g = new GraphBuilder().calls('p.A', 'p.B').calls('p.B', 'p.A').calls('p.B', 'p.C').calls('p.C', 'p.D');
    const view = g.build();
    assert.equal(PATHS_DEFAULTS.maxDepth, 5);
    assert.deepEqual(pathsBetween(view, [g.hash('p.A')], [g.hash('p.D')]).paths.map(show), ['p.A -calls-> p.B -calls-> p.C -calls-> p.D']);
    assert.deepEqual(pathsBetween(view, [g.hash('p.A')], [g.hash('p.D')], { maxDepth: 2 }).paths, []);
  });

  it('returns at most maxPaths (10) and says truncated only when more exist', () => {
    const build = (n: number) => {
      const g = new GraphBuilder();
      for (let i = 0; i < n; i++) g.calls('p.A', `p.M${String(i).padStart(2, '0')}`).calls(`p.M${String(i).padStart(2, '0')}`, 'p.D');
      return { view: g.build(), a: g.hash('p.A'), d: g.hash('p.D') };
    };
    const many = build(12);
    const cut = pathsBetween(many.view, [many.a], [many.d]);
    assert.equal(cut.paths.length, PATHS_DEFAULTS.maxPaths);
    assert.equal(cut.truncated, true);
    assert.equal(show(cut.paths[9]!), 'p.A -calls-> p.M09 -calls-> p.D');
    const exact = build(10);
    const all = pathsBetween(exact.view, [exact.a], [exact.d]);
    assert.deepEqual([all.paths.length, all.truncated], [10, false]);
  });

  it('ends a path at the first target and treats a source that is a target as a path of one step', () => {
    const g = new GraphBuilder().calls('p.A', 'p.B').calls('p.B', 'p.C');
    const view = g.build();
    assert.deepEqual(pathsBetween(view, [g.hash('p.A')], [g.hash('p.B'), g.hash('p.C')]).paths.map(show), ['p.A -calls-> p.B']);
    assert.deepEqual(pathsBetween(view, [g.hash('p.A')], [g.hash('p.A')]).paths.map(show), ['p.A']);
  });

  it('finds nothing when the target is unreachable', () => {
    const g = new GraphBuilder().calls('p.A', 'p.B').calls('p.D', 'p.A');
    assert.deepEqual(pathsBetween(g.build(), [g.hash('p.A')], [g.hash('p.D')]), { paths: [], truncated: false });
  });

  it('marks the result truncated when the expansion budget runs out', () => {
    const g = new GraphBuilder();
    for (let i = 0; i < 6; i++) g.calls('p.A', `p.M${i}`).calls(`p.M${i}`, 'p.D');
    const result = pathsBetween(g.build(), [g.hash('p.A')], [g.hash('p.D')], { maxExpansions: 3 });
    assert.equal(result.truncated, true);
    assert.ok(result.paths.length < 6);
  });

  it('can be limited to some edge types', () => {
    const g = new GraphBuilder().edge('p.A', 'p.D', 'imports').calls('p.A', 'p.B').calls('p.B', 'p.D');
    assert.deepEqual(pathsBetween(g.build(), [g.hash('p.A')], [g.hash('p.D')], { edgeTypes: ['calls'] }).paths.map(show),
      ['p.A -calls-> p.B -calls-> p.D']);
  });

  it('rejects bad input, naming the module', () => {
    const g = new GraphBuilder().calls('p.A', 'p.B');
    const view = g.build();
    const [a, b] = [g.hash('p.A'), g.hash('p.B')];
    assert.throws(() => pathsBetween(view, [], [b]), /graph\/paths: at least one source node is required/);
    assert.throws(() => pathsBetween(view, [a], ['1'.repeat(64)]), /graph\/paths: no target node with hash 1{64}/);
    assert.throws(() => pathsBetween(view, [a], [b], { maxDepth: 0 }), /graph\/paths: maxDepth must be a positive integer/);
    assert.throws(() => pathsBetween(view, [a], [b], { maxPaths: 0 }), /graph\/paths: maxPaths must be a positive integer/);
    assert.throws(() => pathsBetween(view, [a], [b], { maxExpansions: 0 }), /graph\/paths: maxExpansions must be a positive integer/);
  });
});
