import * as assert from 'node:assert/strict';
import { MODE_SETTINGS } from '../../src/context/contextBuilder';
import { DEFAULTS, degreeCorrection, evidenceScore, feedbackBoost, rankSymbols, runtimeBoost } from '../../src/context/ranking';
import { symbolIndexOf } from '../../src/context/symbolIndex';
import type { Hash } from '../../src/model';
import { ContextGraph } from './contextGraph';

function names(ranking: ReturnType<typeof rankSymbols>): string[] {
  return ranking.symbols.map((s) => s.node.qualifiedName.split('://')[1]);
}

describe('context/ranking', () => {
  it('boosts by smoothed usefulness: neutral without votes, bounded by 0 and 2', () => {
    assert.equal(feedbackBoost(undefined), 1);
    assert.equal(feedbackBoost({ useful: 0, notUseful: 0 }), 1);
    assert.equal(feedbackBoost({ useful: 1, notUseful: 0 }), 4 / 3);
    assert.equal(feedbackBoost({ useful: 0, notUseful: 1 }), 2 / 3);
    assert.ok(feedbackBoost({ useful: 1000, notUseful: 0 }) < 2);
    assert.ok(feedbackBoost({ useful: 0, notUseful: 1000 }) > 0);
    assert.equal(runtimeBoost(0, 0.5), 1);
    assert.equal(runtimeBoost(99, 0.5), 2);
    assert.equal(runtimeBoost(-5, 0.5), 1);
  });

  it('validates its options', () => {
    const g = new ContextGraph();
    const a = g.node('a.f', { file: 'a.ts' });
    const index = symbolIndexOf(g.view());
    const seeds = new Map([[a.nodeHash, 1]]);
    assert.throws(() => rankSymbols(index, seeds, { runtimeWeight: -1 }), { message: 'context/ranking: runtimeWeight must be a finite number >= 0' });
    assert.throws(() => rankSymbols(index, seeds, { candidates: 0 }), { message: 'context/ranking: candidates must be a positive integer' });
    assert.throws(() => rankSymbols(index, seeds, { walk: { restart: 2 } }), { message: 'graph/rwr: restart must be in (0,1)' });
    assert.equal(DEFAULTS.candidates, 2000);
  });

  it('divides a hub\'s walk score by its callers and demotes tests when asked', () => {
    assert.equal(degreeCorrection(99, 0), 1);
    assert.equal(degreeCorrection(99, 0.5), 0.1);
    const g = new ContextGraph();
    const seed = g.node('a.seed', { file: 'a.py' });
    const hub = g.node('a.hub', { file: 'a.py' });
    const helper = g.node('a.helper', { file: 'a.py' });
    const check = g.node('tests.test_seed', { file: 'tests/test_a.py' });
    g.edge(seed, hub);
    g.edge(seed, helper);
    g.edge(check, seed);
    for (let i = 0; i < 20; i++) g.edge(g.node(`z.caller${i}`, { file: 'z.py' }), hub);
    const index = symbolIndexOf(g.view());
    const seeds = new Map([[seed.nodeHash, 1]]);
    const plain = rankSymbols(index, seeds);
    const corrected = rankSymbols(index, seeds, { degreeExponent: 0.5, testWeight: 0.1 });
    const at = (ranking: ReturnType<typeof rankSymbols>, name: string) => names(ranking).indexOf(name);
    assert.ok(at(plain, 'a.hub') === at(plain, 'a.helper') - 1, 'equal walk scores: by name');
    assert.ok(at(corrected, 'a.helper') < at(corrected, 'a.hub'), 'the hub falls below the plain helper');
    assert.ok(at(corrected, 'tests.test_seed') > at(plain, 'tests.test_seed'), 'the test falls');
    assert.throws(() => rankSymbols(index, seeds, { degreeExponent: -1 }), { message: 'context/ranking: degreeExponent must be a finite number >= 0' });
    assert.throws(() => rankSymbols(index, seeds, { testWeight: 0 }), { message: 'context/ranking: testWeight must be in (0,1]' });
  });

  it('adds what the text matches to the walk: a named symbol first, then bodies and files that speak of the task', () => {
    const g = new ContextGraph();
    const named = g.node('a.parse', { file: 'a.py' });
    const callee = g.node('a.tokens', { file: 'a.py' });
    const unreached = g.node('b.render', { file: 'b.py' });
    const sibling = g.node('b.layout', { file: 'b.py' });
    g.edge(named, callee);
    const index = symbolIndexOf(g.view());
    const seeds = new Map([[named.nodeHash, 1]]);
    const evidence = {
      names: new Map([[named.nodeHash, 1]]),
      symbols: new Map([[unreached.nodeHash, 1]]),
      files: new Map([[unreached.fileHash, 1]]),
    };
    assert.deepEqual(names(rankSymbols(index, seeds)), ['a.parse', 'a.tokens'], 'the walk alone reaches only a.py');
    const ranked = rankSymbols(index, seeds, { evidence });
    assert.deepEqual(names(ranked), ['a.parse', 'b.render', 'a.tokens'], 'a body match the walk never reached ranks; its file-mate does not');
    assert.equal(ranked.available, 3);
    assert.ok(!names(ranked).includes(sibling.qualifiedName.split('://')[1]));
  });

  it('counts the better of a symbol\'s name and lines match, and the other at half, beside its file and its walk', () => {
    const only = { walk: 0, name: 0, lines: 0, file: 0 };
    assert.equal(evidenceScore({ ...only, name: 1, lines: 1 }), 1.5, 'one text seen twice is not two matches');
    assert.equal(evidenceScore({ ...only, name: 0.4, lines: 0.8 }), 1);
    assert.equal(evidenceScore({ ...only, lines: 0.8 }), 0.8, 'changed files (no name evidence) weigh their lines as before');
    assert.equal(evidenceScore({ walk: 1, name: 0, lines: 0, file: 0.5 }), 1.5, 'by default the walk and the file weigh alike');
    const task = evidenceScore({ walk: 1, name: 0.5, lines: 0, file: 0.25 }, MODE_SETTINGS.task);
    assert.ok(Math.abs(task - (0.5 + 0.25 + (4 / 3) * 0.5)) < 1e-12, `a task: walk at half, own match at 4/3: ${task}`);
  });

  it('ranks a symbol of the file that explains the task above one whose name and body repeat a word', () => {
    const g = new ContextGraph();
    const wordy = g.node('request.get_data', { file: 'request.py' });
    const parser = g.node('multipart.next_event', { file: 'multipart.py' });
    const seed = g.node('other.start', { file: 'other.py' });
    const index = symbolIndexOf(g.view());
    const seeds = new Map([[seed.nodeHash, 1]]);
    const evidence = {
      names: new Map([[wordy.nodeHash, 1]]),
      symbols: new Map([[parser.nodeHash, 1], [wordy.nodeHash, 0.8]]),
      files: new Map([[parser.fileHash, 1], [wordy.fileHash, 0.3]]),
    };
    const ranked = names(rankSymbols(index, seeds, { evidence, ...MODE_SETTINGS.task }));
    assert.deepEqual(ranked, ['multipart.next_event', 'request.get_data', 'other.start'], 'a seed no word matched comes last');
    assert.throws(() => rankSymbols(index, seeds, { evidence, walkWeight: -1 }), { message: 'context/ranking: walkWeight must be a finite number >= 0' });
    assert.throws(() => rankSymbols(index, seeds, { evidence, symbolMatchWeight: Number.NaN }), { message: 'context/ranking: symbolMatchWeight must be a finite number >= 0' });
  });

  it('returns nothing for no seeds', () => {
    const ranking = rankSymbols(symbolIndexOf(new ContextGraph().view()), new Map());
    assert.deepEqual(ranking.symbols, []);
    assert.equal(ranking.available, 0);
    assert.equal(ranking.walkScore('x'), 0);
  });

  it('ranks neighbours by walk score, with distance, and shows no modules or placeholders', () => {
    const g = new ContextGraph();
    const seed = g.node('a.seed', { file: 'a.ts' });
    const callee = g.node('a.callee', { file: 'a.ts' });
    const far = g.node('b.far', { file: 'b.ts' });
    const mod = g.node('a', { kind: 'module', file: 'a.ts' });
    const external = g.node('UNRESOLVED/lib.call');
    g.edge(seed, callee);
    g.edge(callee, far);
    g.edge(mod, seed, 'references');
    g.edge(seed, external);
    const ranking = rankSymbols(symbolIndexOf(g.view()), new Map([[seed.nodeHash, 1]]));
    assert.deepEqual(names(ranking), ['a.seed', 'a.callee', 'b.far']);
    assert.deepEqual(ranking.symbols.map((s) => s.distance), [0, 1, 2]);
    assert.equal(ranking.available, 3);
    assert.equal(ranking.walkScore(external.nodeHash), 0, 'placeholders are not walked');
    assert.ok(ranking.walkScore(mod.nodeHash) > 0, 'modules are walked, only not shown');
  });

  it('does not let an UNRESOLVED hub spread score to unrelated code', () => {
    const g = new ContextGraph();
    const seed = g.node('a.seed', { file: 'a.ts' });
    const hub = g.node('UNRESOLVED/console.log');
    const stranger = g.node('z.stranger', { file: 'z.ts' });
    g.edge(seed, hub);
    g.edge(stranger, hub);
    const ranking = rankSymbols(symbolIndexOf(g.view()), new Map([[seed.nodeHash, 1]]));
    assert.deepEqual(names(ranking), ['a.seed']);
  });

  it('breaks score ties by qualified name', () => {
    const g = new ContextGraph();
    const seed = g.node('m.seed', { file: 'm.ts' });
    for (const name of ['m.zeta', 'm.alpha', 'm.mid']) g.edge(seed, g.node(name, { file: 'm.ts' }));
    assert.deepEqual(names(rankSymbols(symbolIndexOf(g.view()), new Map([[seed.nodeHash, 1]]))), ['m.seed', 'm.alpha', 'm.mid', 'm.zeta']);
  });

  it('lets feedback and runtime traffic reorder equals', () => {
    const g = new ContextGraph();
    const seed = g.node('m.seed', { file: 'm.ts' });
    const alpha = g.node('m.alpha', { file: 'm.ts' });
    const beta = g.node('m.beta', { file: 'm.ts' });
    const gamma = g.node('m.gamma', { file: 'm.ts' });
    const peer = g.node('n.peer', { file: 'n.ts' });
    g.edge(seed, alpha);
    g.edge(seed, beta);
    g.edge(seed, gamma);
    g.edge(gamma, peer, 'references');
    g.edge(peer, gamma, 'runtime_calls', { provenance: 'otel_trace', observationCount: 9999, confidence: 0 });
    const index = symbolIndexOf(g.view());
    const seeds = new Map([[seed.nodeHash, 1]]);
    const asked: Hash[][] = [];
    const feedback = (hashes: readonly Hash[]) => {
      asked.push([...hashes]);
      return new Map([[beta.nodeHash, { useful: 3, notUseful: 0 }], [alpha.nodeHash, { useful: 0, notUseful: 3 }]]);
    };
    const plain = names(rankSymbols(index, seeds, { runtimeWeight: 0 }));
    assert.deepEqual(plain.slice(1, 4), ['m.gamma', 'm.alpha', 'm.beta'], 'gamma has an extra edge to walk back from');
    const voted = names(rankSymbols(index, seeds, { runtimeWeight: 0, feedback }));
    assert.equal(voted[1], 'm.beta', 'three useful votes lift beta to the top after the seed');
    assert.ok(voted.indexOf('m.gamma') < voted.indexOf('m.alpha'), 'three not-useful votes sink alpha');
    assert.equal(asked.length, 1);
    assert.ok(asked[0].includes(beta.nodeHash));
    const busy = rankSymbols(index, seeds, { runtimeWeight: 1 });
    assert.ok(busy.symbols.find((s) => s.node.nodeHash === gamma.nodeHash)!.score
      > 2 * rankSymbols(index, seeds, { runtimeWeight: 0 }).symbols.find((s) => s.node.nodeHash === gamma.nodeHash)!.score);
  });

  it('keeps at most `candidates` symbols but counts all it reached', () => {
    const g = new ContextGraph();
    const seed = g.node('m.seed', { file: 'm.ts' });
    for (let i = 0; i < 10; i++) g.edge(seed, g.node(`m.f${i}`, { file: 'm.ts' }));
    const ranking = rankSymbols(symbolIndexOf(g.view()), new Map([[seed.nodeHash, 1]]), { candidates: 4 });
    assert.equal(ranking.symbols.length, 4);
    assert.equal(ranking.available, 11);
  });
});

describe('context/ranking liftedSeedsPerFile', () => {
  it('lifts the best seeds of each file above every other symbol, keeping their order', () => {
    const g = new ContextGraph();
    const seedA = g.node('m.seedA', { file: 'm.ts' });
    const seedB = g.node('m.seedB', { file: 'm.ts' });
    const hub = g.node('n.hub', { file: 'n.ts' });
    g.edge(hub, seedA);
    g.edge(hub, seedB);
    const index = symbolIndexOf(g.view());
    const seeds = new Map([[seedA.nodeHash, 1], [seedB.nodeHash, 1]]);
    assert.equal(names(rankSymbols(index, seeds))[0], 'n.hub', 'both seeds feed the hub');
    assert.deepEqual(names(rankSymbols(index, seeds, { liftedSeedsPerFile: 2 })), ['m.seedA', 'm.seedB', 'n.hub']);
    assert.deepEqual(names(rankSymbols(index, seeds, { liftedSeedsPerFile: 1 })), ['m.seedA', 'n.hub', 'm.seedB'], 'the rest of the file competes');
  });
});
