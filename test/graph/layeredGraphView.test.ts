import * as assert from 'node:assert/strict';
import { LayeredGraphView } from '../../src/graph/layeredGraphView';
import { nodesNamed } from '../../src/graph/viewIndex';
import { type GraphEdge, type GraphNode, Identity, QualifiedName } from '../../src/model';
import { GraphBuilder } from '../helpers/graphBuilder';

/** A static graph a -> b (calls), with a runtime edge a -> placeholder and b -> a laid over it. */
function layered(): { view: LayeredGraphView; placeholder: GraphNode; a: string; b: string } {
  const g = new GraphBuilder().node('pkg.a', { file: 'a.go' }).node('pkg.b', { file: 'b.go' }).calls('pkg.a', 'pkg.b');
  const base = g.build();
  const a = g.hash('pkg.a');
  const b = g.hash('pkg.b');
  const name = QualifiedName.unresolved('users', 'GET /users/{id}');
  const placeholder: GraphNode = {
    nodeHash: Identity.node('users', name, 'route'), fileHash: '', repoHash: Identity.repo('users'), qualifiedName: name, kind: 'route',
    line: 0, column: 0, endLine: 0, signature: '', bodyHash: '', doc: '',
  };
  const runtime = (source: string, target: string): GraphEdge => ({
    edgeHash: Identity.edge(source, target, 'runtime_calls', 'otel_trace'), sourceHash: source, targetHash: target, edgeType: 'runtime_calls',
    confidence: 0.5, provenance: 'otel_trace', callSiteFile: '', callSiteLine: 0, callSiteCol: 0, laterCallSites: [], observationCount: 3, lastObserved: 1, ownerFileHash: '',
  });
  const view = new LayeredGraphView(base, new Map([[placeholder.nodeHash, placeholder]]), [runtime(a, placeholder.nodeHash), runtime(b, a)]);
  return { view, placeholder, a, b };
}

describe('graph/layeredGraphView', () => {
  it('reads as one graph: nodes, edges and adjacency of the base and the layer', () => {
    const { view, placeholder, a, b } = layered();
    assert.equal(view.nodes.size, 3);
    assert.deepEqual([...view.nodes.keys()].sort(), [a, b, placeholder.nodeHash].sort());
    assert.equal(view.nodes.get(placeholder.nodeHash), placeholder);
    assert.ok(view.nodes.has(a) && !view.nodes.has('nope'));
    assert.deepEqual(view.edges.map((e) => e.edgeType), ['calls', 'runtime_calls', 'runtime_calls']);
    assert.deepEqual(view.outgoing(a).map((e) => e.edgeType), ['calls', 'runtime_calls']);
    assert.deepEqual(view.outgoing(a, 'calls').map((e) => e.targetHash), [b]);
    assert.deepEqual(view.incoming(a).map((e) => e.sourceHash), [b]);
    assert.deepEqual(view.incoming(placeholder.nodeHash, 'calls'), []);
    assert.equal(view.pathOf(view.nodes.get(a)!), 'a.go');
    let visited = 0;
    view.nodes.forEach(() => visited++);
    assert.equal(visited, 3);
  });

  it('finds layer nodes by name beside the base\'s', () => {
    const { view, placeholder } = layered();
    assert.deepEqual(nodesNamed(view, placeholder.qualifiedName), [placeholder]);
    assert.equal(nodesNamed(view, 'pkg.a').length, 1);
    assert.deepEqual(nodesNamed(view.base, placeholder.qualifiedName), [], 'the base is not changed');
  });
});
