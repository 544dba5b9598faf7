import * as assert from 'node:assert/strict';
import type { BlastCallersResult, CommunitySummary } from '../../src/server/protocol';
import {
  CALLERS_PAGE, NO_TRACE_DATA, blastRadiusHeader, blastRadiusModel, communityLabels, deadRoutesModel, isTestCommunity, verdictItem,
} from '../../src/extension/views/viewModels';

const symbol = (name: string, kind = 'function') => ({ nodeHash: `h-${name}`, qualifiedName: `local/app://${name}`, kind, path: '/w/x.ts', line: 1, character: 0 });
const caller = (name: string, depth: number, confidence = 0.9, provenance = ['lsp_resolved'], repoUrl = 'local/app', kind = 'function') =>
  ({ symbol: symbol(name, kind), repoUrl, depth, confidence, provenance });

function blast(callers: ReturnType<typeof caller>[], extra: Partial<BlastCallersResult> = {}): BlastCallersResult {
  const depthCounts: Record<number, number> = {};
  for (const c of callers) depthCounts[c.depth] = (depthCounts[c.depth] ?? 0) + 1;
  return {
    target: symbol('src/util.helper'), maxDepth: 5, totalCount: callers.length, depthCounts, callers, listLimit: 5000, truncated: false,
    runtimeCallers: 0, runtimeObservations: 0, verdict: { verdict: 'static_callers_only', text: 'static callers only', reason: 'r' }, ...extra,
  };
}

describe('extension/views/viewModels', () => {
  it('groups blast-radius callers by depth, short name first, with package, confidence and the provenance chain', () => {
    const groups = blastRadiusModel(blast([
      caller('src/y.near', 1),
      caller('src/z.Service.next', 2, 0.7, ['ast_inferred'], 'local/app', 'method'),
      caller('src/x.far', 2, 0.7, ['ast_inferred', 'lsp_resolved']),
    ]));
    assert.deepEqual(groups.map((g) => [g.depth, g.count, g.callers.length, g.more]), [[1, 1, 1, 0], [2, 2, 2, 0]]);
    assert.deepEqual([groups[0].callers[0].label, groups[0].callers[0].description], ['near', 'src/y · confidence 0.90 · lsp_resolved']);
    assert.deepEqual([groups[1].callers[0].label, groups[1].callers[1].description], ['Service.next', 'src/x · confidence 0.70 · ast_inferred → lsp_resolved']);
    assert.match(groups[0].callers[0].tooltip, /^local\/app:\/\/src\/y\.near\nfunction, depth 1/);
  });

  it('shows a page of callers per depth, more on "load more", and counts what the list leaves out', () => {
    const many = Array.from({ length: 250 }, (_, i) => caller(`src/m.f${String(i).padStart(3, '0')}`, 1));
    const first = blastRadiusModel(blast(many));
    assert.deepEqual([first[0].callers.length, first[0].more, first[0].count], [CALLERS_PAGE, 150, 250]);
    const second = blastRadiusModel(blast(many), new Map([[1, 2 * CALLERS_PAGE]]));
    assert.deepEqual([second[0].callers.length, second[0].more], [200, 50]);
    const truncated = blast(many.slice(0, 120), { totalCount: 889, depthCounts: { 1: 250, 2: 639 }, truncated: true });
    const groups = blastRadiusModel(truncated);
    assert.deepEqual(groups.map((g) => [g.depth, g.count, g.callers.length, g.more, g.unlisted]), [[1, 250, 100, 20, 130], [2, 639, 0, 0, 639]]);
    assert.equal(blastRadiusHeader(truncated),
      '889 callers of helper in 2 levels (up to depth 5). List truncated to the nearest 120: Show Blast Radius on a listed caller to see the callers '
      + 'beyond it, or export the graph (ckg export) for all of them.');
  });

  it('says how many callers in how many levels, one caller singular, none plainly', () => {
    assert.equal(blastRadiusHeader(blast([caller('src/y.near', 1)])), '1 caller of helper in 1 level (up to depth 5). Expand a depth; "load more" shows the next 100.');
    assert.equal(blastRadiusHeader(blast([])), 'helper has no callers in the graph.');
  });

  it('names the repository of each caller only when callers come from several', () => {
    const groups = blastRadiusModel(blast([caller('src/y.near', 1), caller('src/q.far', 1, 0.9, ['otel_trace'], 'local/other')]));
    assert.ok(groups[0].callers.every((c) => /local\/(app|other)/.test(c.description)));
  });

  it('shows the target\'s verdict first: its text, the evidence line, and the runtime layer counted apart', () => {
    const observed = verdictItem(blast([caller('src/y.near', 1)], {
      runtimeCallers: 2, runtimeObservations: 14,
      verdict: {
        verdict: 'observed_in_production', text: 'observed in production (14 calls in the window)',
        reason: '1 static caller; 2 runtime callers; 14 observed in the last 7 days (last 2027-01-15T08:00:00.000Z)',
      },
    }));
    assert.deepEqual(observed, {
      label: 'observed in production (14 calls in the window)',
      description: '1 static caller; 2 runtime callers; 14 observed in the last 7 days (last 2027-01-15T08:00:00.000Z)',
      tooltip: 'observed in production (14 calls in the window)\n1 static caller; 2 runtime callers; 14 observed in the last 7 days '
        + '(last 2027-01-15T08:00:00.000Z)\n2 runtime callers (14 observations in the window), counted apart from the static callers',
      icon: 'pulse',
    });
    const icons = ['static_callers_only', 'safe_to_delete', 'unknown', 'something_new']
      .map((kind) => verdictItem(blast([], { verdict: { verdict: kind, text: kind, reason: '' } })).icon);
    assert.deepEqual(icons, ['references', 'trash', 'question', 'question']);
  });

  it('explains dead routes when there is no trace data, and not otherwise', () => {
    const route = (service: string, pattern: string) => ({ ServiceName: service, RoutePattern: pattern, MappingType: 'http_route', NodeHash: 'h' });
    const stats = { TotalEdges: 0, ActiveEdges: 0, StaleEdges: 0, GCEligible: 0, ByEdgeType: {} };
    const model = deadRoutesModel([route('b', 'GET /x'), route('a', 'GET /y'), route('b', 'POST /x')], stats);
    assert.equal(model.message, NO_TRACE_DATA);
    assert.deepEqual(model.services.map((s) => [s.service, s.routes.length]), [['a', 1], ['b', 2]]);
    assert.equal(deadRoutesModel([], { ...stats, TotalEdges: 3 }).message, undefined);
  });

  it('labels communities by package and top symbol, unique even when both repeat', () => {
    const community = (id: number, pkg: string, tops: string[], testMembers = 0, size = 10): CommunitySummary =>
      ({ id, size, cohesion: 0.5, dominantPackage: pkg, topSymbols: tops.map((t) => ({ qualifiedName: `github.com/acme/shop://${t}`, kind: 'function' })), testMembers });
    const labels = communityLabels([
      community(0, 'github.com/acme/shop/store', ['github.com/acme/shop/store.Get', 'github.com/acme/shop/store.Put']),
      community(1, 'github.com/acme/shop/api', ['github.com/acme/shop/api.Serve']),
      community(2, 'github.com/acme/shop/store', ['github.com/acme/shop/store.Get', 'github.com/acme/shop/store.Del']),
      community(3, 'github.com/acme/shop/x', ['github.com/acme/shop/x.A']),
      community(4, 'github.com/acme/shop/x', ['github.com/acme/shop/x.A']),
      community(5, '', []),
    ]);
    assert.deepEqual(labels.map((l) => l.label), ['store · Get, Put', 'api · Serve', 'store · Get, Del', 'x · A #3', 'x · A #4', 'community #5']);
    assert.equal(new Set(labels.map((l) => l.label)).size, labels.length);
    assert.equal(labels[0].description, '10 symbols · cohesion 0.50');
    assert.match(labels[0].tooltip, /top symbols:\nGet · store\nPut · store/);
  });

  it('names a community by a declared symbol rather than a module (a file) when it has one', () => {
    const top = (qualifiedName: string, kind: string) => ({ qualifiedName, kind });
    const [label] = communityLabels([{ id: 0, size: 6, cohesion: 0.4, dominantPackage: 'src/routes', testMembers: 0,
      topSymbols: [top('local/app://src/routes', 'module'), top('local/app://src/routes.status', 'function')] }]);
    assert.equal(label.label, 'src/routes · status');
  });

  it('counts a community as test code when at least half its members are', () => {
    const base = { id: 0, size: 10, cohesion: 0, dominantPackage: 'p', topSymbols: [] };
    assert.deepEqual([0, 4, 5, 10].map((testMembers) => isTestCommunity({ ...base, testMembers })), [false, false, true, true]);
  });
});
