import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { languageForPath } from '../extract/registry';
import { type Hash, hashBytes } from '../model';

export const DEFAULT_MAX_FILE_BYTES = 1024 * 1024;

/** Files resolvers and the provided-modules reader (repoProvides.ts) read: manifests and package markers. */
const LAYOUT_FILES = /(^|\/)(go\.mod|tsconfig(\.[\w-]+)?\.json|jsconfig\.json|package\.json|__init__\.pyi?|\.ckg\.yaml|Cargo\.toml|pyproject\.toml|setup\.cfg|setup\.py|pom\.xml|[^/]+\.csproj)$/;

export function isLayoutFile(relativePath: string): boolean {
  return LAYOUT_FILES.test(relativePath);
}

export interface SkipCounts {
  [reason: string]: number;
}

export interface SourceListing {
  /** Every repo-relative path the repository holds (for resolvers' layout). */
  readonly allPaths: string[];
  /** Paths an extractor handles, sorted. */
  readonly sourcePaths: string[];
}

const ALWAYS_SKIPPED_DIRS = new Set(['.git', 'node_modules', '.hg', '.svn']);

/** Lists files with `git ls-files` (tracked plus untracked-not-ignored), else a plain walk. */
export function listRepositoryFiles(root: string): SourceListing {
  const allPaths = isGitWorkTree(root) ? gitListFiles(root) : walkFiles(root);
  const sourcePaths = allPaths.filter((p) => languageForPath(p) !== undefined || isLayoutFile(p)).sort();
  return { allPaths, sourcePaths };
}

export function isGitWorkTree(root: string): boolean {
  try {
    return execFileSync('git', ['rev-parse', '--is-inside-work-tree'], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim() === 'true';
  } catch {
    return false;
  }
}

function gitListFiles(root: string): string[] {
  const output = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root, maxBuffer: 1024 * 1024 * 512,
  });
  const paths = output.toString('utf8').split('\0').filter((p) => p.length > 0);
  return [...new Set(paths)].filter((p) => !p.split('/').some((part) => ALWAYS_SKIPPED_DIRS.has(part)));
}

/** Outside git: a walk that honours the root .gitignore's simple patterns. */
function walkFiles(root: string): string[] {
  const ignored = readGitignore(root);
  const found: string[] = [];
  const visit = (dir: string): void => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = dir ? `${dir}/${entry.name}` : entry.name;
      if (ALWAYS_SKIPPED_DIRS.has(entry.name) || ignored(relative, entry.isDirectory())) continue;
      if (entry.isDirectory()) visit(relative);
      else if (entry.isFile()) found.push(relative);
    }
  };
  visit('');
  return found;
}

function readGitignore(root: string): (relative: string, isDir: boolean) => boolean {
  let text = '';
  try {
    text = fs.readFileSync(path.join(root, '.gitignore'), 'utf8');
  } catch {
    return () => false;
  }
  const rules = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const negated = line.startsWith('!');
      let pattern = negated ? line.slice(1) : line;
      const dirOnly = pattern.endsWith('/');
      if (dirOnly) pattern = pattern.slice(0, -1);
      const anchored = pattern.includes('/');
      pattern = pattern.replace(/^\//, '');
      const body = pattern
        .replace(/[.+^${}()|[\]\\]/g, '\\$&')
        .replace(/\*\*\/?/g, '\u0000')
        .replace(/\*/g, '[^/]*')
        .replace(/\?/g, '[^/]')
        .replace(/\u0000/g, '(.*/)?');
      const regex = new RegExp(anchored ? `^${body}$` : `(^|/)${body}$`);
      return { negated, dirOnly, regex };
    });
  return (relative, isDir) => {
    let ignoredNow = false;
    for (const rule of rules) {
      if (rule.dirOnly && !isDir) continue;
      if (rule.regex.test(relative)) ignoredNow = !rule.negated;
    }
    return ignoredNow;
  };
}

/** Why a file is not indexed, or undefined when it should be. */
export function skipReason(bytes: Buffer, maxBytes: number): string | undefined {
  if (bytes.length > maxBytes) return 'over size cap';
  const head = bytes.subarray(0, Math.min(bytes.length, 8000));
  if (head.includes(0)) return 'binary';
  return undefined;
}

/** A file to index: its text and content hash. */
export interface SourceFile {
  readonly path: string;
  /** Emptied once the file is parsed (releaseText). */
  readonly text: string;
  readonly contentHash: Hash;
  readonly sizeBytes: number;
}

/**
 * Lets go of a parsed file's text: a run keeps its sources (paths, hashes, sizes) to the
 * end, and the texts were a tenth of a cold index's heap through the link and write
 * (every source of the repository; about 18 of 167 MiB on prometheus).
 */
export function releaseText(source: SourceFile): void {
  (source as { text: string }).text = '';
}

export function toSource(relativePath: string, bytes: Buffer | undefined, maxBytes: number, skipped: SkipCounts): SourceFile | undefined {
  const reason = bytes ? skipReason(bytes, maxBytes) : 'unreadable';
  if (reason || !bytes) {
    skipped[reason!] = (skipped[reason!] ?? 0) + 1;
    return undefined;
  }
  return { path: relativePath, text: bytes.toString('utf8'), contentHash: hashBytes(bytes), sizeBytes: bytes.length };
}

/** A working-tree file, or undefined when it is gone (deleted) or skipped (counted). */
export function readSource(root: string, relativePath: string, maxBytes: number, skipped: SkipCounts): SourceFile | undefined {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(path.join(root, relativePath));
  } catch {
    return undefined;
  }
  return toSource(relativePath, bytes, maxBytes, skipped);
}

/** A repo-relative posix path; paths outside the repository are refused. */
export function normaliseRelativePath(root: string, relativePath: string): string {
  const absolute = path.resolve(root, relativePath);
  const relative = path.relative(root, absolute);
  if (relative.startsWith('..') || path.isAbsolute(relative)) throw new Error(`path ${relativePath}: outside the repository ${root}`);
  return relative.split(path.sep).join('/');
}

/** A repository file's text (a manifest, a config file), or undefined when it cannot be read. */
export function readRepoText(root: string, relativePath: string): string | undefined {
  try {
    return fs.readFileSync(path.join(root, relativePath), 'utf8');
  } catch {
    return undefined;
  }
}
