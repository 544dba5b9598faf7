import { type Hash, Identity, type SnapshotRecord } from '../model';
import type { GraphReader, SnapshotLog } from '../store';
import { resolveCommit } from './gitInfo';
import type { RepoState } from './linkWriter';
import { merkleRoot } from './merkle';

/** The snapshot rows an index run writes: a commit's (or dirty tree's) snapshot, and the one saves write into. */

/** A full index's snapshot, with the Merkle root and counts of what is live after it. */
export async function writeSnapshot(
  store: SnapshotLog & GraphReader, repo: RepoState, snapshotHash: Hash, seq: number, commit: string, dirty: boolean, replaceExisting: boolean,
): Promise<void> {
  // Runtime edges into this repo are stored under their caller's: the snapshot holds them too (SPEC 3.5).
  const held = await store.holdForeignRuntimeEdges(repo.repoHash, seq);
  const counts = await store.countsOfRepo(repo.repoHash, { byKind: true });
  const edgesByType = { ...counts.edgesByType };
  for (const edge of held.length > 0 ? await store.liveEdgesByHash(held) : []) edgesByType[edge.edgeType] = (edgesByType[edge.edgeType] ?? 0) + 1;
  const root = merkleRoot(await store.edgeBucketDigests(repo.repoHash, merkleRoot));
  if (replaceExisting) await store.deleteSnapshot(snapshotHash);
  await store.insertSnapshot({
    snapshotHash, repoHash: repo.repoHash, seq, commitHash: commit, parentCommit: dirty ? commit : parentOf(repo, commit),
    dirty, createdAt: Math.floor(Date.now() / 1000), merkleRoot: root,
    fileCount: counts.files, nodeCount: counts.nodes, edgeCount: counts.edges + held.length,
    nodesByKind: counts.nodesByKind, edgesByType: sortedByKey(edgesByType),
  });
}

/** The dirty snapshot file saves write into: the latest one if dirty, else a new one. */
export async function workingSnapshot(store: SnapshotLog, repo: RepoState): Promise<SnapshotRecord & { created: boolean }> {
  const latest = await store.latestSnapshot(repo.repoHash);
  if (latest?.dirty) return { ...latest, created: false };
  const seq = await store.nextSnapshotSeq(repo.repoHash);
  const commit = latest?.commitHash ?? '';
  const snapshot: SnapshotRecord = {
    snapshotHash: Identity.snapshot(repo.repoHash, `${commit}+dirty@${seq}`), repoHash: repo.repoHash, seq, commitHash: commit,
    parentCommit: commit, dirty: true, createdAt: Math.floor(Date.now() / 1000), merkleRoot: '',
    fileCount: latest?.fileCount ?? 0, nodeCount: latest?.nodeCount ?? 0, edgeCount: latest?.edgeCount ?? 0,
    // Its breakdown comes with its totals, both refreshed by the next full index.
    ...(latest?.nodesByKind ? { nodesByKind: latest.nodesByKind } : {}),
    ...(latest?.edgesByType ? { edgesByType: latest.edgesByType } : {}),
  };
  await store.insertSnapshot(snapshot);
  return { ...snapshot, created: true };
}

function sortedByKey(counts: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function parentOf(repo: RepoState, commit: string): string {
  if (!commit) return '';
  try {
    return resolveCommit(repo.root, `${commit}^`);
  } catch {
    return '';
  }
}
