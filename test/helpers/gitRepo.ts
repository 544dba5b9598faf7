import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import { makeTempDir, writeTree } from './tempDir';

const IDENTITY = ['-c', 'user.email=test@example.invalid', '-c', 'user.name=test', '-c', 'commit.gpgsign=false'];

/** Runs git in `root` and returns its trimmed stdout. */
export function git(root: string, ...args: string[]): string {
  return execFileSync('git', [...IDENTITY, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] }).toString().trim();
}

/** A temporary git repository holding `files`, committed once on branch main; returns its real path. */
export function gitRepo(files: Record<string, string>): string {
  const root = fs.realpathSync(makeTempDir('ckg-git-'));
  writeTree(root, files);
  git(root, 'init', '-q', '-b', 'main');
  git(root, 'add', '-A');
  git(root, 'commit', '-qm', 'first');
  return root;
}

/** Writes `files` into the repository at `root` and commits them as one commit. */
export function commitFiles(root: string, files: Record<string, string>, message: string): void {
  writeTree(root, files);
  git(root, 'add', '-A');
  git(root, 'commit', '-qm', message);
}

/** Polls `probe` until it returns a value other than undefined or false, for at most `timeoutMs`. */
export async function eventually<T>(what: string, probe: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
