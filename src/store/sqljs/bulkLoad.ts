import type { SqlValue } from 'sql.js';
import type { GraphEdge, GraphNode, Hash } from '../../model';
import type { SqlJsDatabase } from './database';
import { lastEdgeRowid, logBulkAdded } from './edgeEventRanges';
import { insertEdge } from './edgeWrites';
import { insertNode } from './nodeWrites';
import { EDGE_COLUMNS, edgeParams } from './rows';

/** insertNewRows reports progress this often. */
const ROWS_PER_PROGRESS = 5000;

/**
 * The first load of a repo at `seq` (GraphStore.bulkLoad): secondary indexes of the graph
 * tables are dropped and rebuilt afterwards, and the 'added' events of the loaded edges
 * are logged as one range (edgeEventRanges.ts).
 */
export async function bulkLoad<T>(
  database: SqlJsDatabase, repoHash: Hash, seq: number, snapshotHash: Hash, work: () => Promise<T>,
): Promise<T> {
  // Secondary indexes are dropped and rebuilt around a large load: building a B-tree
  // from sorted keys is far cheaper than inserting tens of thousands of random hashes.
  const indexes = database.all(
    "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN ('nodes', 'edges', 'files')",
    [],
    (row) => ({ name: row[0] as string, sql: row[1] as string }),
  );
  for (const index of indexes) database.exec(`DROP INDEX ${index.name}`);
  try {
    const before = lastEdgeRowid(database);
    const result = await work();
    logBulkAdded(database, repoHash, seq, snapshotHash, Math.floor(Date.now() / 1000), before);
    return result;
  } finally {
    for (const index of indexes) database.exec(index.sql);
  }
}

/** Inside bulkLoad: rows no live row holds yet, in hash order so the primary-key B-trees grow by appends. */
export function insertNewRows(
  database: SqlJsDatabase, nodes: readonly GraphNode[], edges: readonly GraphEdge[], repoHash: Hash, seq: number,
  onRows?: (done: number, total: number) => void,
): void {
  const total = nodes.length + edges.length;
  let done = 0;
  const tick = (): void => {
    if (++done % ROWS_PER_PROGRESS === 0 || done === total) onRows?.(done, total);
  };
  // The load's repo and seq are written into the statements rather than bound: sql.js
  // copies every bound string into wasm memory and frees it, and the repo hash is 64
  // characters on every row (17% of the inserts' time on prometheus).
  const constants = loadConstants(repoHash, seq);
  const nodeSql = constants && `INSERT OR IGNORE INTO nodes (${NODE_COLUMNS_BUT_REPO}, repo_hash, added_in) VALUES (${placeholders(10)}, ${constants})`;
  const edgeSql = constants && `INSERT OR REPLACE INTO edges (${EDGE_COLUMNS}, repo_hash, added_in) VALUES (${placeholders(13)}, ${constants})`;
  for (const node of [...nodes].sort((a, b) => compareHashes(a.nodeHash, b.nodeHash))) {
    if (nodeSql && node.repoHash === repoHash) database.run(nodeSql, nodeParamsButRepo(node));
    else insertNode(database, node, seq);
    tick();
  }
  for (const edge of [...edges].sort((a, b) => compareHashes(a.edgeHash, b.edgeHash))) {
    if (edgeSql) database.run(edgeSql, edgeParams(edge));
    else insertEdge(database, edge, repoHash, seq);
    tick();
  }
}

/** `'<repo hash>', <seq>` as SQL literals, when they are plain hex and an integer (always, from the indexer). */
function loadConstants(repoHash: Hash, seq: number): string | undefined {
  return /^[0-9a-f]+$/.test(repoHash) && Number.isSafeInteger(seq) ? `'${repoHash}', ${seq}` : undefined;
}

/** NODE_COLUMNS with repo_hash left out, in nodeParamsButRepo's order. */
const NODE_COLUMNS_BUT_REPO = 'node_hash, file_hash, qualified_name, kind, line, col, end_line, signature, body_hash, doc';

function nodeParamsButRepo(node: GraphNode): SqlValue[] {
  return [node.nodeHash, node.fileHash, node.qualifiedName, node.kind, node.line, node.column, node.endLine, node.signature, node.bodyHash, node.doc];
}

function placeholders(count: number): string {
  return new Array(count).fill('?').join(', ');
}

function compareHashes(a: Hash, b: Hash): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
