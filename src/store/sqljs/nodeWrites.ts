import type { GraphNode, Hash } from '../../model';
import type { ReplaceResult } from '../records';
import type { SqlJsDatabase } from './database';
import { EMPTY_HASH_ID, ID_OF, IdMemo } from './hashIds';
import { liveNodesOfFile } from './reads';
import { nodeVersionChanges } from '../nodeVersions';
import { LIVE, NODE_INSERT_COLUMNS, nodeValues } from './rows';

/** Node rows: versions opened and closed at a snapshot sequence. */

/** A node another file already holds keeps its first owner: the unique live index ignores this insert. */
export function insertNode(database: SqlJsDatabase, node: GraphNode, seq: number, ids = new IdMemo(database)): void {
  const values = nodeValues(node, ids.of(node.nodeHash), ids.of(node.fileHash), ids.of(node.repoHash));
  database.run(`INSERT OR IGNORE INTO nodes (${NODE_INSERT_COLUMNS}, added_in) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, [...values, seq]);
}

/** A version opened at this seq is deleted; an older one is closed. */
function closeNode(database: SqlJsDatabase, nodeHash: Hash, fileHash: Hash, seq: number): void {
  database.run(`DELETE FROM nodes WHERE node_id = ${ID_OF} AND file_id = ${ID_OF} AND added_in = ?`, [nodeHash, fileHash, seq]);
  database.run(`UPDATE nodes SET removed_in = ? WHERE node_id = ${ID_OF} AND file_id = ${ID_OF} AND ${LIVE}`, [seq, nodeHash, fileHash]);
}

export function replaceFileNodes(database: SqlJsDatabase, fileHash: Hash, nodes: readonly GraphNode[], seq: number): ReplaceResult {
  const { replaced, insert, fresh, gone } = nodeVersionChanges(liveNodesOfFile(database, fileHash), nodes);
  for (const nodeHash of [...replaced, ...gone]) closeNode(database, nodeHash, fileHash, seq);
  const ids = new IdMemo(database);
  let added = 0;
  for (const node of insert) {
    insertNode(database, node, seq, ids);
    // A node another file already holds live is not inserted (insertNode), so not added.
    if (fresh.has(node.nodeHash) && database.changes() > 0) added++;
  }
  return { added, removed: gone.length };
}

export function retainFileNodes(database: SqlJsDatabase, fileHash: Hash, keep: ReadonlySet<Hash>, seq: number): number {
  let removed = 0;
  for (const node of liveNodesOfFile(database, fileHash)) {
    if (keep.has(node.nodeHash)) continue;
    closeNode(database, node.nodeHash, fileHash, seq);
    removed++;
  }
  return removed;
}

export function ensureRepoLevelNodes(database: SqlJsDatabase, nodes: readonly GraphNode[], seq: number): number {
  let added = 0;
  const ids = new IdMemo(database);
  for (const node of nodes) {
    database.run('DELETE FROM nodes WHERE node_id = ? AND added_in = ? AND removed_in IS NOT NULL', [ids.of(node.nodeHash), seq]);
    insertNode(database, node, seq, ids);
    added += database.changes();
  }
  return added;
}

export function sweepRepoLevelNodes(database: SqlJsDatabase, repoHash: Hash, seq: number, candidates?: Iterable<Hash>): number {
  const orphaned = `n.repo_id = ${ID_OF} AND n.file_id = ${EMPTY_HASH_ID} AND n.${LIVE}
       AND NOT EXISTS (SELECT 1 FROM edges e WHERE e.target_id = n.node_id AND e.${LIVE})
       AND NOT EXISTS (SELECT 1 FROM edges e WHERE e.source_id = n.node_id AND e.${LIVE})`;
  const orphans = candidates
    ? [...new Set(candidates)].filter((nodeHash) => database.scalar(
      `SELECT 1 FROM nodes n WHERE n.node_id = ${ID_OF} AND ${orphaned}`, [nodeHash, repoHash]) !== undefined)
    : database.all(`SELECT h.hash FROM nodes n JOIN hashes h ON h.id = n.node_id WHERE ${orphaned}`, [repoHash], (row) => row[0] as string);
  for (const nodeHash of orphans) closeNode(database, nodeHash, '', seq);
  return orphans.length;
}
