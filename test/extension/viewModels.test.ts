import * as assert from 'node:assert/strict';
import { NO_TRACE_DATA, blastRadiusModel, communityLabel, deadRoutesModel, shortName } from '../../src/extension/views/viewModels';

const node = (name: string, kind = 'function') => ({ NodeHash: `h-${name}`, QualifiedName: `local/app://${name}`, Kind: kind, Line: 1 });

describe('extension/views/viewModels', () => {
  it('groups blast-radius callers by repo, then depth, with confidence and the provenance chain', () => {
    const groups = blastRadiusModel({
      Target: node('src/util.helper'),
      ByRepo: {
        'local/b': [{ Caller: node('src/x.far'), Depth: 2, Confidence: 0.7, Provenance: [{ Source: 'ast_inferred', Confidence: 0.7 }, { Source: 'lsp_resolved', Confidence: 0.9 }] }],
        'local/a': [
          { Caller: node('src/y.near'), Depth: 1, Confidence: 0.9, Provenance: [{ Source: 'lsp_resolved', Confidence: 0.9 }] },
          { Caller: node('src/z.next', 'method'), Depth: 2, Confidence: 0.7, Provenance: [{ Source: 'ast_inferred', Confidence: 0.7 }] },
        ],
      },
      TotalCount: 3,
      Truncated: false,
    });
    assert.deepEqual(groups.map((g) => [g.repoUrl, g.count, g.depths.map((d) => d.depth)]), [['local/a', 2, [1, 2]], ['local/b', 1, [2]]]);
    assert.equal(groups[0].depths[0].callers[0].label, 'src/y.near');
    assert.equal(groups[0].depths[0].callers[0].description, 'function · confidence 0.90 · lsp_resolved');
    assert.equal(groups[1].depths[0].callers[0].description, 'function · confidence 0.70 · ast_inferred → lsp_resolved');
  });

  it('explains dead routes when there is no trace data, and not otherwise', () => {
    const route = (service: string, pattern: string) => ({ ServiceName: service, RoutePattern: pattern, MappingType: 'http_route', NodeHash: 'h' });
    const stats = { TotalEdges: 0, ActiveEdges: 0, StaleEdges: 0, GCEligible: 0, ByEdgeType: {} };
    const model = deadRoutesModel([route('b', 'GET /x'), route('a', 'GET /y'), route('b', 'POST /x')], stats);
    assert.equal(model.message, NO_TRACE_DATA);
    assert.deepEqual(model.services.map((s) => [s.service, s.routes.length]), [['a', 1], ['b', 2]]);
    assert.equal(deadRoutesModel([], { ...stats, TotalEdges: 3 }).message, undefined);
  });

  it('labels communities by dominant package and strips repo URLs', () => {
    const label = communityLabel({ id: 4, size: 12, top_symbols: ['local/app://src/a.f'], cohesion: 0.5, dominant_package: 'src/a' });
    assert.deepEqual([label.label, label.description], ['src/a', '12 symbols · cohesion 0.50']);
    assert.match(label.tooltip, /src\/a\.f/);
    assert.equal(communityLabel({ id: 4, size: 1, top_symbols: [], cohesion: 0, dominant_package: '' }).label, 'community 4');
    assert.equal(shortName('no-scheme'), 'no-scheme');
  });
});
