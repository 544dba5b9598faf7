import * as fs from 'node:fs';
import initSqlJs from 'sql.js';
import { Assets } from '../../../src/assets';
import type { GraphEdge, GraphNode, Hash } from '../../../src/model';
import { SqlJsDatabase } from '../../../src/store/sqljs/database';
import { loadMigrations, migrate } from '../../../src/store/sqljs/migrations';
import { GRAPH_FORMAT } from '../../../src/store/sqljs/openStore';

/**
 * Graph files as an older ckg wrote them: the real migrations up to `version`, run by the
 * real migration runner, and rows written in that schema's shape by `fill`. Opening the
 * file with openStore then migrates it from there.
 */
export async function writeGraphFileAtSchema(file: string, version: number, fill: (database: SqlJsDatabase) => void): Promise<void> {
  const SQL = await initSqlJs({ locateFile: () => Assets.sqlJsWasm() });
  const database = new SqlJsDatabase(new SQL.Database());
  database.exec('CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)');
  database.run("INSERT INTO meta (key, value) VALUES ('format', ?)", [GRAPH_FORMAT]);
  const reached = migrate(database, 0, loadMigrations().filter((m) => m.version <= version));
  if (reached !== version) throw new Error(`oldSchema: migrations reach ${reached}, not ${version}`);
  fill(database);
  fs.writeFileSync(file, database.export());
  database.close();
}

/** A node row with 64-hex keys (schemas 1-13). */
export function insertHashKeyedNode(database: SqlJsDatabase, node: GraphNode, addedIn: number, removedIn: number | null = null): void {
  database.run(
    `INSERT INTO nodes (node_hash, file_hash, repo_hash, qualified_name, kind, line, col, end_line, signature, body_hash, doc, added_in, removed_in)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [node.nodeHash, node.fileHash, node.repoHash, node.qualifiedName, node.kind, node.line, node.column, node.endLine, node.signature,
      node.bodyHash, node.doc, addedIn, removedIn],
  );
}

/** An edge row with 64-hex keys (schemas 4-13; later_call_sites, from 7, keeps its default). */
export function insertHashKeyedEdge(
  database: SqlJsDatabase, edge: GraphEdge, repoHash: Hash, addedIn: number, removedIn: number | null = null,
): void {
  database.run(
    `INSERT INTO edges (edge_hash, source_hash, target_hash, edge_type, provenance, confidence, call_site_file, call_site_line, call_site_col,
       observation_count, last_observed, owner_file_hash, repo_hash, added_in, removed_in)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [edge.edgeHash, edge.sourceHash, edge.targetHash, edge.edgeType, edge.provenance, edge.confidence, edge.callSiteFile,
      edge.callSiteLine, edge.callSiteCol, edge.observationCount, edge.lastObserved, edge.ownerFileHash, repoHash, addedIn, removedIn],
  );
}
