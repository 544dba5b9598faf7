import * as assert from 'node:assert/strict';
import { blastRadius } from '../../src/graph/blastRadius';
import { InMemoryGraphView } from '../../src/graph/graphView';
import { type FileRecord, type GraphEdge, type GraphNode, Identity, type RepoRecord } from '../../src/model';

const REPO = Identity.repo('example.com/shop');
const FILE = Identity.file(REPO, 'a.go');

function node(name: string, fileHash: string = FILE): GraphNode {
  return {
    nodeHash: Identity.node('example.com/shop', `example.com/shop://pkg.${name}`, 'function'), fileHash, repoHash: REPO,
    qualifiedName: `example.com/shop://pkg.${name}`, kind: 'function', line: 1, column: 2, endLine: 3, signature: `func ${name}()`, bodyHash: 'b', doc: '',
  };
}

function edge(source: GraphNode | string, target: GraphNode | string, overrides: Partial<GraphEdge> = {}): GraphEdge {
  const from = typeof source === 'string' ? source : source.nodeHash;
  const to = typeof target === 'string' ? target : target.nodeHash;
  return {
    edgeHash: Identity.edge(from, to, 'calls', 'tree-sitter'), sourceHash: from, targetHash: to, edgeType: 'calls', confidence: 0.7,
    provenance: 'tree-sitter', callSiteFile: 'a.go', callSiteLine: 10, callSiteCol: 4, laterCallSites: [], observationCount: 0, lastObserved: 0,
    ownerFileHash: FILE, ...overrides,
  };
}

const files = new Map<string, FileRecord>([[FILE, { fileHash: FILE, repoHash: REPO, path: 'a.go', contentHash: 'c', language: 'go', sizeBytes: 1 }]]);
const repos = new Map<string, RepoRecord>([[REPO, { repoHash: REPO, repoUrl: 'example.com/shop', rootPath: '/shop', serviceName: 'shop' }]]);

describe('graph/graphView: the compact view', () => {
  it('gives back every edge field for field, in the order it was built with', () => {
    const [a, b, c] = [node('a'), node('b'), node('c')];
    const edges = [
      edge(a, b, { laterCallSites: [{ file: 'a.go', line: 12, col: 1 }, { file: 'other.go', line: 3, col: 9 }] }),
      edge(b, c, { edgeType: 'references', confidence: 0.123456789, provenance: 'lsp', observationCount: 7, lastObserved: 1_700_000_000.5 }),
      edge(c, 'f'.repeat(64), { edgeHash: 'not-a-hex-hash', ownerFileHash: '', callSiteFile: '' }),
      edge(a, c),
    ];
    const view = new InMemoryGraphView([a, b, c], edges, files, repos);
    assert.deepStrictEqual(view.edges, edges);
    assert.deepStrictEqual(view.outgoing(a.nodeHash), [edges[0], edges[3]]);
    assert.deepStrictEqual(view.incoming(c.nodeHash), [edges[1], edges[3]]);
    assert.deepStrictEqual(view.incoming(c.nodeHash, 'calls'), [edges[3]]);
    assert.deepStrictEqual(view.outgoing(c.nodeHash), [edges[2]], 'an end that is no node still has its edges');
    assert.deepStrictEqual(view.incoming('f'.repeat(64)), [edges[2]]);
    assert.deepStrictEqual(view.outgoing(a.nodeHash, 'imports'), [], 'a type no edge has');
    assert.deepStrictEqual(view.incoming('0'.repeat(64)), [], 'a hash the view never saw');
  });

  it('keeps the nodes equal to the ones given, sharing file and repo strings', () => {
    const nodes = [node('a'), node('b', '')];
    const view = new InMemoryGraphView(nodes, [], files, repos);
    assert.deepStrictEqual([...view.nodes.values()], nodes);
    assert.equal(view.pathOf(view.nodes.get(nodes[0]!.nodeHash)!), 'a.go');
    assert.equal(view.repoUrlOf(view.nodes.get(nodes[1]!.nodeHash)!), 'example.com/shop');
  });

  it('walks a level of 150k callers (no argument list of that length)', () => {
    const target = node('target');
    const callers = Array.from({ length: 150_000 }, (_, i) => node(`caller${i}`));
    const view = new InMemoryGraphView([target, ...callers], callers.map((caller) => edge(caller, target)), files, repos);
    const radius = blastRadius(view, target.nodeHash, { maxCallers: 10 });
    assert.equal(radius.totalCount, 150_000);
    assert.equal(radius.callers.length, 10);
  });
});
