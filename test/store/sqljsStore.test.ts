import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import initSqlJs from 'sql.js';
import { Assets } from '../../src/assets';
import { type GraphEdge, type GraphNode, Identity } from '../../src/model';
import { StoreOpenError, openSqlJsStore } from '../../src/store';
import { makeTempDir } from '../helpers/tempDir';

const REPO = Identity.repo('example.com/r');
const FILE = Identity.file(REPO, 'a.ts');

function node(name: string, overrides: Partial<GraphNode> = {}): GraphNode {
  const qualifiedName = `example.com/r://a.${name}`;
  return {
    nodeHash: Identity.node('example.com/r', qualifiedName, 'function'), fileHash: FILE, repoHash: REPO, qualifiedName,
    kind: 'function', line: 1, column: 0, endLine: 2, signature: `function ${name}()`, bodyHash: 'b1', doc: '', ...overrides,
  };
}

function edge(source: GraphNode, target: GraphNode, line = 1): GraphEdge {
  return {
    edgeHash: Identity.edge(source.nodeHash, target.nodeHash, 'calls', 'ast_inferred'), sourceHash: source.nodeHash,
    targetHash: target.nodeHash, edgeType: 'calls', confidence: 0.7, provenance: 'ast_inferred', callSiteFile: 'a.ts',
    callSiteLine: line, callSiteCol: 3, observationCount: 0, lastObserved: 0, ownerFileHash: FILE,
  };
}

describe('store/sqljs', () => {
  it('creates a new graph file, saves it atomically and reopens it', async () => {
    const dir = makeTempDir();
    const dbPath = path.join(dir, 'graph.sqlite');
    const store = await openSqlJsStore(dbPath);
    store.upsertRepo({ repoHash: REPO, repoUrl: 'example.com/r', rootPath: dir, serviceName: 'r' });
    store.replaceFileNodes(FILE, [node('f')], 1);
    await store.save();
    store.close();
    assert.deepEqual(fs.readdirSync(dir), ['graph.sqlite'], 'no temp file is left behind');
    const reopened = await openSqlJsStore(dbPath);
    assert.equal(reopened.counts().nodes, 1);
    assert.equal(reopened.repos()[0].repoUrl, 'example.com/r');
    reopened.close();
  });

  it('refuses a file that is not SQLite, and leaves it untouched', async () => {
    const dbPath = path.join(makeTempDir(), 'notes.txt');
    fs.writeFileSync(dbPath, 'my precious notes');
    await assert.rejects(openSqlJsStore(dbPath), (e: Error) => e instanceof StoreOpenError && /not an SQLite file/.test(e.message));
    assert.equal(fs.readFileSync(dbPath, 'utf8'), 'my precious notes');
  });

  it('refuses an SQLite database that is not a graph', async () => {
    const SQL = await initSqlJs({ locateFile: () => Assets.sqlJsWasm() });
    const foreign = new SQL.Database();
    foreign.exec('CREATE TABLE customers (id INTEGER)');
    const dbPath = path.join(makeTempDir(), 'shop.sqlite');
    fs.writeFileSync(dbPath, foreign.export());
    await assert.rejects(openSqlJsStore(dbPath), /not a code-knowledge-graph file; refusing to modify it/);
  });

  it('refuses a graph written by a newer schema', async () => {
    const dbPath = path.join(makeTempDir(), 'graph.sqlite');
    const store = await openSqlJsStore(dbPath);
    await store.save();
    store.close();
    const SQL = await initSqlJs({ locateFile: () => Assets.sqlJsWasm() });
    const raw = new SQL.Database(fs.readFileSync(dbPath));
    raw.exec("UPDATE meta SET value = '999' WHERE key = 'schema_version'");
    fs.writeFileSync(dbPath, raw.export());
    await assert.rejects(openSqlJsStore(dbPath), /newer ckg \(schema 999/);
  });

  it('names a missing parent directory', async () => {
    await assert.rejects(openSqlJsStore('/nonexistent-dir-ckg/graph.sqlite'), /directory \/nonexistent-dir-ckg does not exist/);
  });

  it('applies migration 004: observation columns default to 0 for static edges', async () => {
    const store = await openSqlJsStore(':memory:');
    const [f, g] = [node('f'), node('g')];
    store.replaceFileNodes(FILE, [f, g], 1);
    store.replaceOwnedEdges(FILE, REPO, [edge(f, g)], 1, 'snap');
    const [stored] = store.liveEdges();
    assert.equal(stored.observationCount, 0);
    assert.equal(stored.lastObserved, 0);
  });

  it('re-versions a changed node and keeps an unchanged one', async () => {
    const store = await openSqlJsStore(':memory:');
    const [f, g] = [node('f'), node('g')];
    assert.deepEqual(store.replaceFileNodes(FILE, [f, g], 1), { added: 2, removed: 0 });
    assert.deepEqual(store.replaceFileNodes(FILE, [f, { ...g, bodyHash: 'b2' }], 2), { added: 0, removed: 0 });
    assert.equal(store.node(g.nodeHash)?.bodyHash, 'b2');
    assert.deepEqual(store.replaceFileNodes(FILE, [f], 3), { added: 0, removed: 1 });
    assert.equal(store.node(g.nodeHash), undefined);
    assert.equal(store.counts().nodes, 1);
  });

  it('replaces owned edges, updates call sites in place and logs added/removed events', async () => {
    const store = await openSqlJsStore(':memory:');
    const [f, g, h] = [node('f'), node('g'), node('h')];
    store.replaceFileNodes(FILE, [f, g, h], 1);
    assert.deepEqual(store.replaceOwnedEdges(FILE, REPO, [edge(f, g), edge(f, h)], 1, 's1'), { added: 2, removed: 0 });
    assert.deepEqual(store.replaceOwnedEdges(FILE, REPO, [edge(f, g, 9)], 2, 's2'), { added: 0, removed: 1 });
    const live = store.liveEdges();
    assert.equal(live.length, 1);
    assert.equal(live[0].callSiteLine, 9, 'call site moves with the code without a new edge');
    assert.deepEqual(store.ownersOfEdgesInto([g.nodeHash]), [FILE]);
  });

  it('keeps node identities unique when two files claim one hash', async () => {
    const store = await openSqlJsStore(':memory:');
    const other = Identity.file(REPO, 'b.ts');
    store.replaceFileNodes(FILE, [node('f')], 1);
    store.replaceFileNodes(other, [node('f', { fileHash: other })], 1);
    assert.equal(store.counts().nodes, 1);
    assert.equal(store.node(node('f').nodeHash)?.fileHash, FILE);
  });

  it('round-trips compressed facts and ignores facts of another content hash', async () => {
    const store = await openSqlJsStore(':memory:');
    const facts = { path: 'a.ts', language: 'typescript' as const, symbols: [], imports: [], calls: [], references: [], routes: [], syntaxErrors: 0 };
    store.putFacts(FILE, 'c1', facts);
    assert.deepEqual(store.facts(FILE, 'c1'), facts);
    assert.equal(store.facts(FILE, 'c2'), undefined);
  });
});
