import * as fs from 'node:fs';
import * as path from 'node:path';
import { Identity } from '../model';
import { originUrl, workTreePrefix } from './gitInfo';
import type { RepoState } from './linkWriter';
import { defaultServiceName, parseRepoConfig } from './repoConfig';

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
 * A folder inside a checkout is the checkout's name and the folder's path in it
 * (`github.com/a/b/services/cart`): two projects of one monorepo indexed apart are two
 * repositories, not one whose files each index takes from the other.
 */
export function defaultRepoUrl(root: string): string {
  const origin = originUrl(root)?.trim();
  if (!origin) return localRepoUrl(root);
  const prefix = workTreePrefix(root);
  const checkout = isFilesystemPath(origin) ? localOriginUrl(root, origin) : normaliseRepoUrl(origin);
  return prefix ? `${checkout}/${prefix}` : checkout;
}

/** The name of a clone of a repository that is a folder on disk. */
function localOriginUrl(root: string, origin: string): string {
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

/** Who a repository is: its URL and hash, and its services, from `--repo-url`, `.ckg.yaml` (its text) or the checkout. */
export function repoStateOf(root: string, repoUrlOption: string | undefined, configText: string | undefined): RepoState {
  const config = parseRepoConfig(configText, path.join(root, '.ckg.yaml'));
  const repoUrl = repoUrlOption ? normaliseRepoUrl(repoUrlOption) : config.repoUrl ? normaliseRepoUrl(config.repoUrl) : defaultRepoUrl(root);
  return {
    root, repoUrl, repoHash: Identity.repo(repoUrl), serviceName: config.serviceName ?? defaultServiceName(repoUrl, root), services: config.services,
  };
}

/**
 * The repo hash an index of `repoPath` will write under, read before the run from the
 * working tree (its `.ckg.yaml`): the key of its repository writer lock, taken before the
 * run reads the graph. An index of a commit whose `.ckg.yaml` names another URL finds out
 * when it reads that commit, and stops (RepoIndexer).
 */
export function workingTreeRepoHash(repoPath: string, repoUrlOption: string | undefined): string {
  const root = resolveRepoRoot(repoPath);
  const configFile = path.join(root, '.ckg.yaml');
  const configText = fs.existsSync(configFile) ? fs.readFileSync(configFile, 'utf8') : undefined;
  return repoStateOf(root, repoUrlOption, configText).repoHash;
}
