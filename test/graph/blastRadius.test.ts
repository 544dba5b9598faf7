import * as assert from 'node:assert/strict';
import { BLAST_RADIUS_DEFAULTS, blastRadius, provenanceName } from '../../src/graph/blastRadius';
import { GraphBuilder } from '../helpers/graphBuilder';

const local = (qn: string): string => qn.split('://')[1]!;

describe('graph/blastRadius', () => {
  it('reports each caller at its shortest depth with the widest of the shortest paths', () => {
    // A reaches T in two hops via X (min 0.9) or via Y (min 0.7): X's path is reported.
    const g = new GraphBuilder()
      .calls('p.X', 'p.T', { provenance: 'scip_resolved' })
      .calls('p.Y', 'p.T', { provenance: 'ast_inferred' })
      .calls('p.A', 'p.X', { provenance: 'lsp_resolved' })
      .calls('p.A', 'p.Y', { provenance: 'ast_resolved' });
    const result = blastRadius(g.build(), g.hash('p.T'));
    const a = result.callers.find((c) => local(c.node.qualifiedName) === 'p.A')!;
    assert.equal(a.depth, 2);
    assert.equal(a.confidence, 0.9);
    assert.deepEqual(a.provenance.map((p) => [p.source, p.confidence]), [['lsp_resolved', 0.9], ['scip_resolved', 0.95]]);
    assert.deepEqual(a.provenance.map((p) => [p.edge.sourceHash, p.edge.targetHash]),
      [[g.hash('p.A'), g.hash('p.X')], [g.hash('p.X'), g.hash('p.T')]], 'the chain runs from the caller towards the target');
  });

  it('prefers a shorter path over a more confident longer one', () => {
    const g = new GraphBuilder()
      .calls('p.A', 'p.T', { provenance: 'ast_inferred' })
      .calls('p.A', 'p.X', { provenance: 'ast_resolved' })
      .calls('p.X', 'p.T', { provenance: 'ast_resolved' });
    const a = blastRadius(g.build(), g.hash('p.T')).callers.find((c) => local(c.node.qualifiedName) === 'p.A')!;
    assert.equal(a.depth, 1);
    assert.equal(a.confidence, 0.7);
    assert.equal(a.provenance.length, 1);
  });

  it('groups callers by repository URL in sorted order, nearest and most confident first', () => {
    const g = new GraphBuilder('z.com/lib')
      .calls('z.com/lib://pkg.Near', 'z.com/lib://pkg.T', { provenance: 'lsp_resolved' })
      .calls('z.com/lib://pkg.Low', 'z.com/lib://pkg.T')
      .calls('b.com/app://main.run', 'z.com/lib://pkg.Near', { provenance: 'lsp_resolved' })
      .calls('a.com/cli://cmd.exec', 'z.com/lib://pkg.Low');
    const result = blastRadius(g.build(), g.hash('pkg.T'));
    assert.deepEqual([...result.byRepo.keys()], ['a.com/cli', 'b.com/app', 'z.com/lib']);
    assert.deepEqual(result.byRepo.get('z.com/lib')!.map((c) => local(c.node.qualifiedName)), ['pkg.Near', 'pkg.Low']);
    assert.deepEqual(result.callers.map((c) => c.repoUrl), ['z.com/lib', 'z.com/lib', 'b.com/app', 'a.com/cli']);
    assert.equal(result.totalCount, 4);
    assert.equal(result.truncated, false);
  });

  it('follows calls only, to maxDepth (default 5), and survives cycles', () => {
    const g = new GraphBuilder().edge('p.R', 'p.T', 'references').calls('p.A', 'p.T').calls('p.B', 'p.A').calls('p.A', 'p.B');
    for (let i = 0; i < 7; i++) g.calls(`p.C${i + 1}`, i === 0 ? 'p.B' : `p.C${i}`);
    const view = g.build();
    const all = blastRadius(view, g.hash('p.T'));
    assert.equal(BLAST_RADIUS_DEFAULTS.maxDepth, 5);
    assert.deepEqual(all.callers.map((c) => `${c.depth}:${local(c.node.qualifiedName)}`), ['1:p.A', '2:p.B', '3:p.C1', '4:p.C2', '5:p.C3']);
    assert.equal(blastRadius(view, g.hash('p.T'), { maxDepth: 1 }).totalCount, 1);
  });

  it('caps the callers returned, nearest first, and counts all of them', () => {
    const g = new GraphBuilder();
    for (const c of ['A', 'B', 'C']) g.calls(`p.${c}`, 'p.T');
    g.calls('p.D', 'p.A');
    const result = blastRadius(g.build(), g.hash('p.T'), { maxCallers: 2 });
    assert.deepEqual(result.callers.map((c) => local(c.node.qualifiedName)), ['p.A', 'p.B']);
    assert.equal(result.totalCount, 4);
    assert.equal(result.truncated, true);
    assert.deepEqual([...result.byRepo.values()].flat().length, 2);
  });

  it('fills provenance entries from the origin lookup', () => {
    const g = new GraphBuilder().calls('p.A', 'p.T');
    const result = blastRadius(g.build(), g.hash('p.T'), {
      originOf: (edge) => ({ indexerVersion: 'v1', sourceCommit: `commit-of-${edge.edgeType}`, timestamp: 42 }),
    });
    assert.deepEqual(result.callers[0]!.provenance.map(({ edge: _edge, ...rest }) => rest), [
      { source: 'ast_inferred', confidence: 0.7, indexerVersion: 'v1', sourceCommit: 'commit-of-calls', timestamp: 42 },
    ]);
    const bare = blastRadius(g.build(), g.hash('p.T')).callers[0]!.provenance[0]!;
    assert.deepEqual([bare.indexerVersion, bare.sourceCommit, bare.timestamp], ['', '', 0]);
  });

  it('names runtime provenance without its trace-id suffix', () => {
    assert.equal(provenanceName('otel_trace:{trace_ids:["a","b"]}'), 'otel_trace');
    assert.equal(provenanceName('lsp_resolved'), 'lsp_resolved');
  });

  it('returns no callers for a node nobody calls', () => {
    const g = new GraphBuilder().calls('p.T', 'p.X');
    const result = blastRadius(g.build(), g.hash('p.T'));
    assert.deepEqual([result.callers.length, result.byRepo.size, result.totalCount, result.truncated], [0, 0, 0, false]);
  });

  it('rejects unknown targets and bad options, naming the module', () => {
    const g = new GraphBuilder().calls('p.A', 'p.T');
    const view = g.build();
    assert.throws(() => blastRadius(view, '0'.repeat(64)), /^Error: graph\/blastRadius: no node with hash 0{64}$/);
    assert.throws(() => blastRadius(view, g.hash('p.T'), { maxDepth: 0 }), /graph\/blastRadius: maxDepth must be a positive integer/);
    assert.throws(() => blastRadius(view, g.hash('p.T'), { maxCallers: -1 }), /graph\/blastRadius: maxCallers must be a non-negative integer/);
  });
});
