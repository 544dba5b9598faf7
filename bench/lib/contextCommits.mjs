// Which commits the context evaluation asks about: seeded, reproducible, filtered.
import { execFileSync } from 'node:child_process';
import { cleanMessage, wordCount } from './contextTask.mjs';
import { loadEngine } from './engine.mjs';

/** Paths of tests: the same shapes the engine calls tests (src/server/callGraphQueries.ts), plus Python's tests/. */
const TEST_PATH = /(^|\/)(__tests__|__mocks__|tests?|spec|specs|testdata|fixtures?|e2e)\/|[._-](test|spec)\.[cm]?[jt]sx?$|_test\.(go|py)$|(^|\/)test_[^/]*\.py$|(^|\/)conftest\.py$/;
/** Lockfiles and dependency manifests: a commit touching one is a dependency bump (or mixes one in). */
const DEPENDENCY_FILE = /(^|\/)(package-lock\.json|npm-shrinkwrap\.json|pnpm-lock\.yaml|yarn\.lock|bun\.lockb?|go\.sum|go\.mod|go\.work\.sum|requirements[^/]*\.(txt|in)|requirements\/[^/]+\.(txt|in)|poetry\.lock|Pipfile(\.lock)?|uv\.lock|pdm\.lock|Cargo\.lock|Gemfile\.lock|composer\.lock)$/;
/** Subjects of bots and dependency bumps. */
const BUMP_SUBJECT = /^(build|chore|fix|ci)\(deps(-dev)?\)|^(bump|update|upgrade) (dependency|dependencies|deps|[\w@/.-]+ from )|^\[?dependabot|renovate/i;

/** Whether a path is test code. */
export function isTestPath(path) {
  return TEST_PATH.test(path);
}

/** Whether a path is a lockfile or dependency manifest. */
export function isDependencyFile(path) {
  return DEPENDENCY_FILE.test(path);
}

/**
 * Why a commit is left out, or undefined when it qualifies: merges, dependency bumps,
 * test-only changes, fewer than 1 or more than `maxFiles` changed source files outside
 * tests, none of them in the parent, or a cleaned message under `minWords` words.
 * `commit` is `{ parents, message, changes: [{ status, path }] }` (git's A/M/D).
 */
export function rejection(commit, isSource, { maxFiles = 8, minWords = 5 } = {}) {
  if (commit.parents.length !== 1) return 'merge or root';
  const firstLine = commit.message.split('\n')[0];
  if (BUMP_SUBJECT.test(firstLine) || commit.changes.some((c) => isDependencyFile(c.path))) return 'dependency bump';
  const sources = commit.changes.filter((c) => isSource(c.path));
  if (sources.length === 0) return 'no source file';
  const product = sources.filter((c) => !isTestPath(c.path));
  if (product.length === 0) return 'tests only';
  if (product.length > maxFiles) return `more than ${maxFiles} source files`;
  if (!product.some((c) => c.status !== 'A')) return 'only added files';
  if (wordCount(cleanMessage(commit.message)) < minWords) return `message under ${minWords} words`;
  return undefined;
}

/** The truth of a commit: its changed source files outside tests that exist in the parent (modified or deleted). */
export function truthFiles(commit, isSource) {
  return commit.changes.filter((c) => c.status !== 'A' && isSource(c.path) && !isTestPath(c.path)).map((c) => c.path).sort();
}

/** A seeded generator of floats in [0, 1): the engine's mulberry32, seeded with the seed string's FNV-1a hash. */
export function seededRandom(seed) {
  let state = 2166136261;
  for (const ch of String(seed)) state = Math.imul(state ^ ch.codePointAt(0), 16777619) >>> 0;
  return loadEngine().seededRandom(state);
}

/** A seeded Fisher-Yates shuffle (a copy): the same seed and items give the same order. */
export function seededShuffle(items, seed) {
  const random = seededRandom(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** Parses `git log --format=%x1e%H%x00%P%x00%B%x00 --name-status --no-renames` output. */
export function parseLog(text) {
  const commits = [];
  for (const record of text.split('\x1e').slice(1)) {
    const [hash, parents, message, rest = ''] = record.split('\x00');
    const changes = rest.split('\n').map((l) => l.trim()).filter((l) => l.length > 0).map((line) => {
      const [status, path] = line.split('\t');
      return { status: status[0], path };
    });
    commits.push({ hash, parents: parents.split(' ').filter((p) => p.length > 0), message: message.trim(), changes });
  }
  return commits;
}

/** The newest `window` commits reachable from `rev` in the repository at `root`, newest first. */
export function readCommits(root, rev, window) {
  const text = execFileSync('git', [
    '-C', root, 'log', '--no-renames', '--name-status', `-n${window}`, '--format=%x1e%H%x00%P%x00%B%x00', rev,
  ], { maxBuffer: 512 * 1024 * 1024 }).toString();
  return parseLog(text);
}

/**
 * The evaluation's commits: the qualifying ones among `candidates`, in a seeded order, the
 * first `n`; returned oldest first (by position in the log), so parents are indexed in
 * history order and each re-index changes few files.
 */
export function pickCommits(candidates, isSource, { n, seed, maxFiles, minWords }) {
  const position = new Map(candidates.map((c, i) => [c.hash, i]));
  const qualifying = candidates.filter((c) => rejection(c, isSource, { maxFiles, minWords }) === undefined);
  const picked = seededShuffle(qualifying, seed).slice(0, n);
  return picked.sort((a, b) => position.get(b.hash) - position.get(a.hash));
}
