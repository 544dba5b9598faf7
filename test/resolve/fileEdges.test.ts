import * as assert from 'node:assert/strict';
import { type GraphEdge, Identity, NO_LATER_CALL_SITES, callSitesOf } from '../../src/model';
import { FileEdges } from '../../src/resolve/fileEdges';
import { call, facts, linkRepo, symbol } from '../helpers/linkRepo';

function siteEdge(target: string, line: number, col: number, provenance = 'ast_inferred'): GraphEdge {
  return {
    edgeHash: Identity.edge('s', target, 'calls', provenance), sourceHash: 's', targetHash: target, edgeType: 'calls', confidence: 0.7,
    provenance, callSiteFile: 'a.ts', callSiteLine: line, callSiteCol: col, laterCallSites: NO_LATER_CALL_SITES,
    observationCount: 0, lastObserved: 0, ownerFileHash: 'f',
  };
}

const sites = (e: GraphEdge): string[] => callSitesOf(e).map((s) => `${s.file}:${s.line}:${s.col}`);

describe('resolve/fileEdges', () => {
  it('merges facts of one edge identity into one edge with every site, in source order, without repeats', () => {
    const edges = new FileEdges();
    for (const [line, col] of [[9, 5], [3, 11], [9, 5], [3, 3]]) edges.add(siteEdge('t', line, col));
    edges.add(siteEdge('u', 4, 1));
    const [t, u] = edges.toArray();
    assert.deepEqual(sites(t), ['a.ts:3:3', 'a.ts:3:11', 'a.ts:9:5'], 'the earliest site is call_site_*');
    assert.deepEqual(sites(u), ['a.ts:4:1']);
    assert.equal(u.laterCallSites, NO_LATER_CALL_SITES, 'an edge with one site shares the empty list');
  });

  it('keeps edges apart whose identities differ only in provenance', () => {
    const edges = new FileEdges();
    edges.add(siteEdge('t', 1, 1));
    edges.add(siteEdge('t', 2, 1, 'lsp_resolved'));
    assert.equal(edges.toArray().length, 2);
  });

  it('gives the linker one calls edge per caller and callee with each call site', () => {
    const { linked } = linkRepo([
      facts('src/util.ts', 'typescript', { symbols: [symbol('helper', 'function')] }),
      facts('src/main.ts', 'typescript', {
        symbols: [symbol('main', 'function')],
        imports: [{ source: './util', line: 1, col: 0, bindings: [{ imported: 'helper', local: 'helper' }] }],
        calls: [call('main', { form: 'name', name: 'helper' }, 12), call('main', { form: 'name', name: 'helper' }, 7)],
      }),
    ]);
    const calls = linked[1].edges.filter((e) => e.edgeType === 'calls');
    assert.equal(calls.length, 1);
    assert.deepEqual(sites(calls[0]), ['src/main.ts:7:5', 'src/main.ts:12:5']);
  });
});
