import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import initSqlJs from 'sql.js';
import { Assets } from '../../src/assets';
import { type GraphEdge, type GraphNode, Identity } from '../../src/model';
import { readFacts, writeFacts } from '../../src/index/factsCodec';
import { StoreOpenError, openStore } from '../../src/store';
import { makeTempDir } from '../helpers/tempDir';
import { insertHashKeyedEdge, insertHashKeyedNode, writeGraphFileAtSchema } from './sqljs/oldSchema';

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
    callSiteLine: line, callSiteCol: 3, laterCallSites: [], observationCount: 0, lastObserved: 0, ownerFileHash: FILE,
  };
}

describe('store/sqljs', () => {
  it('creates a new graph file, saves it atomically and reopens it', async () => {
    const dir = makeTempDir();
    const dbPath = path.join(dir, 'graph.sqlite');
    const store = await openStore(dbPath);
    await store.upsertRepo({ repoHash: REPO, repoUrl: 'example.com/r', rootPath: dir, serviceName: 'r' });
    await store.replaceFileNodes(FILE, [node('f')], 1);
    await store.save();
    await store.close();
    assert.deepEqual(fs.readdirSync(dir), ['graph.sqlite'], 'no temp file is left behind');
    const reopened = await openStore(dbPath);
    assert.equal((await reopened.counts()).nodes, 1);
    assert.equal((await reopened.repos())[0].repoUrl, 'example.com/r');
    await reopened.close();
  });

  it('refuses a file that is not SQLite, and leaves it untouched', async () => {
    const dbPath = path.join(makeTempDir(), 'notes.txt');
    fs.writeFileSync(dbPath, 'my precious notes');
    await assert.rejects(openStore(dbPath), (e: Error) => e instanceof StoreOpenError && /not an SQLite file/.test(e.message));
    assert.equal(fs.readFileSync(dbPath, 'utf8'), 'my precious notes');
  });

  it('refuses an SQLite database that is not a graph', async () => {
    const SQL = await initSqlJs({ locateFile: () => Assets.sqlJsWasm() });
    const foreign = new SQL.Database();
    foreign.exec('CREATE TABLE customers (id INTEGER)');
    const dbPath = path.join(makeTempDir(), 'shop.sqlite');
    fs.writeFileSync(dbPath, foreign.export());
    await assert.rejects(openStore(dbPath), /not a code-knowledge-graph file; refusing to modify it/);
  });

  it('refuses a graph written by a newer schema', async () => {
    const dbPath = path.join(makeTempDir(), 'graph.sqlite');
    const store = await openStore(dbPath);
    await store.save();
    await store.close();
    const SQL = await initSqlJs({ locateFile: () => Assets.sqlJsWasm() });
    const raw = new SQL.Database(fs.readFileSync(dbPath));
    raw.exec("UPDATE meta SET value = '999' WHERE key = 'schema_version'");
    fs.writeFileSync(dbPath, raw.export());
    await assert.rejects(openStore(dbPath), /newer ckg \(schema 999/);
  });

  it('names a missing parent directory', async () => {
    await assert.rejects(openStore('/nonexistent-dir-ckg/graph.sqlite'), /directory \/nonexistent-dir-ckg does not exist/);
  });

  it('applies migration 004: observation columns default to 0 for static edges', async () => {
    const store = await openStore(':memory:');
    const [f, g] = [node('f'), node('g')];
    await store.replaceFileNodes(FILE, [f, g], 1);
    await store.replaceOwnedEdges(FILE, REPO, [edge(f, g)], 1, 'snap');
    const [stored] = await store.liveEdges();
    assert.equal(stored.observationCount, 0);
    assert.equal(stored.lastObserved, 0);
  });

  it('migrates a graph file written before migration 007: its edges have their one site', async () => {
    const dbPath = path.join(makeTempDir(), 'graph.sqlite');
    const [f, g] = [node('f'), node('g')];
    // The file as schema 6 wrote it: no later_call_sites column, no enrichment_state (008) or repo_provides (009) table,
    // no repos.services column (010), no snapshot_runtime_edges (011), repo_requests (012) or edge_event_ranges (013) table.
    await writeGraphFileAtSchema(dbPath, 6, (database) => {
      insertHashKeyedNode(database, f, 1);
      insertHashKeyedNode(database, g, 1);
      insertHashKeyedEdge(database, edge(f, g, 4), REPO, 1);
    });
    const reopened = await openStore(dbPath);
    const [stored] = await reopened.liveEdges();
    assert.deepEqual([stored.callSiteLine, stored.laterCallSites], [4, []]);
    await reopened.replaceOwnedEdges(FILE, REPO, [{ ...edge(f, g, 4), laterCallSites: [{ file: 'a.ts', line: 8, col: 3 }] }], 2, 'snap2');
    assert.deepEqual((await reopened.liveEdges())[0].laterCallSites, [{ file: 'a.ts', line: 8, col: 3 }]);
    assert.equal((await reopened.counts()).callSites, 2);
    assert.deepEqual(await reopened.enrichmentSummary(), [], 'migration 008 ran too');
    assert.deepEqual(await reopened.requestsOfServices(['cart']), [], 'and 012');
    await reopened.close();
  });

  it('round-trips compressed facts and ignores facts of another content hash', async () => {
    const store = await openStore(':memory:');
    const facts = { path: 'a.ts', language: 'typescript' as const, symbols: [], imports: [], calls: [], references: [], routes: [], syntaxErrors: 0 };
    await writeFacts(store, FILE, 'c1', facts);
    assert.deepEqual(await readFacts(store, FILE, 'c1'), facts);
    assert.equal(await readFacts(store, FILE, 'c2'), undefined);
  });

  it('is current until another process replaces its graph file, and says so by the persisted version', async () => {
    const dbPath = path.join(makeTempDir(), 'graph.sqlite');
    const reader = await openStore(dbPath);
    assert.equal(await reader.persistedVersion(), undefined, 'nothing persisted yet');
    assert.equal(await reader.isCurrent(), true);
    const writer = await openStore(dbPath);
    await writer.upsertRepo({ repoHash: REPO, repoUrl: 'example.com/r', rootPath: '/r', serviceName: 'r' });
    await writer.save();
    assert.equal(await writer.isCurrent(), true, 'its own save keeps the writer current');
    assert.equal(await reader.isCurrent(), false, 'the reader holds an older graph');
    const version = await reader.persistedVersion();
    assert.ok(version);
    const reopened = await openStore(dbPath);
    assert.equal(await reopened.isCurrent(), true);
    assert.equal((await reopened.repos()).length, 1);
    assert.equal(await reopened.persistedVersion(), version);
    await Promise.all([reader.close(), writer.close(), reopened.close()]);
  });
});
