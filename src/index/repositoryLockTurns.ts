import type { WriterLease, WriterLockOptions } from '../store';
import { workingTreeRepoHash } from './repoIdentity';

/**
 * Index runs of a long-lived host (`ckg mcp`/`ckg serve`, the editor's graph server) on a
 * store with repository locks (a server database): each first takes its repository's
 * writer lock, outside the host's write queue, so waiting for it never holds up the host's
 * other writes, and before the graph's lock, the order every writer keeps, so none waits
 * in a circle. One run at a time holds or waits for a repository's lock: each holds a
 * pooled connection, and runs waiting side by side would take the connections the run
 * under way needs.
 */
export class RepositoryLockTurns {
  private turn: Promise<unknown> = Promise.resolve();

  /** `lock` takes a writer lock on the host's current store; `options` name the host to whoever waits. */
  constructor(
    private readonly lock: (options: WriterLockOptions) => Promise<WriterLease>,
    private readonly options: Pick<WriterLockOptions, 'command' | 'onWait'>,
  ) {}

  /** Runs `work` holding the lock of the repository an index of `repoPath` writes under, after the runs before it. */
  run<T>(repoPath: string, repoUrl: string | undefined, work: () => Promise<T>): Promise<T> {
    const locked = async (): Promise<T> => {
      const lease = await this.lock({ ...this.options, wait: true, repository: workingTreeRepoHash(repoPath, repoUrl) });
      try {
        return await work();
      } finally {
        await lease.release();
      }
    };
    const result = this.turn.then(locked, locked);
    this.turn = result.catch(() => undefined);
    return result;
  }
}
