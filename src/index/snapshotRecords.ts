import { type Hash, Identity, type SnapshotRecord } from '../model';
import type { GraphStore } from '../store/graphStore';
import { resolveCommit } from './gitInfo';
import type { RepoState } from './linkWriter';
import { merkleRoot } from './merkle';

/** The snapshot rows an index run writes: a commit's (or dirty tree's) snapshot, and the one saves write into. */

/** A full index's snapshot, with the Merkle root and counts of what is live after it. */
export function writeSnapshot(
  store: GraphStore, repo: RepoState, snapshotHash: Hash, seq: number, commit: string, dirty: boolean, replaceExisting: boolean,
): void {
  const edgeHashes = store.liveEdgeHashes(repo.repoHash);
  const counts = store.countsOfRepo(repo.repoHash);
  if (replaceExisting) store.deleteSnapshot(snapshotHash);
  store.insertSnapshot({
    snapshotHash, repoHash: repo.repoHash, seq, commitHash: commit, parentCommit: dirty ? commit : parentOf(repo, commit),
    dirty, createdAt: Math.floor(Date.now() / 1000), merkleRoot: merkleRoot(edgeHashes),
    fileCount: counts.files, nodeCount: counts.nodes, edgeCount: edgeHashes.length,
  });
}

/** The dirty snapshot file saves write into: the latest one if dirty, else a new one. */
export function workingSnapshot(store: GraphStore, repo: RepoState): SnapshotRecord & { created: boolean } {
  const latest = store.latestSnapshot(repo.repoHash);
  if (latest?.dirty) return { ...latest, created: false };
  const seq = store.nextSnapshotSeq(repo.repoHash);
  const commit = latest?.commitHash ?? '';
  const snapshot: SnapshotRecord = {
    snapshotHash: Identity.snapshot(repo.repoHash, `${commit}+dirty@${seq}`), repoHash: repo.repoHash, seq, commitHash: commit,
    parentCommit: commit, dirty: true, createdAt: Math.floor(Date.now() / 1000), merkleRoot: '',
    fileCount: latest?.fileCount ?? 0, nodeCount: latest?.nodeCount ?? 0, edgeCount: latest?.edgeCount ?? 0,
  };
  store.insertSnapshot(snapshot);
  return { ...snapshot, created: true };
}

function parentOf(repo: RepoState, commit: string): string {
  if (!commit) return '';
  try {
    return resolveCommit(repo.root, `${commit}^`);
  } catch {
    return '';
  }
}
