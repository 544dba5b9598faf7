import type { Hash } from '../model';
import type { GraphTables, LiveFile } from '../store';

/** Closes a file gone from the repository and everything it owned: nodes, edges, routes and facts. */
export async function closeRemovedFile(tx: GraphTables, repoHash: Hash, file: LiveFile, seq: number, snapshotHash: Hash): Promise<void> {
  await tx.closeFile(file.fileHash, seq);
  await tx.replaceFileNodes(file.fileHash, [], seq);
  await tx.replaceOwnedEdges(file.fileHash, repoHash, [], seq, snapshotHash);
  await tx.replaceFileRoutes(file.fileHash, []);
  await tx.deleteFacts(file.fileHash);
}
