import * as assert from 'node:assert/strict';
import { InMemoryGraphView } from '../../src/graph/graphView';
import { LayeredGraphView } from '../../src/graph/layeredGraphView';
import type { FileRecord, GraphNode, NodeKind, RepoRecord } from '../../src/model';
import { NameIndex, nameIndexOf } from '../../src/query/nameIndex';
import { nameQuery } from '../../src/query/nameMatch';

const REPO = 'r'.repeat(64);
const files = new Map<string, FileRecord>();

function file(path: string): string {
  const fileHash = `f${files.size}`;
  files.set(fileHash, { fileHash, repoHash: REPO, path, contentHash: fileHash, language: 'typescript', sizeBytes: 1 });
  return fileHash;
}

function node(local: string, path: string, kind: NodeKind = 'function'): GraphNode {
  const hash = [...files.values()].find((f) => f.path === path)?.fileHash ?? (path ? file(path) : '');
  return {
    nodeHash: `n:${local}`, fileHash: hash, repoHash: REPO, qualifiedName: `acme/shop://${local}`, kind,
    line: 1, column: 0, endLine: 2, signature: '', bodyHash: '', doc: '',
  };
}

const NODES = [
  node('src/auth.getCurrentUser', 'src/auth.ts'),
  node('src/auth.getCurrentUserId', 'src/auth.ts'),
  node('test/auth.test.getCurrentUser', 'test/auth.test.ts'),
  node('src/session.getCU', 'src/session.ts'),
  node('src/profile.loadCurrentUserProfile', 'src/profile.ts'),
  node('src/cart/service.CartService', 'src/cart/service.ts', 'type'),
  node('src/cart/service.CartService.add', 'src/cart/service.ts', 'method'),
  node('src/cart/service', 'src/cart/service.ts', 'module'),
  node('src/auth.GetCurrentUser', 'src/auth.ts'),
  { ...node('UNRESOLVED/getCurrentUser', ''), qualifiedName: 'acme/shop://UNRESOLVED/getCurrentUser' },
];
const repos = new Map<string, RepoRecord>([[REPO, { repoHash: REPO, repoUrl: 'acme/shop', rootPath: '/x' } as RepoRecord]]);
const view = new InMemoryGraphView(NODES, [], files, repos);
const names = (found: { nodes: readonly GraphNode[] }): string[] => found.nodes.map((n) => n.qualifiedName.replace('acme/shop://', ''));

describe('query/nameIndex', () => {
  it('ranks exact (own case first), prefix, camel humps, substring; product before test; leaves placeholders out', () => {
    const index = new NameIndex(view);
    assert.equal(index.size, NODES.length - 1);
    assert.deepEqual(names(index.search(nameQuery('getCurrentUser'), 50)), [
      'src/auth.getCurrentUser', 'test/auth.test.getCurrentUser', 'src/auth.GetCurrentUser', 'src/auth.getCurrentUserId',
      'src/profile.loadCurrentUserProfile',
    ].slice(0, 4));
    assert.deepEqual(names(index.search(nameQuery('gCU'), 50)), [
      'src/session.getCU', 'src/auth.GetCurrentUser', 'src/auth.getCurrentUser', 'src/auth.getCurrentUserId', 'test/auth.test.getCurrentUser',
    ], 'one tier: shorter first, then by qualified name, test code last');
    assert.deepEqual(names(index.search(nameQuery('currentuser'), 50)), [
      'src/auth.GetCurrentUser', 'src/auth.getCurrentUser', 'src/auth.getCurrentUserId', 'src/profile.loadCurrentUserProfile',
      'test/auth.test.getCurrentUser',
    ], 'camel humps: shorter first, then by qualified name, test code last');
    assert.deepEqual(names(index.search(nameQuery('urrentUser'), 50)).slice(0, 2), ['src/auth.GetCurrentUser', 'src/auth.getCurrentUser'], 'substring');
  });

  it('finds the symbols of a path by its segments, and a qualified tail exactly', () => {
    const index = new NameIndex(view);
    assert.deepEqual(names(index.search(nameQuery('cart/service'), 50)), [
      'src/cart/service', 'src/cart/service.CartService.add', 'src/cart/service.CartService',
    ], 'the module is the exact tail; its symbols match on the path, shorter names first');
    assert.deepEqual(names(index.search(nameQuery('CartService.add'), 50)), ['src/cart/service.CartService.add']);
  });

  it('cuts at the limit and counts every match', () => {
    const found = new NameIndex(view).search(nameQuery('u'), 2);
    assert.equal(found.nodes.length, 2);
    assert.ok(found.total > 2);
  });

  it('is stable: the same view in another order ranks the same', () => {
    const reversed = new InMemoryGraphView([...NODES].reverse(), [], files, repos);
    for (const q of ['gCU', 'user', 'cart/service', 'e']) {
      assert.deepEqual(names(new NameIndex(reversed).search(nameQuery(q), 50)), names(new NameIndex(view).search(nameQuery(q), 50)), q);
    }
  });

  it('suggests the nearest names when nothing matches', () => {
    const index = new NameIndex(view);
    assert.equal(index.search(nameQuery('getCurentUser'), 50).total, 0);
    assert.deepEqual(index.suggestions(nameQuery('getCurentUser')), ['getCurrentUser', 'GetCurrentUser', 'getCurrentUserId'],
      'nearest first; the spelling nearer in case breaks a tie');
    assert.deepEqual(index.suggestions(nameQuery('src/cart/servise')), ['service']);
    assert.deepEqual(index.suggestions(nameQuery('zzzzzzzz')), []);
  });

  it('is built once per view; a layered view shares its base index', () => {
    assert.equal(nameIndexOf(view), nameIndexOf(view));
    assert.equal(nameIndexOf(new LayeredGraphView(view, new Map(), [])), nameIndexOf(view));
  });
});
