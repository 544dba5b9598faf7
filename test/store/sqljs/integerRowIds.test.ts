import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import initSqlJs from 'sql.js';
import * as fs from 'node:fs';
import { Assets } from '../../../src/assets';
import { type FileRecord, type GraphEdge, type GraphNode, Identity } from '../../../src/model';
import { type GraphStore, openStore } from '../../../src/store';
import type { SqlJsDatabase } from '../../../src/store/sqljs/database';
import { makeTempDir } from '../../helpers/tempDir';
import { FILE, OTHER_FILE, REPO, REPO_URL, edge, file, hashesJoinedByBucket, joinHashes, node, placeholder, snapshot } from '../contract/rows';
import { loadMigrations } from '../../../src/store/sqljs/migrations';
import { insertHashKeyedEdge, insertHashKeyedNode, writeGraphFileAtSchema } from './oldSchema';

/** The schema version a graph file opened by this build is migrated to. */
const NEWEST = String(Math.max(...loadMigrations().map((m) => m.version)));

/**
 * Migration 014 rewrites a graph file's hash-keyed rows to integer ids. A file as schema 13
 * wrote it, with a row of every kind the migration rewrites, must read back exactly as
 * written, and go on numbering its event log where it left off.
 */
describe('store/sqljs: migration 014 (integer row ids) upgrades an older graph file', () => {
  const OTHER_REPO_URL = 'example.com/other';
  const OTHER_REPO = Identity.repo(OTHER_REPO_URL);
  const [s1, s2] = [snapshot(1), snapshot(2)];
  const fileV1 = file('a.ts', 'c1');
  const fileV2 = { ...file('a.ts', 'c2'), sizeBytes: 20 };
  const fileB = file('b.ts');
  const fV1 = node('f');
  const fV2 = { ...fV1, line: 5, endLine: 9, bodyHash: 'b2' };
  const g = node('g');
  const h = { ...node('h'), fileHash: OTHER_FILE };
  const k = { ...node('k'), fileHash: OTHER_FILE };
  const p = placeholder('p');
  const outside: GraphNode = {
    ...node('q'), nodeHash: Identity.node(OTHER_REPO_URL, 'q', 'function'), qualifiedName: 'q', repoHash: OTHER_REPO, fileHash: '',
  };
  const fg = { ...edge(fV1, g, 4), laterCallSites: [{ file: 'a.ts', line: 8, col: 2 }, { file: 'b.ts', line: 1, col: 1 }] };
  const gf = edge(g, fV1, 6);
  const runtime: GraphEdge = {
    ...edge(fV2, p, 0, 'calls', 'otel_http'), ownerFileHash: '', callSiteFile: '', callSiteCol: 0, observationCount: 7, lastObserved: 1_700_000_500,
    confidence: 0.3,
  };
  const traced: GraphEdge = { ...edge(outside, g, 0, 'calls', 'otel_grpc'), ownerFileHash: '', callSiteFile: '', callSiteCol: 0, confidence: 0.95 };
  const bulk = [{ ...edge(h, k, 2), ownerFileHash: OTHER_FILE }, { ...edge(k, h, 3), ownerFileHash: OTHER_FILE }];

  function insertFile(database: SqlJsDatabase, f: FileRecord, addedIn: number, removedIn: number | null): void {
    database.run(
      'INSERT INTO files (file_hash, repo_hash, path, content_hash, language, size_bytes, added_in, removed_in) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      [f.fileHash, f.repoHash, f.path, f.contentHash, f.language, f.sizeBytes, addedIn, removedIn],
    );
  }

  /** Schema 13's rows: two snapshots of one repository, runtime rows, and a bulk load's event range. */
  function fillSchema13(database: SqlJsDatabase): void {
    database.run("INSERT INTO repos (repo_hash, repo_url, root_path, service_name, created_at, services) VALUES (?, ?, '/r', 'r', 1, '')", [REPO, REPO_URL]);
    for (const s of [s1, s2]) {
      database.run(
        `INSERT INTO snapshots (snapshot_hash, repo_hash, seq, commit_hash, parent_commit, dirty, created_at, merkle_root, file_count, node_count, edge_count)
         VALUES (?, ?, ?, ?, '', 0, ?, '', 0, 0, 0)`,
        [s.snapshotHash, REPO, s.seq, s.commitHash, s.createdAt],
      );
    }
    insertFile(database, fileV1, 1, 2);
    insertFile(database, fileV2, 2, null);
    insertFile(database, fileB, 1, null);
    insertHashKeyedNode(database, fV1, 1, 2);
    insertHashKeyedNode(database, fV2, 2);
    for (const n of [g, h, k, p]) insertHashKeyedNode(database, n, 1);
    insertHashKeyedNode(database, outside, 1);
    // rowids 1-4, then the bulk load's 5-6 (migration 013's range).
    insertHashKeyedEdge(database, fg, REPO, 1);
    database.run('UPDATE edges SET later_call_sites = ? WHERE rowid = 1', ['[[8,2],["b.ts",1,1]]']);
    insertHashKeyedEdge(database, gf, REPO, 1, 2);
    insertHashKeyedEdge(database, runtime, REPO, 3);
    insertHashKeyedEdge(database, traced, OTHER_REPO, 1);
    for (const e of bulk) insertHashKeyedEdge(database, e, REPO, 2);
    const event = 'INSERT INTO edge_events (edge_hash, event, at, snapshot_hash) VALUES (?, ?, ?, ?)';
    database.run(event, [fg.edgeHash, 'added', 100, s1.snapshotHash]);
    database.run(event, [gf.edgeHash, 'added', 100, s1.snapshotHash]);
    database.run(event, [gf.edgeHash, 'removed', 200, s2.snapshotHash]);
    database.run(event, [runtime.edgeHash, 'added', 300, null]);
    // The range's ids are reserved past the last row: only sqlite_sequence knows them.
    database.run('INSERT INTO edge_event_ranges (first_id, rowid_from, rowid_to, at, snapshot_hash) VALUES (5, 5, 6, 400, ?)', [s2.snapshotHash]);
    database.run("UPDATE sqlite_sequence SET seq = 6 WHERE name = 'edge_events'");
    database.run("INSERT INTO route_symbols VALUES ('r', '/users', 'http', ?, 10, ?)", [fV2.nodeHash, FILE]);
    database.run('INSERT INTO runtime_observations (edge_hash, day, count) VALUES (?, 19000, 3), (?, 19001, 4)', [runtime.edgeHash, runtime.edgeHash]);
    database.run('INSERT INTO runtime_edge_state (edge_hash, confidence_cap) VALUES (?, 0.3)', [runtime.edgeHash]);
    database.run(
      'INSERT INTO snapshot_runtime_edges (repo_hash, edge_hash, edge_added_in, added_in, removed_in) VALUES (?, ?, 1, 2, NULL)',
      [REPO, traced.edgeHash],
    );
    database.run("INSERT INTO file_facts (file_hash, content_hash, facts_version, facts) VALUES (?, 'c2', 1, x'00')", [FILE]);
    database.run("INSERT INTO feedback (symbol_hash, session_id, useful, at) VALUES (?, 's', 1, 5)", [g.nodeHash]);
    database.run("INSERT INTO enrichment_state VALUES (?, 'scip', 'c2', 'i', 'e', 9)", [FILE]);
  }

  const byHash = <T extends { nodeHash?: string; edgeHash?: string; fileHash?: string }>(rows: readonly T[]): T[] =>
    [...rows].sort((a, b) => String(a.nodeHash ?? a.edgeHash ?? a.fileHash).localeCompare(String(b.nodeHash ?? b.edgeHash ?? b.fileHash)));
  const events = (list: Awaited<ReturnType<GraphStore['edgeEvents']>>) => list.map((e) => [e.id, e.edgeHash, e.event, e.at, e.snapshotHash]);

  /** Every row of fillSchema13, read through the store. */
  async function assertReadsAsWritten(store: GraphStore): Promise<void> {
    assert.deepEqual(await store.repos(), [{ repoHash: REPO, repoUrl: REPO_URL, rootPath: '/r', serviceName: 'r' }]);
    assert.deepEqual((await store.snapshots(REPO)).map((s) => s.snapshotHash), [s1.snapshotHash, s2.snapshotHash]);
    assert.deepEqual(await store.filesAt(REPO, 1), [fileV1, fileB]);
    assert.deepEqual(await store.liveFileRecords(REPO), [fileV2, fileB]);
    assert.deepEqual(byHash(await store.nodesAt(REPO, 1)), byHash([fV1, g, h, k, p]));
    assert.deepEqual(byHash(await store.liveNodesOfRepo(REPO)), byHash([fV2, g, h, k, p]));
    assert.deepEqual(await store.liveRepoLevelNodes(REPO), [p]);
    assert.deepEqual(await store.liveNodesOutsideRepos(), [outside]);
    assert.deepEqual(byHash(await store.edgesAt(REPO, 1)), byHash([fg, gf]));
    assert.deepEqual(byHash(await store.edgesAt(REPO, 2)), byHash([fg, ...bulk, traced]), 'the held runtime edge too');
    assert.deepEqual(byHash(await store.liveEdges()), byHash([fg, runtime, traced, ...bulk]));
    assert.deepEqual(await store.liveEdgesOwnedBy(FILE), [fg]);
    assert.deepEqual(events(await store.edgeEvents()), [
      [1, fg.edgeHash, 'added', 100, s1.snapshotHash], [2, gf.edgeHash, 'added', 100, s1.snapshotHash],
      [3, gf.edgeHash, 'removed', 200, s2.snapshotHash],
      [4, runtime.edgeHash, 'added', 300, null],
      ...byHash(bulk).map((e, i) => [5 + i, e.edgeHash, 'added', 400, s2.snapshotHash]),
    ]);
    assert.deepEqual(await store.routeSymbols(), [
      { serviceName: 'r', routePattern: '/users', mappingType: 'http', nodeHash: fV2.nodeHash, createdAt: 10, ownerPath: 'a.ts' },
    ]);
    assert.deepEqual(await store.observationTotals('all', 0), new Map([[runtime.edgeHash, 7]]));
    assert.deepEqual(await store.runtimeConfidenceCaps([runtime.edgeHash, traced.edgeHash]), new Map([[runtime.edgeHash, 0.3]]));
    assert.deepEqual(await store.feedbackCounts('all'), new Map([[g.nodeHash, { useful: 1, notUseful: 0 }]]));
    assert.deepEqual(await store.enrichmentSummary(REPO), [{ source: 'scip', files: 1, lastAt: 9 }]);
    assert.equal(await store.staleFactsCount(REPO, 2), 1);
    assert.deepEqual(await store.countsOfRepo(REPO, { byKind: true }), { files: 2, nodes: 5, edges: 4, nodesByKind: { function: 5 }, edgesByType: { calls: 4 } });
    // Migration 017 buckets the leaves of every repository's next snapshot: its live edges and the runtime edges it holds.
    assert.deepEqual(await store.edgeBucketDigests(REPO, joinHashes), hashesJoinedByBucket([fg, runtime, ...bulk, traced].map((e) => e.edgeHash)));
    assert.deepEqual(await store.edgeBucketDigests(OTHER_REPO, joinHashes), hashesJoinedByBucket([traced.edgeHash]));
  }

  it('reads every row back as schema 13 held it, through a save and reopen, and numbers new events after the reserved ones', async () => {
    const dbPath = path.join(makeTempDir(), 'graph.sqlite');
    await writeGraphFileAtSchema(dbPath, 13, fillSchema13);
    let store = await openStore(dbPath);
    await assertReadsAsWritten(store);
    await store.save();
    await store.close();

    const SQL = await initSqlJs({ locateFile: () => Assets.sqlJsWasm() });
    const raw = new SQL.Database(fs.readFileSync(dbPath));
    assert.equal(raw.exec("SELECT value FROM meta WHERE key = 'schema_version'")[0].values[0][0], NEWEST);
    const keys = (table: string) => raw.exec(`SELECT name FROM pragma_table_info('${table}') WHERE name LIKE '%\\_id' ESCAPE '\\' OR name IN ('node_hash', 'edge_hash', 'file_hash')`)[0].values.flat();
    assert.deepEqual(keys('edges'), ['edge_id', 'source_id', 'target_id', 'owner_file_id', 'repo_id']);
    assert.deepEqual(keys('nodes'), ['node_id', 'file_id', 'repo_id']);
    raw.close();

    store = await openStore(dbPath);
    await assertReadsAsWritten(store);
    const added = edge(g, p, 9);
    await store.replaceOwnedEdges(FILE, REPO, [fg, added], 3, 's3');
    assert.deepEqual(events(await store.edgeEvents(added.edgeHash)).map((e) => e[0]), [7], 'after the range the bulk load reserved');
    await store.close();
  });

  it('is saved upgraded when a writer opens it, so the next open does not migrate again', async () => {
    const dbPath = path.join(makeTempDir(), 'graph.sqlite');
    await writeGraphFileAtSchema(dbPath, 13, fillSchema13);
    const reader = await openStore(dbPath);
    await reader.close();
    const SQL = await initSqlJs({ locateFile: () => Assets.sqlJsWasm() });
    const version = () => new SQL.Database(fs.readFileSync(dbPath)).exec("SELECT value FROM meta WHERE key = 'schema_version'")[0].values[0][0];
    assert.equal(version(), '13', 'a reader never writes');
    const writer = await openStore(dbPath, { writer: {} });
    assert.equal(version(), NEWEST);
    await assertReadsAsWritten(writer);
    await writer.close();
  });
});
