import type { GraphEdge, GraphNode, Hash } from '../../model';
import type { SqlJsDatabase } from './database';
import { lastEdgeRowid, logBulkAdded } from './edgeEventRanges';
import { withoutInsertTrigger } from './edgeHashBuckets';
import { BatchIds } from './hashIds';
import { EDGE_INSERT_COLUMNS, NODE_INSERT_COLUMNS, edgeValues, nodeValues } from './rows';

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
    return await withoutInsertTrigger(database, before, async () => {
      const result = await work();
      logBulkAdded(database, repoHash, seq, snapshotHash, Math.floor(Date.now() / 1000), before);
      return result;
    });
  } finally {
    for (const index of indexes) database.exec(index.sql);
  }
}

/**
 * Inside bulkLoad: rows no live row holds yet, in hash order so the primary-key B-trees grow
 * by appends. Their own hashes get ids first, the nodes' then the edges', so the ids of the
 * loaded rows ascend with their hashes; the hashes they refer to (files, other nodes) mostly
 * have ids already. Rows bind integers for keys: sql.js copies every bound string into wasm
 * memory, and a 64-hex key was bound several times a row.
 */
export function insertNewRows(
  database: SqlJsDatabase, nodes: readonly GraphNode[], edges: readonly GraphEdge[], repoHash: Hash, seq: number,
  onRows?: (done: number, total: number) => void,
): void {
  const total = nodes.length + edges.length;
  let done = 0;
  const tick = (): void => {
    if (++done % ROWS_PER_PROGRESS === 0 || done === total) onRows?.(done, total);
  };
  const sortedNodes = [...nodes].sort((a, b) => compareHashes(a.nodeHash, b.nodeHash));
  const sortedEdges = [...edges].sort((a, b) => compareHashes(a.edgeHash, b.edgeHash));
  const ids = new BatchIds(database);
  const nodeIds = ids.assignNew(sortedNodes.map((node) => node.nodeHash));
  const edgeIds = ids.assignNew(sortedEdges.map((edge) => edge.edgeHash), false);
  const repoId = ids.of(repoHash);
  const nodeSql = `INSERT OR IGNORE INTO nodes (${NODE_INSERT_COLUMNS}, added_in) VALUES (${placeholders(12)})`;
  const edgeSql = `INSERT OR REPLACE INTO edges (${EDGE_INSERT_COLUMNS}, repo_id, added_in) VALUES (${placeholders(15)})`;
  sortedNodes.forEach((node, index) => {
    const values = nodeValues(node, nodeIds[index]!, ids.of(node.fileHash), ids.of(node.repoHash));
    values.push(seq);
    database.run(nodeSql, values);
    tick();
  });
  sortedEdges.forEach((edge, index) => {
    const values = edgeValues(edge, { edge: edgeIds[index]!, source: ids.of(edge.sourceHash), target: ids.of(edge.targetHash), ownerFile: ids.of(edge.ownerFileHash) });
    values.push(repoId, seq);
    database.run(edgeSql, values);
    tick();
  });
}

function placeholders(count: number): string {
  return new Array(count).fill('?').join(', ');
}

function compareHashes(a: Hash, b: Hash): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
