import type { Hash, RepoRecord } from '../model';
import type { SnapshotLog } from '../store';
import { ToolError } from './tool';

/** An unknown hash is an error, not an empty result (DESIGN §5); the message says where to find good ones. */
export async function requireRepo(store: SnapshotLog, argument: string, repoHash: Hash): Promise<RepoRecord> {
  const repo = await store.repo(repoHash);
  if (!repo) {
    throw new ToolError(`${argument}: no repository with hash ${repoHash} (the ckg://repos resource lists them)`);
  }
  return repo;
}

/** Code-point order: the same on every machine and locale, unlike localeCompare. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
