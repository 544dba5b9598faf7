import * as assert from 'node:assert/strict';
import { EdgeTable, HashIds } from '../../src/graph/edgeTable';
import { strongestInTable, strongestPerRelationship } from '../../src/graph/strongestEdges';
import { type GraphEdge, Identity, NO_LATER_CALL_SITES, PROVENANCE_CONFIDENCE, callSitesOf } from '../../src/model';

const A = 'a'.repeat(64);
const B = 'b'.repeat(64);
const C = 'c'.repeat(64);

function edge(source: string, target: string, provenance: keyof typeof PROVENANCE_CONFIDENCE | 'otel_trace', line: number): GraphEdge {
  const edgeType = provenance === 'otel_trace' ? 'runtime_calls' : 'calls';
  return {
    edgeHash: Identity.edge(source, target, edgeType, provenance), sourceHash: source, targetHash: target, edgeType,
    confidence: PROVENANCE_CONFIDENCE[provenance], provenance, callSiteFile: provenance === 'otel_trace' ? '' : 'a.ts', callSiteLine: provenance === 'otel_trace' ? 0 : line,
    callSiteCol: provenance === 'otel_trace' ? 0 : 5, laterCallSites: NO_LATER_CALL_SITES, observationCount: 0, lastObserved: 0, ownerFileHash: A,
  };
}

describe('graph/strongestPerRelationship', () => {
  it('keeps the strongest provenance of a relationship, with every site any of its edges saw', () => {
    const kept = strongestPerRelationship([edge(A, B, 'ast_inferred', 3), edge(A, B, 'lsp_resolved', 7), edge(A, C, 'ast_inferred', 9)]);
    assert.deepEqual(kept.map((e) => [e.targetHash, e.provenance, e.confidence, callSitesOf(e).map((s) => s.line)]), [
      [B, 'lsp_resolved', 0.9, [3, 7]],
      [C, 'ast_inferred', 0.7, [9]],
    ]);
    assert.equal(strongestPerRelationship([edge(A, B, 'lsp_resolved', 7), edge(A, B, 'scip_resolved', 7)])[0].provenance, 'scip_resolved');
  });

  it('leaves runtime edges alone, and returns the edges unchanged when no relationship is held twice', () => {
    const runtime = [edge(A, B, 'otel_trace', 0), { ...edge(A, B, 'otel_trace', 0), edgeHash: 'f'.repeat(64), provenance: 'otel_trace:{trace_ids:[t]}' }];
    assert.equal(strongestPerRelationship(runtime).length, 2);
    const distinct = [edge(A, B, 'ast_inferred', 3), edge(A, C, 'lsp_resolved', 4)];
    assert.deepEqual(strongestPerRelationship(distinct), distinct);
  });

  it('gives the same edges in the same order over an edge table', () => {
    const lists = [
      [edge(A, B, 'ast_inferred', 3), edge(A, C, 'ast_inferred', 9), edge(A, B, 'lsp_resolved', 7), edge(B, C, 'otel_trace', 0), edge(A, C, 'scip_resolved', 2)],
      [edge(A, B, 'ast_inferred', 3), edge(A, C, 'lsp_resolved', 4)],
      [edge(A, B, 'otel_trace', 0), { ...edge(A, B, 'otel_trace', 0), provenance: 'otel_trace:{trace_ids:[t]}' }],
    ];
    for (const edges of lists) {
      const table = strongestInTable(EdgeTable.of(edges, new HashIds()));
      assert.deepEqual(Array.from({ length: table.count }, (_, i) => table.edge(i)), strongestPerRelationship(edges));
    }
  });
});
