import * as assert from 'node:assert/strict';
import { COMMUNITIES_DEFAULTS, cachedCommunities, detectCommunities } from '../../src/graph/communities';
import { seededRandom } from '../../src/graph/seededRandom';
import { GraphBuilder } from '../helpers/graphBuilder';

/** Two 4-cliques of calls joined by one reference, plus noise that must not be clustered. */
function twoClusters(): GraphBuilder {
  const g = new GraphBuilder('example.com/app');
  g.node('src/alpha', { kind: 'module', file: 'src/alpha.ts' });
  const alpha = ['A1', 'A2', 'A3', 'A4'].map((n) => `src/alpha.${n}`);
  const beta = ['B1', 'B2', 'B3', 'B4'].map((n) => `beta.${n}`);
  for (const name of alpha) g.node(name, { file: 'src/alpha.ts' });
  for (const name of beta) g.node(name, { file: 'beta/__init__.py' });
  for (const group of [alpha, beta]) {
    for (let i = 0; i < group.length; i++) for (let j = i + 1; j < group.length; j++) g.calls(group[i]!, group[j]!);
  }
  g.edge('src/alpha.A1', 'src/alpha.A2', 'references'); // parallel to a call: weights add up
  g.edge('src/alpha.A1', 'beta.B1', 'references');
  g.calls('src/alpha.A2', 'UNRESOLVED/fmt.Println');
  g.node('gamma.Lonely', { file: 'gamma.py' });
  g.calls('src/alpha.A3', 'src/alpha.A3'); // recursion is no link to anything
  return g;
}

describe('graph/communities', () => {
  it('finds the clusters with size, top symbols, cohesion and dominant package', () => {
    const g = twoClusters();
    const result = detectCommunities(g.build());
    assert.equal(result.nodeCount, 8, 'placeholders and unconnected nodes are left out');
    assert.equal(result.edgeCount, 13, 'parallel edges merge into one weighted pair');
    // Equal sizes: ids follow the smallest member name (`.../beta.B1` sorts first).
    assert.deepEqual(result.communities.map((c) => ({ ...c, members: c.members.length })), [
      {
        id: 0, size: 4, members: 4, cohesion: 0.9375, dominantPackage: 'beta',
        topSymbols: ['B1', 'B2', 'B3', 'B4'].map((n) => `example.com/app://beta.${n}`),
      },
      {
        id: 1, size: 4, members: 4, cohesion: 0.9412, dominantPackage: 'src/alpha',
        topSymbols: ['A1', 'A2', 'A3', 'A4'].map((n) => `example.com/app://src/alpha.${n}`),
      },
    ]);
    assert.equal(result.communityOf.get(g.hash('src/alpha.A4')), 1);
    assert.equal(result.communityOf.get(g.hash('beta.B1')), 0);
    assert.equal(result.communityOf.has(g.hash('gamma.Lonely')), false);
    assert.deepEqual(result.neighbours(0).map((l) => [l.community.id, l.weight]), [[1, 0.4]]);
    assert.deepEqual(result.neighbours(1).map((l) => [l.community.id, l.weight]), [[0, 0.4]]);
  });

  it('is deterministic and memoised per view', () => {
    const view = twoClusters().build();
    const strip = (r: ReturnType<typeof detectCommunities>) => r.communities;
    assert.deepEqual(strip(detectCommunities(view)), strip(detectCommunities(view)));
    assert.equal(cachedCommunities(view), cachedCommunities(view));
    assert.notEqual(cachedCommunities(view), cachedCommunities(view, { repoUrlPrefix: 'example.com/' }));
  });

  it('restricts the nodes to a repository URL prefix', () => {
    const g = twoClusters().calls('other.com/x://m.P', 'other.com/x://m.Q');
    const view = g.build();
    assert.equal(detectCommunities(view).nodeCount, 10);
    const filtered = detectCommunities(view, { repoUrlPrefix: 'example.com/' });
    assert.equal(filtered.nodeCount, 8);
    assert.equal(filtered.communityOf.has(g.hash('other.com/x://m.P')), false);
    assert.equal(detectCommunities(view, { repoUrlPrefix: 'nothing/' }).communities.length, 0);
  });

  it('keeps topSymbols to the requested number', () => {
    const result = detectCommunities(twoClusters().build(), { topSymbols: 2 });
    assert.deepEqual(result.communities[1]!.topSymbols, ['example.com/app://src/alpha.A1', 'example.com/app://src/alpha.A2']);
    assert.equal(COMMUNITIES_DEFAULTS.topSymbols, 5);
  });

  it('handles an empty graph', () => {
    const result = detectCommunities(new GraphBuilder().node('p.A').build());
    assert.deepEqual([result.communities.length, result.nodeCount, result.edgeCount], [0, 0, 0]);
    assert.deepEqual(result.neighbours(0), []);
  });

  it('seeds its random generator', () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    const values = Array.from({ length: 5 }, () => a());
    assert.deepEqual(values, Array.from({ length: 5 }, () => b()));
    assert.ok(values.every((v) => v >= 0 && v < 1));
    assert.notDeepEqual(values, Array.from({ length: 5 }, seededRandom(8)));
  });

  it('rejects bad options, naming the module', () => {
    const view = twoClusters().build();
    assert.throws(() => detectCommunities(view, { resolution: 0 }), /graph\/communities: resolution must be a positive number/);
    assert.throws(() => detectCommunities(view, { seed: 1.5 }), /graph\/communities: seed must be an integer/);
    assert.throws(() => detectCommunities(view, { topSymbols: 0 }), /graph\/communities: topSymbols must be a positive integer/);
    assert.throws(() => detectCommunities(view, { repoUrlPrefix: 3 as never }), /graph\/communities: repoUrlPrefix must be a string/);
  });
});
