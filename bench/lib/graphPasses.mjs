// Builds the graph an accuracy check compares: `ckg index`, then optionally the pass that
// upgrades its edges to compiler grade (`ckg enrich`, or a SCIP indexer plus `ckg
// ingest-scip`), then `ckg export`. Each step runs as its own process, measured with its
// whole process tree (wall time, peak RSS), so the language servers count too.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { UsageError } from './args.mjs';
import { CLI_PATH, PACKAGE_ROOT } from './engine.mjs';
import { runMeasured } from './processTree.mjs';

/** The passes `--enrich` and `--scip` name, and the label their rows carry. */
export const PASS_LABELS = { index: 'index', enrich: '+enrich', scip: '+scip' };

const SCIP_INDEXERS = {
  typescript: (output) => ({ bin: 'scip-typescript', args: ['index', '--output', output] }),
  python: (output, { projectName, environment }) => ({
    bin: 'scip-python',
    args: ['index', '.', '--project-name', projectName, '--project-version', '1', '--environment', environment, '--output', output],
  }),
};

/**
 * The pass of a command line: `--enrich`, `--scip` or neither (both is a usage error;
 * `--scip` with a CLI that has no `ingest-scip` fails here, before any long step).
 */
export function passOf(script, options) {
  if (options.enrich && options.scip) throw new UsageError(`${script}: --enrich and --scip are two different passes; give one`);
  if (options['enrich-budget'] !== undefined && !options.enrich) throw new UsageError(`${script}: --enrich-budget goes with --enrich`);
  if (options.scip) requireIngestScip();
  return options.enrich ? 'enrich' : options.scip ? 'scip' : 'index';
}

/** The report lines a step printed (stdout, and stderr without progress-bar redraws), trimmed. */
function reportLines(result) {
  return `${result.stdout}\n${result.stderr}`.split(/[\r\n]+/).map((l) => l.trimEnd()).filter((l) => l.trim() && !l.includes('\u001b['));
}

async function cli(args, what, options = {}) {
  const result = await runMeasured(process.execPath, [CLI_PATH, ...args], options);
  if (result.code !== 0) {
    throw new Error(`bench/graphPasses: ${what} exited ${result.code}:\n${reportLines(result).slice(-20).join('\n')}`);
  }
  return result;
}

/** Fails with a clear message when the built CLI has no `ingest-scip` yet (it lands with issue 14's SCIP ingest). */
function requireIngestScip() {
  try {
    execFileSync(process.execPath, [CLI_PATH, 'ingest-scip', '--help'], { stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const said = `${error.stdout ?? ''}${error.stderr ?? ''}`;
    if (/unknown command 'ingest-scip'/.test(said)) {
      throw new UsageError(`bench: --scip needs \`ckg ingest-scip\`, which this build of the CLI (${CLI_PATH}) does not have; `
        + 'build a branch that has it (npm run build), or measure --enrich instead');
    }
  }
}

async function scipPass(root, workDir, language, db, log) {
  requireIngestScip();
  const indexer = SCIP_INDEXERS[language];
  if (!indexer) throw new UsageError(`bench: --scip has no SCIP indexer for ${language}`);
  const output = path.join(workDir, 'index.scip');
  const environment = path.join(workDir, 'scip-environment.json');
  fs.writeFileSync(environment, '[]');
  const { bin, args } = indexer(output, { projectName: path.basename(root), environment });
  const binPath = path.join(PACKAGE_ROOT, 'node_modules/.bin', bin);
  if (!fs.existsSync(binPath)) throw new UsageError(`bench: --scip needs ${binPath} (a devDependency); it is missing`);
  log(`running ${bin} ${args.join(' ')} in ${root}`);
  const indexed = await runMeasured(binPath, args, { cwd: root });
  if (indexed.code !== 0 || !fs.existsSync(output)) {
    throw new Error(`bench/graphPasses: ${bin} exited ${indexed.code} without ${output}:\n${reportLines(indexed).slice(-20).join('\n')}`);
  }
  log(`ckg ingest-scip ${output}`);
  const ingested = await cli(['ingest-scip', output, '-db', db], 'ckg ingest-scip');
  return {
    ms: indexed.ms + ingested.ms,
    peakRssBytes: Math.max(indexed.peakRssBytes, ingested.peakRssBytes),
    lines: [...reportLines(indexed).slice(-3).map((l) => `${bin}: ${l}`), ...reportLines(ingested)],
    detail: `${bin} ${(indexed.ms / 1000).toFixed(1)} s + ingest ${(ingested.ms / 1000).toFixed(1)} s`,
  };
}

/**
 * Indexes `root` into a fresh database in `workDir`, runs `pass` ('index' = nothing more,
 * 'enrich', 'scip') and exports jsonl. Returns { jsonl, indexMs, pass: { label, ms,
 * peakRssBytes, lines, detail } }: the measured figures are those of the pass, or of the
 * index itself when the pass is 'index'. `language` picks the SCIP indexer; `budget` is
 * `ckg enrich --enrich-budget`.
 */
export async function buildGraph(root, workDir, { pass, language, budget, log = () => undefined }) {
  const db = path.join(workDir, 'graph.db');
  const jsonl = path.join(workDir, 'graph.jsonl');
  log(`ckg index ${root}`);
  const indexed = await cli(['index', root, '-db', db], 'ckg index');
  let measured = { ms: indexed.ms, peakRssBytes: indexed.peakRssBytes, lines: [], detail: '' };
  if (pass === 'enrich') {
    const args = ['enrich', root, '-db', db, ...(budget ? ['--enrich-budget', budget] : [])];
    log(`ckg ${args.join(' ')}`);
    const enriched = await cli(args, 'ckg enrich');
    measured = { ms: enriched.ms, peakRssBytes: enriched.peakRssBytes, lines: reportLines(enriched), detail: '' };
  } else if (pass === 'scip') {
    measured = await scipPass(root, workDir, language, db, log);
  }
  execFileSync(process.execPath, [CLI_PATH, 'export', '-db', db, '--format', 'jsonl', '--out', jsonl], { stdio: ['ignore', 'pipe', 'pipe'] });
  return { jsonl, indexMs: indexed.ms, pass: { label: PASS_LABELS[pass], ...measured } };
}

/** The extra RESULTS.md columns of a run: which pass, its wall time, its tree's peak RSS. */
export const PASS_COLUMNS = ['pass', 'pass time', 'peak tree RSS'];

/** The PASS_COLUMNS cells of a run. */
export function passCells(pass) {
  return [pass.label, `${(pass.ms / 1000).toFixed(1)} s`, `${Math.round(pass.peakRssBytes / 2 ** 20)} MiB`];
}

/** What the PASS_COLUMNS mean, for a section's description. */
export const PASS_COLUMNS_DESCRIPTION = `The last three columns came later (older rows leave them empty: those are static
\`ckg index\` runs): pass = what built the compared graph: \`index\` (ckg index alone),
\`+enrich\` (ckg index, then \`ckg enrich\` with its headless language servers; \`--enrich\`)
or \`+scip\` (ckg index, then the SCIP indexer and \`ckg ingest-scip\`; \`--scip\`); pass time =
that step's wall time (for \`index\`, ckg index's; for \`+scip\`, indexer plus ingest); peak
tree RSS = the highest summed RSS of that step's process tree (ckg and every language
server or indexer it spawned), sampled through /proc every 250 ms, in MiB.`;

/** The report lines of a pass other than `index`: its time, its tree's peak RSS, ckg's own report. */
export function printPass(out, pass) {
  if (pass.label === 'index') return;
  out(`  ${pass.label.padEnd(16)} ${(pass.ms / 1000).toFixed(1)} s${pass.detail ? ` (${pass.detail})` : ''}, peak tree RSS ${Math.round(pass.peakRssBytes / 2 ** 20)} MiB`);
  for (const line of pass.lines) out(`    | ${line}`);
}
