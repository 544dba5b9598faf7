import * as fs from 'node:fs';
import { type GraphEdge, type Hash, hashBytes } from '../model';
import type { GraphReader } from '../store';

/**
 * What a file's owned edges are, to tell whether anything replaced them since a
 * compiler-grade pass visited it (a re-link by `ckg index` replaces them all).
 */
function edgesDigest(edges: readonly GraphEdge[]): string {
  return hashBytes(edges.map((e) => e.edgeHash).sort().join('\n'));
}

const NO_EDGES_DIGEST = edgesDigest([]);

/** A file's entry of ownedEdgeDigests; a file that owns no edge has the digest of none. */
export function digestOf(digests: ReadonlyMap<Hash, string>, fileHash: Hash): string {
  return digests.get(fileHash) ?? NO_EDGES_DIGEST;
}

/** edgesDigest of every file of a repository that owns an edge, from one read of its edges. */
export async function ownedEdgeDigests(store: GraphReader, repoHash: Hash): Promise<Map<Hash, string>> {
  const byOwner = new Map<Hash, GraphEdge[]>();
  for (const edge of await store.liveEdges({ repoHash })) {
    if (!edge.ownerFileHash) continue;
    const owned = byOwner.get(edge.ownerFileHash);
    if (owned) owned.push(edge);
    else byOwner.set(edge.ownerFileHash, [edge]);
  }
  return new Map([...byOwner].map(([owner, edges]) => [owner, edgesDigest(edges)]));
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
