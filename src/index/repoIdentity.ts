import * as fs from 'node:fs';
import * as path from 'node:path';
import { originUrl } from './gitInfo';

/** The repo's root directory, resolved; errors name the argument and what was expected. */
export function resolveRepoRoot(repoPath: string): string {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(repoPath);
  } catch {
    throw new Error(`repo_path ${repoPath}: no such directory`);
  }
  if (!stat.isDirectory()) throw new Error(`repo_path ${repoPath}: expected a directory, found a file`);
  return fs.realpathSync(repoPath);
}

/**
 * A repository URL for qualified names: the origin remote without scheme, user and
 * `.git` (`git@github.com:a/b.git` -> `github.com/a/b`), else `local/<directory name>`.
 */
export function defaultRepoUrl(root: string): string {
  const origin = originUrl(root);
  return origin ? normaliseRepoUrl(origin) : `local/${path.basename(root)}`;
}

export function normaliseRepoUrl(url: string): string {
  return url
    .trim()
    .replace(/^[a-z+]+:\/\//i, '')
    .replace(/^[^@/]+@/, '')
    .replace(/^([^/:]+):(?!\d)/, '$1/')
    .replace(/\.git$/, '')
    .replace(/\/+$/, '');
}
