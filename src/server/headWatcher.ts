import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

export const HEAD_POLL_MS = 1000;

/**
 * Tells when a repository's HEAD moves: a commit, checkout, branch switch, reset or
 * pull. It polls the stat of `HEAD` (the branch) and `logs/HEAD` (appended on every
 * move) in the git directory; polling, because the editor's watcher skips `.git` and
 * fs.watch misses atomic renames on some file systems. The commit is then read with git.
 */
export class HeadWatcher {
  private readonly watched: string[] = [];
  private commit: string;

  constructor(private readonly root: string, private readonly onMove: (commit: string, previous: string) => void, intervalMs = HEAD_POLL_MS) {
    this.commit = headCommit(root);
    const gitDir = gitDirectory(root);
    if (!gitDir) return;
    for (const file of [path.join(gitDir, 'HEAD'), path.join(gitDir, 'logs', 'HEAD')]) {
      fs.watchFile(file, { interval: intervalMs, persistent: false }, () => this.check());
      this.watched.push(file);
    }
  }

  get current(): string {
    return this.commit;
  }

  /** Re-reads HEAD; calls back when it differs from what was seen last. */
  check(): void {
    const now = headCommit(this.root);
    if (now === this.commit) return;
    const previous = this.commit;
    this.commit = now;
    this.onMove(now, previous);
  }

  dispose(): void {
    for (const file of this.watched.splice(0)) fs.unwatchFile(file);
  }
}

export function headCommit(root: string): string {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  } catch {
    return '';
  }
}

function gitDirectory(root: string): string | undefined {
  try {
    return execFileSync('git', ['rev-parse', '--absolute-git-dir'], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim() || undefined;
  } catch {
    return undefined;
  }
}
