import { execFileSync } from 'node:child_process';
import { isGitWorkTree } from './sourceFiles';

export interface CommitState {
  /** The commit indexed, or '' outside git. */
  readonly commit: string;
  /** The working tree differs from the commit (only meaningful when indexing HEAD). */
  readonly dirty: boolean;
}

function git(root: string, args: string[]): string {
  return execFileSync('git', args, { cwd: root, stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 64 * 1024 * 1024 }).toString().trim();
}

export function headState(root: string): CommitState {
  let commit = '';
  try {
    commit = git(root, ['rev-parse', 'HEAD']);
  } catch {
    return { commit: '', dirty: true };
  }
  const status = git(root, ['status', '--porcelain', '--untracked-files=normal']);
  return { commit, dirty: status.length > 0 };
}

/** Full hash of a commit-ish, or an error naming the argument. */
export function resolveCommit(root: string, commitish: string): string {
  try {
    return git(root, ['rev-parse', '--verify', '--quiet', `${commitish}^{commit}`]);
  } catch {
    throw new Error(`--commit ${commitish}: not a commit in ${root}`);
  }
}

/**
 * Where `root` sits inside its git work tree, as git's `--show-prefix` says it
 * (`services/cart`, no trailing slash); '' at the top or outside git.
 */
export function workTreePrefix(root: string): string {
  try {
    return git(root, ['rev-parse', '--show-prefix']).replace(/\/+$/, '');
  } catch {
    return '';
  }
}

/** `origin`'s URL when there is one. */
export function originUrl(root: string): string | undefined {
  try {
    return git(root, ['remote', 'get-url', 'origin']) || undefined;
  } catch {
    return undefined;
  }
}

/** Paths and blob contents of a commit, for indexing a commit other than the work tree. */
export function listCommitFiles(root: string, commit: string): string[] {
  return git(root, ['ls-tree', '-r', '-z', '--name-only', commit]).split('\0').filter((p) => p.length > 0);
}

/** Blob contents of many paths at a commit, through one `git cat-file --batch`. */
export function readCommitFiles(root: string, commit: string, paths: readonly string[]): Map<string, Buffer> {
  const input = paths.map((p) => `${commit}:${p}`).join('\n') + '\n';
  const output = execFileSync('git', ['cat-file', '--batch'], { cwd: root, input, maxBuffer: 2 * 1024 * 1024 * 1024 });
  const files = new Map<string, Buffer>();
  let offset = 0;
  for (const filePath of paths) {
    const headerEnd = output.indexOf(10, offset);
    const header = output.subarray(offset, headerEnd).toString('utf8');
    offset = headerEnd + 1;
    const size = / blob (\d+)$/.exec(header)?.[1];
    if (size === undefined) continue;
    files.set(filePath, output.subarray(offset, offset + Number(size)));
    offset += Number(size) + 1;
  }
  return files;
}

/**
 * The commit an index run reads: HEAD's work tree (dirty or not) without `commitish`;
 * else that commit, read from git's objects unless it is a clean HEAD.
 */
export function commitToIndex(root: string, commitish: string | undefined): { commit: string; dirty: boolean; readFromCommit: boolean } {
  const head = headState(root);
  if (!commitish) return { commit: head.commit, dirty: head.dirty, readFromCommit: false };
  if (!isGitWorkTree(root)) throw new Error(`--commit ${commitish}: ${root} is not a git repository`);
  const commit = resolveCommit(root, commitish);
  if (commit === head.commit && !head.dirty) return { commit, dirty: false, readFromCommit: false };
  return { commit, dirty: false, readFromCommit: true };
}
