import * as assert from 'node:assert/strict';
import { InMemoryGraphView } from '../../src/graph/graphView';
import { DEFAULTS, compileWalkGraph, edgeRankWeight, randomWalkWithRestart } from '../../src/graph/rwr';
import { type EdgeType, type GraphEdge, type GraphNode, Identity } from '../../src/model';

const REPO = Identity.repo('r');

function node(name: string): GraphNode {
  return {
    nodeHash: Identity.node('r', `r://p.${name}`, 'function'), fileHash: '', repoHash: REPO, qualifiedName: `r://p.${name}`,
    kind: 'function', line: 1, column: 0, endLine: 1, signature: '', bodyHash: '', doc: '',
  };
}

function edge(from: string, to: string, edgeType: EdgeType = 'calls', confidence = 0.7, provenance = 'ast_inferred'): GraphEdge {
  const sourceHash = hashOf(from);
  const targetHash = hashOf(to);
  return {
    edgeHash: Identity.edge(sourceHash, targetHash, edgeType, provenance), sourceHash, targetHash, edgeType, confidence, provenance,
    callSiteFile: '', callSiteLine: 0, callSiteCol: 0, laterCallSites: [], observationCount: 0, lastObserved: 0, ownerFileHash: '',
  };
}

function hashOf(name: string): string {
  return node(name).nodeHash;
}

/** A view over named nodes; every name used by an edge must be listed. */
function view(names: string[], edges: GraphEdge[]): InMemoryGraphView {
  return new InMemoryGraphView(names.map(node), edges, new Map(), new Map());
}

function scoreOf(result: { scores: Map<string, number> }, name: string): number {
  return result.scores.get(hashOf(name)) ?? 0;
}

const seed = (...names: string[]) => new Map(names.map((n) => [hashOf(n), 1]));

describe('graph/rwr', () => {
  describe('validation', () => {
    const g = view(['a', 'b'], [edge('a', 'b')]);
    it('names the module and the option', () => {
      assert.throws(() => randomWalkWithRestart(g, seed('a'), { restart: 0 }), { message: 'graph/rwr: restart must be in (0,1)' });
    });
    const cases: Array<[object, RegExp]> = [
      [{ restart: 1 }, /restart must be in \(0,1\)/],
      [{ restart: Number.NaN }, /restart must be in \(0,1\)/],
      [{ iterations: 0 }, /iterations must be a positive integer/],
      [{ iterations: 2.5 }, /iterations must be a positive integer/],
      [{ tolerance: -1 }, /tolerance must be a finite number >= 0/],
      [{ maxHops: -1 }, /maxHops must be an integer >= 0/],
      [{ maxNodes: 0 }, /maxNodes must be a positive integer/],
      [{ forward: -1 }, /forward must be a finite number >= 0/],
      [{ backward: Number.POSITIVE_INFINITY }, /backward must be a finite number >= 0/],
      [{ forward: 0, backward: 0 }, /forward and backward cannot both be 0/],
      [{ edgeWeight: 3 }, /graph\/rwr: edgeWeight must be a function/],
    ];
    for (const [options, message] of cases) {
      it(`rejects ${Object.entries(options).map(([k, v]) => `${k}=${String(v)}`).join(' ')}`, () => {
        assert.throws(() => randomWalkWithRestart(g, seed('a'), options), message);
      });
    }

    it('rejects empty seeds, unknown seeds and non-positive seed weights', () => {
      assert.throws(() => randomWalkWithRestart(g, new Map()), /graph\/rwr: seeds must name at least one node/);
      assert.throws(() => randomWalkWithRestart(g, new Map([['f'.repeat(64), 1]])), /graph\/rwr: seed f{64} is not a node of the graph/);
      assert.throws(() => randomWalkWithRestart(g, new Map([[hashOf('a'), 0]])), /seed weight of .* must be a finite number > 0/);
      assert.throws(() => randomWalkWithRestart(g, new Map([[hashOf('a'), Number.NaN]])), /seed weight/);
    });
  });

  it('has the documented defaults', () => {
    assert.equal(DEFAULTS.restart, 0.15);
    assert.equal(DEFAULTS.iterations, 30);
    assert.ok(DEFAULTS.tolerance > 0 && DEFAULTS.tolerance < 1e-3);
  });

  it('matches the closed form on two nodes joined by one edge, walked both ways', () => {
    const result = randomWalkWithRestart(view(['a', 'b'], [edge('a', 'b')]), seed('a'), { iterations: 500, tolerance: 0 });
    // r_a = α + (1-α) r_b and r_b = (1-α) r_a, so r_a = α / (1 - (1-α)²).
    const alpha = 0.15;
    const ra = alpha / (1 - (1 - alpha) ** 2);
    assert.ok(Math.abs(scoreOf(result, 'a') - ra) < 1e-9);
    assert.ok(Math.abs(scoreOf(result, 'b') - (1 - alpha) * ra) < 1e-9);
    assert.equal(result.converged, false, 'tolerance 0 never stops early');
    assert.equal(result.iterations, 500);
  });

  it('walks to callers as well as callees, and scores fall with distance', () => {
    // caller2 -> caller1 -> seed -> callee1 -> callee2
    const g = view(['caller2', 'caller1', 'seed', 'callee1', 'callee2'],
      [edge('caller2', 'caller1'), edge('caller1', 'seed'), edge('seed', 'callee1'), edge('callee1', 'callee2')]);
    const result = randomWalkWithRestart(g, seed('seed'), { iterations: 300 });
    assert.ok(scoreOf(result, 'seed') > scoreOf(result, 'caller1'));
    assert.ok(scoreOf(result, 'caller1') > scoreOf(result, 'caller2'));
    assert.ok(scoreOf(result, 'callee1') > scoreOf(result, 'callee2'));
    assert.ok(Math.abs(scoreOf(result, 'caller1') - scoreOf(result, 'callee1')) < 1e-12, 'symmetric chain, symmetric scores');
    assert.deepEqual([...result.hops.values()].sort(), [0, 1, 1, 2, 2]);
    assert.ok(result.converged);
    const total = [...result.scores.values()].reduce((a, b) => a + b, 0);
    assert.ok(Math.abs(total - 1) < 1e-5, 'nothing leaks when the ball holds the whole graph');
  });

  it('follows one direction only when the other multiplier is 0', () => {
    const g = view(['caller', 'seed', 'callee'], [edge('caller', 'seed'), edge('seed', 'callee')]);
    const forward = randomWalkWithRestart(g, seed('seed'), { backward: 0 });
    assert.equal(scoreOf(forward, 'caller'), 0);
    assert.ok(scoreOf(forward, 'callee') > 0);
    const backward = randomWalkWithRestart(g, seed('seed'), { forward: 0 });
    assert.equal(scoreOf(backward, 'callee'), 0);
    assert.ok(scoreOf(backward, 'caller') > 0);
  });

  it('weights edges by SPEC 2.5 type weight, and runtime edges by their confidence', () => {
    const g = view(['s', 'called', 'referenced'], [edge('s', 'called', 'calls'), edge('s', 'referenced', 'references')]);
    const result = randomWalkWithRestart(g, seed('s'));
    assert.ok(Math.abs(scoreOf(result, 'called') / scoreOf(result, 'referenced') - 1.0 / 0.4) < 1e-9);

    assert.equal(edgeRankWeight(edge('a', 'b', 'imports')), 0.5);
    assert.equal(edgeRankWeight(edge('a', 'b', 'implements')), 0.8);
    assert.equal(edgeRankWeight(edge('a', 'b', 'runtime_calls', 0.95, 'otel_trace')), 0.95);
    assert.equal(edgeRankWeight(edge('a', 'b', 'runtime_rpc', 0, 'otel_trace')), 0.3, 'the runtime default without a confidence');
    const busy = view(['s', 'hot', 'cold'], [
      edge('s', 'hot', 'runtime_calls', 0.95, 'otel_trace'), edge('s', 'cold', 'runtime_calls', 0.2, 'otel_trace'),
    ]);
    const traffic = randomWalkWithRestart(busy, seed('s'));
    assert.ok(scoreOf(traffic, 'hot') > 4 * scoreOf(traffic, 'cold'));
  });

  it('drops edges a custom weight gives 0', () => {
    const g = view(['s', 'kept', 'dropped'], [edge('s', 'kept'), edge('s', 'dropped')]);
    const result = randomWalkWithRestart(g, seed('s'), { edgeWeight: (e) => (e.targetHash === hashOf('dropped') ? 0 : 1) });
    assert.equal(result.hops.has(hashOf('dropped')), false);
    assert.ok(scoreOf(result, 'kept') > 0);
  });

  it('limits the walk to maxHops and maxNodes, losing what walks out', () => {
    const names = ['n0', 'n1', 'n2', 'n3', 'n4', 'n5'];
    const g = view(names, names.slice(1).map((n, i) => edge(names[i], n)));
    const near = randomWalkWithRestart(g, seed('n0'), { maxHops: 2 });
    assert.deepEqual([...near.hops.keys()].sort(), ['n0', 'n1', 'n2'].map(hashOf).sort());
    const total = [...near.scores.values()].reduce((a, b) => a + b, 0);
    assert.ok(total < 1, 'mass walking past the ball is dropped');
    const capped = randomWalkWithRestart(g, seed('n0'), { maxNodes: 4 });
    assert.equal(capped.hops.size, 4);
    const seedsOnly = randomWalkWithRestart(g, seed('n0'), { maxHops: 0 });
    assert.deepEqual([...seedsOnly.hops.keys()], [hashOf('n0')]);
  });

  it('sends a stranded walker back to the seeds', () => {
    const result = randomWalkWithRestart(view(['alone', 'other'], []), seed('alone'));
    assert.ok(Math.abs(scoreOf(result, 'alone') - 1) < 1e-12);
    assert.equal(result.scores.size, 1);
  });

  it('splits the restart by seed weight', () => {
    const g = view(['a', 'b'], []);
    const result = randomWalkWithRestart(g, new Map([[hashOf('a'), 3], [hashOf('b'), 1]]));
    assert.ok(Math.abs(scoreOf(result, 'a') - 0.75) < 1e-12);
    assert.ok(Math.abs(scoreOf(result, 'b') - 0.25) < 1e-12);
  });

  it('is deterministic', () => {
    const names = Array.from({ length: 40 }, (_, i) => `n${i}`);
    const edges = names.flatMap((n, i) => [edge(n, names[(i * 7 + 3) % 40]), edge(n, names[(i * 11 + 5) % 40], 'references')]);
    const g = view(names, edges);
    const a = randomWalkWithRestart(g, seed('n1', 'n2'));
    const b = randomWalkWithRestart(g, seed('n1', 'n2'));
    assert.deepEqual([...a.scores], [...b.scores]);
  });

  describe('compiled graphs', () => {
    const names = ['a', 'b', 'c', 'd'];
    const edges = [edge('a', 'b'), edge('b', 'c', 'references'), edge('c', 'd', 'imports'), edge('d', 'a', 'runtime_calls', 0.9, 'otel_trace')];

    it('compiles a view to dense rows both ways, with weight totals', () => {
      const g = compileWalkGraph(view(names, edges));
      assert.equal(g.kind, 'walk-graph');
      assert.equal(g.hashes.length, 4);
      const a = g.index.get(hashOf('a'))!;
      const b = g.index.get(hashOf('b'))!;
      assert.deepEqual([...g.outTarget.subarray(g.outStart[a], g.outStart[a + 1])], [b]);
      assert.deepEqual([...g.inSource.subarray(g.inStart[b], g.inStart[b + 1])], [a]);
      assert.equal(g.outTotal[a], 1);
      assert.equal(g.inTotal[a], 0.9, 'the runtime edge weighs its confidence');
    });

    it('leaves out edges a weight function gives 0, and edges to nodes outside the view', () => {
      const dangling = edge('a', 'ghost');
      const g = compileWalkGraph(view(names, [...edges, dangling]), (e) => (e.edgeType === 'imports' ? 0 : 1));
      assert.equal(g.outTarget.length, 3);
      assert.throws(() => compileWalkGraph(view(names, edges), 'x' as never), { message: 'graph/rwr: edgeWeight must be a function' });
    });

    it('walks a compiled graph exactly as the view it came from', () => {
      const v = view(names, edges);
      const fromView = randomWalkWithRestart(v, seed('a'));
      const fromCompiled = randomWalkWithRestart(compileWalkGraph(v), seed('a'));
      assert.deepEqual([...fromCompiled.scores], [...fromView.scores]);
      assert.deepEqual([...fromCompiled.hops], [...fromView.hops]);
    });

    it('refuses a weight function for an already compiled graph', () => {
      assert.throws(() => randomWalkWithRestart(compileWalkGraph(view(names, edges)), seed('a'), { edgeWeight: () => 1 }),
        { message: 'graph/rwr: edgeWeight applies when compiling; pass it to compileWalkGraph' });
    });
  });
});
