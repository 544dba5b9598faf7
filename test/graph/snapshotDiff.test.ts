import * as assert from 'node:assert/strict';
import { rawDiff, semanticDiff } from '../../src/graph/snapshotDiff';
import type { GraphView } from '../../src/graph/graphView';
import { type GraphEdge, Identity } from '../../src/model';
import { GraphBuilder } from '../helpers/graphBuilder';

const local = (qn: string): string => qn.split('://')[1]!;

/** The base: Keep, Body, Sig, Edges, Gone in one file; a node of another repo calls Keep. */
function base(): GraphBuilder {
  const g = new GraphBuilder('example.com/app');
  for (const name of ['Keep', 'Body', 'Sig', 'Edges', 'Gone', 'Upgrade']) g.node(`pkg.${name}`, { file: 'pkg/a.go' });
  return g.calls('pkg.Edges', 'pkg.Keep').calls('pkg.Gone', 'pkg.Keep').calls('pkg.Upgrade', 'pkg.Keep')
    .calls('other.com/x://m.Use', 'pkg.Keep');
}

/** The head: Body's body and Sig's signature changed, Edges calls Body instead of Keep, Gone removed, New added. */
function head(): GraphBuilder {
  const g = new GraphBuilder('example.com/app');
  g.node('pkg.Keep', { file: 'pkg/a.go' })
    .node('pkg.Body', { file: 'pkg/a.go', bodyHash: 'changed' })
    .node('pkg.Sig', { file: 'pkg/a.go', signature: 'func Sig(x int)' })
    .node('pkg.Edges', { file: 'pkg/a.go' })
    .node('pkg.Upgrade', { file: 'pkg/a.go' })
    .node('pkg.New', { file: 'pkg/b.go', line: 7 });
  return g.calls('pkg.Edges', 'pkg.Body').calls('pkg.New', 'pkg.Keep').calls('pkg.Upgrade', 'pkg.Keep', { provenance: 'lsp_resolved' })
    .calls('other.com/x://m.Use', 'pkg.Keep');
}

describe('graph/snapshotDiff', () => {
  it('raw diff compares node and edge identities', () => {
    const [old, next] = [base().build(), head().build()];
    const diff = rawDiff(old, next);
    assert.deepEqual(diff.nodesAdded.map((n) => local(n.qualifiedName)), ['pkg.New']);
    assert.deepEqual(diff.nodesRemoved.map((n) => local(n.qualifiedName)), ['pkg.Gone']);
    const show = (view: GraphView) => (e: GraphEdge): string =>
      `${local(view.nodes.get(e.sourceHash)!.qualifiedName)}>${local(view.nodes.get(e.targetHash)!.qualifiedName)}:${e.provenance}`;
    assert.deepEqual(diff.edgesAdded.map(show(next)), [
      'pkg.Edges>pkg.Body:ast_inferred', 'pkg.New>pkg.Keep:ast_inferred', 'pkg.Upgrade>pkg.Keep:lsp_resolved',
    ]);
    assert.deepEqual(diff.edgesRemoved.map(show(old)), [
      'pkg.Edges>pkg.Keep:ast_inferred', 'pkg.Gone>pkg.Keep:ast_inferred', 'pkg.Upgrade>pkg.Keep:ast_inferred',
    ]);
  });

  it('semantic diff finds modified nodes by body, signature and outgoing edges', () => {
    const diff = semanticDiff(base().build(), head().build());
    assert.deepEqual(diff.nodesAdded.map((n) => local(n.qualifiedName)), ['pkg.New']);
    assert.deepEqual(diff.nodesRemoved.map((n) => local(n.qualifiedName)), ['pkg.Gone']);
    assert.deepEqual(diff.nodesModified.map((m) => ({
      name: local(m.node.qualifiedName), body: m.bodyChanged, sig: m.signatureChanged,
      added: m.edgesAdded.map((e) => local(e.target.qualifiedName)), removed: m.edgesRemoved.map((e) => local(e.target.qualifiedName)),
    })), [
      { name: 'pkg.Body', body: true, sig: false, added: [], removed: [] },
      { name: 'pkg.Edges', body: false, sig: false, added: ['pkg.Body'], removed: ['pkg.Keep'] },
      { name: 'pkg.Sig', body: false, sig: true, added: [], removed: [] },
    ]);
    assert.equal(diff.nodesModified.find((m) => local(m.node.qualifiedName) === 'pkg.Sig')!.before.signature, 'function pkg.Sig');
  });

  it('semantic diff compares edges by source, target and type: a provenance upgrade is no change', () => {
    const diff = semanticDiff(base().build(), head().build());
    const show = (e: { source: { qualifiedName: string }; target: { qualifiedName: string }; edgeType: string; confidence: number }) =>
      `${local(e.source.qualifiedName)} ${e.edgeType} ${local(e.target.qualifiedName)} ${e.confidence}`;
    assert.deepEqual(diff.edgesAdded.map(show), ['pkg.Edges calls pkg.Body 0.7', 'pkg.New calls pkg.Keep 0.7']);
    assert.deepEqual(diff.edgesRemoved.map(show), ['pkg.Edges calls pkg.Keep 0.7', 'pkg.Gone calls pkg.Keep 0.7']);
    assert.ok(!diff.nodesModified.some((m) => local(m.node.qualifiedName) === 'pkg.Upgrade'));
  });

  it('keeps the highest confidence of parallel edges', () => {
    const old = new GraphBuilder().node('p.A').build();
    const next = new GraphBuilder().calls('p.A', 'p.B').calls('p.A', 'p.B', { provenance: 'lsp_resolved' }).build();
    assert.deepEqual(semanticDiff(old, next).edgesAdded.map((e) => e.confidence), [0.9]);
  });

  it('scopes both diffs to one repository when asked', () => {
    const old = base().build();
    const next = head().calls('other.com/x://m.Use', 'other.com/x://m.Fresh').build();
    const repoHash = Identity.repo('example.com/app');
    assert.ok(semanticDiff(old, next).nodesAdded.some((n) => n.qualifiedName === 'other.com/x://m.Fresh'));
    assert.ok(!semanticDiff(old, next, { repoHash }).nodesAdded.some((n) => n.qualifiedName === 'other.com/x://m.Fresh'));
    assert.ok(!semanticDiff(old, next, { repoHash }).edgesAdded.some((e) => e.source.qualifiedName === 'other.com/x://m.Use'));
    assert.ok(!rawDiff(old, next, { repoHash }).edgesAdded.some((e) => e.targetHash === Identity.node('other.com/x', 'other.com/x://m.Fresh', 'function')));
    assert.equal(rawDiff(old, next).edgesAdded.length, 4);
  });

  it('finds nothing between equal views', () => {
    const diff = semanticDiff(base().build(), base().build());
    assert.deepEqual([diff.nodesAdded, diff.nodesRemoved, diff.nodesModified, diff.edgesAdded, diff.edgesRemoved].map((l) => l.length), [0, 0, 0, 0, 0]);
  });

  it('rejects a malformed repo hash, naming the module', () => {
    const view = base().build();
    assert.throws(() => rawDiff(view, view, { repoHash: 'abc' }), /graph\/snapshotDiff: repoHash must be 64 lowercase hex characters or empty/);
    assert.throws(() => semanticDiff(view, view, { repoHash: 'A'.repeat(64) }), /graph\/snapshotDiff: repoHash/);
  });
});
