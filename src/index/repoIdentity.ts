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
 * `.git` (`git@github.com:a/b.git` -> `github.com/a/b`); an origin that is a folder on
 * disk (a clone of a local repository) `local/<that folder's name>`, so every clone of it
 * is named alike and no machine path becomes a name; no origin: `local/<directory name>`.
 */
export function defaultRepoUrl(root: string): string {
  const origin = originUrl(root)?.trim();
  if (!origin) return localRepoUrl(root);
  if (!isFilesystemPath(origin)) return normaliseRepoUrl(origin);
  const folder = origin.replace(/^file:\/\//i, '');
  return localRepoUrl(folder.startsWith('.') ? path.resolve(root, folder) : folder);
}

/** `local/<folder name>`: the last path segment, without a `.git` segment or suffix. */
function localRepoUrl(folder: string): string {
  const segments = folder.split(/[\\/]+/).filter((s) => s !== '' && s !== '.git');
  const name = segments.pop()?.replace(/\.git$/, '');
  return `local/${name || 'repo'}`;
}

/**
 * Whether a remote URL names a folder on this machine rather than a host: `file://`,
 * absolute and relative paths, `~`, and Windows drive and UNC paths. git itself reads
 * these as local clones.
 */
export function isFilesystemPath(url: string): boolean {
  return /^file:\/\//i.test(url) || /^(\/|\.{1,2}([\\/]|$)|~)/.test(url) || /^[a-z]:[\\/]/i.test(url) || url.startsWith('\\\\');
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
