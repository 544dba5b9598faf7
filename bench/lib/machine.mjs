// Facts about the machine and the corpus that go into every results row.
import { execFileSync } from 'node:child_process';
import * as os from 'node:os';
import * as path from 'node:path';

export function machineSummary() {
  const cpus = os.cpus();
  const model = (cpus[0]?.model ?? 'unknown cpu').replace(/\s+/g, ' ').trim();
  const cores = os.availableParallelism?.() ?? cpus.length;
  const ramGiB = Math.round(os.totalmem() / 1024 ** 3);
  return `${model}, ${cores} cores, ${ramGiB} GiB, node ${process.version}`;
}

export function today() {
  return new Date().toISOString().slice(0, 10);
}

function git(root, args) {
  try {
    return execFileSync('git', ['-C', root, ...args], { stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 64 * 1024 * 1024 }).toString().trim();
  } catch {
    return undefined;
  }
}

export function shortHead(root) {
  return git(root, ['rev-parse', '--short', 'HEAD']) ?? 'no-git';
}

export function fullHead(root) {
  return git(root, ['rev-parse', 'HEAD']) ?? 'no-git';
}

/** `git status --porcelain` lines, or undefined outside git. */
export function dirtyEntries(root) {
  const out = git(root, ['status', '--porcelain']);
  return out === undefined ? undefined : out.split('\n').filter((l) => l.length > 0);
}

export function corpusName(root, label) {
  return label ?? path.basename(root);
}

/** Engine versions by package root, as first asked in this process. */
const versions = new Map();

/**
 * The engine measured: this package's commit, `+dirty` when src/ has uncommitted
 * changes (others edit src/ while the bench runs; dist/ is built from the work tree).
 * Answered once per process: a long run records the commit its engine was loaded from
 * (bench/lib/engine.mjs asks when it loads the engine), not one committed while it ran.
 */
export function engineVersion(packageRoot) {
  let version = versions.get(packageRoot);
  if (version === undefined) {
    const head = shortHead(packageRoot);
    const changes = git(packageRoot, ['status', '--porcelain', '--', 'src', 'scripts']);
    version = changes ? `${head}+dirty` : head;
    versions.set(packageRoot, version);
  }
  return version;
}

