import * as fs from 'node:fs';
import { type Hash, hashBytes } from '../model';
import type { GraphReader } from '../store';

/**
 * What a file's owned edges (and, for a pass that adds nodes, its nodes) are, to tell
 * whether anything replaced them since a compiler-grade pass visited it: a re-link by
 * `ckg index` replaces them all.
 */
function rowsDigest(hashes: readonly Hash[]): string {
  return hashBytes([...hashes].sort().join('\n'));
}

const NO_ROWS_DIGEST = rowsDigest([]);

/** A file's entry of ownedEdgeDigests; a file that owns no row has the digest of none. */
export function digestOf(digests: ReadonlyMap<Hash, string>, fileHash: Hash): string {
  return digests.get(fileHash) ?? NO_ROWS_DIGEST;
}

/**
 * The digest of every file of a repository that owns an edge, from one read of its edges;
 * with `nodes`, of its nodes too (SCIP ingest adds nodes a re-link removes).
 */
export async function ownedEdgeDigests(store: GraphReader, repoHash: Hash, options: { readonly nodes?: boolean } = {}): Promise<Map<Hash, string>> {
  const byOwner = new Map<Hash, Hash[]>();
  const own = (fileHash: Hash, hash: Hash): void => {
    const owned = byOwner.get(fileHash);
    if (owned) owned.push(hash);
    else byOwner.set(fileHash, [hash]);
  };
  for (const edge of await store.liveEdges({ repoHash })) if (edge.ownerFileHash) own(edge.ownerFileHash, edge.edgeHash);
  if (options.nodes) for (const node of await store.liveNodesOfRepo(repoHash)) if (node.fileHash) own(node.fileHash, node.nodeHash);
  return new Map([...byOwner].map(([owner, hashes]) => [owner, rowsDigest(hashes)]));
}

/**
 * The content hash of a file as it is on disk now, undefined when it cannot be read. A
 * language server or a SCIP index answers about the disk: a file whose bytes are not the
 * ones the graph holds is skipped.
 */
export function contentOnDisk(absolutePath: string): Hash | undefined {
  try {
    return hashBytes(fs.readFileSync(absolutePath));
  } catch {
    return undefined;
  }
}
