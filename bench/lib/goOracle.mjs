// The Go type checker as the oracle (bench/oracles/go): building it with the machine's `go`,
// running it on a repository, reading its JSON lines into compareCalls' site form, and
// comparing our implements edges with the pairs types.Implements holds for.
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { PACKAGE_ROOT } from './engine.mjs';

const ORACLE_SOURCE = path.join(PACKAGE_ROOT, 'bench/oracles/go');
const ORACLE_BINARY = path.join(PACKAGE_ROOT, 'bench/.out/go-oracle/go-oracle');
const EXAMPLES = 5;

/** `go version`, or an error telling how to install Go (the CLI never needs it; this bench does). */
export function goVersion() {
  try {
    return execFileSync('go', ['version'], { stdio: ['ignore', 'pipe', 'pipe'] }).toString().trim();
  } catch {
    throw new Error('bench/accuracy-go: `go` is not on PATH; install Debian\'s Go toolchain with `apt-get install -y golang-go`');
  }
}

/** Builds bench/oracles/go into bench/.out/go-oracle/ (standard library only, offline) and returns the binary. */
export function buildOracle() {
  fs.mkdirSync(path.dirname(ORACLE_BINARY), { recursive: true });
  const env = { ...process.env, GOFLAGS: '-mod=mod', GOPROXY: 'off', GOTOOLCHAIN: 'local', CGO_ENABLED: '0' };
  const built = spawnSync('go', ['build', '-o', ORACLE_BINARY, '.'], { cwd: ORACLE_SOURCE, env, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`bench/accuracy-go: go build in ${ORACLE_SOURCE} failed:\n${built.stderr}`);
  return ORACLE_BINARY;
}

/**
 * Runs the oracle on `root` (its output goes to `workDir`) and returns { sites (compareCalls
 * form), unchecked (keys of calls inside expressions the checker gave up on: not judged),
 * analyzed (files it checked), named, implementsPairs, stats, stderr }.
 */
export function runOracle(binary, root, workDir) {
  const outPath = path.join(workDir, 'go-oracle.jsonl');
  const fd = fs.openSync(outPath, 'w');
  let run;
  try {
    run = spawnSync(binary, [root], { stdio: ['ignore', fd, 'pipe'], encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  } finally {
    fs.closeSync(fd);
  }
  if (run.status !== 0) throw new Error(`bench/accuracy-go: the oracle failed (exit ${run.status}):\n${run.stderr}`);
  const sites = [];
  const unchecked = new Set();
  const analyzed = new Set();
  const named = [];
  const implementsPairs = [];
  let stats = {};
  for (const line of fs.readFileSync(outPath, 'utf8').split('\n')) {
    if (!line) continue;
    const r = JSON.parse(line);
    if (r.t === 'file') analyzed.add(r.file);
    else if (r.t === 'named') named.push(r);
    else if (r.t === 'implements') implementsPairs.push(r);
    else if (r.t === 'stats') stats = r;
    else if (r.t === 'site' && r.outcome === 'unchecked') unchecked.add(`${r.file}:${r.line}:${r.col}`);
    else if (r.t === 'site') {
      const repo = r.outcome === 'repo';
      sites.push({
        file: r.file, line: r.line, col: r.col, key: `${r.file}:${r.line}:${r.col}`, text: r.text, shape: r.form, group: r.group,
        caller: r.caller, outcome: r.outcome, names: new Set(repo ? [r.callee] : []), functionLike: repo && r.calleeKind !== 'variable',
        declKind: repo ? r.calleeKind : r.outcome, declFile: r.declFile ?? '',
        modulePath: repo ? r.calleePackage : undefined, symbol: repo ? r.callee.slice(r.calleePackage.length + 1) : undefined,
      });
    }
  }
  return { sites, unchecked, analyzed, named, implementsPairs, stats, stderr: run.stderr };
}

/**
 * Our implements edges against the oracle's pairs. Precision counts our edges whose type
 * and interface are both in the oracle's universe (in-repo, non-generic, declared outside
 * test files; interfaces with methods); recall counts the oracle's pairs, overall and
 * those whose type and interface are in different packages.
 */
export function compareImplements(ours, oracle) {
  const kindOf = new Map(oracle.named.map((n) => [n.name, n.kind]));
  const truth = new Map(oracle.implementsPairs.map((p) => [`${p.type} -> ${p.interface}`, p]));
  const inUniverse = ours.filter((e) => kindOf.get(e.source) === 'type' && kindOf.get(e.target) === 'interface');
  const ourKeys = new Set(inUniverse.map((e) => `${e.source} -> ${e.target}`));
  const falseEdges = [...ourKeys].filter((k) => !truth.has(k));
  const missed = [...truth.values()].filter((p) => !ourKeys.has(`${p.type} -> ${p.interface}`));
  const cross = [...truth.values()].filter((p) => p.crossPackage);
  const ratio = (a, b) => (b === 0 ? Number.NaN : a / b);
  const found = truth.size - missed.length;
  const crossFound = cross.length - missed.filter((p) => p.crossPackage).length;
  return {
    precision: ratio(ourKeys.size - falseEdges.length, ourKeys.size),
    recall: ratio(found, truth.size),
    crossPackageRecall: ratio(crossFound, cross.length),
    counts: {
      ourEdges: ours.length, ourEdgesInUniverse: ourKeys.size, falseEdges: falseEdges.length,
      oraclePairs: truth.size, found, crossPackagePairs: cross.length, crossPackageFound: crossFound,
      pointerOnlyPairs: [...truth.values()].filter((p) => p.pointerOnly).length,
    },
    falseExamples: falseEdges.slice(0, EXAMPLES),
    missedExamples: missed.filter((p) => p.crossPackage).slice(0, EXAMPLES).map((p) => `${p.type} -> ${p.interface}${p.pointerOnly ? ' (*T only)' : ''}`)
      .concat(missed.filter((p) => !p.crossPackage).slice(0, EXAMPLES).map((p) => `${p.type} -> ${p.interface}${p.pointerOnly ? ' (*T only)' : ''}`)),
  };
}
