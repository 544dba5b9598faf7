// blast_radius on PostgreSQL: the bounded, indexed walk (level by level, stopping after the
// level that fills the 1,000 nearest callers) against an unbounded recursive CTE over the
// same rows. A throwaway cluster (test/support/postgresCluster.ts), a synthetic graph
// written through the built library's bulk path: a hub with `--levels` callers by depth
// (default 100,000 over 5 levels) beside `--others` unrelated functions. Timed:
//   mcp    blast_radius through the MCP SDK Client over stdio against `ckg mcp -db postgres://…`
//          of the built CLI (the whole tool: walk, runtime layer, verdict, reply);
//   walk   the bounded walk alone, in process: nearestCallersView (src/query/nearestCallers.ts) over
//          the built library's store, building the small view blast_radius walks (three statements a level);
//   cte    one WITH RECURSIVE statement: every caller within depth 5 at its shortest depth, the
//          nearest 1,000 by depth and name with their names.
// Prints medians and p90s; with --record appends a row to bench/RESULTS.md.
//   npm run bench:pg-traversal -- [--levels 100,1000,9000,30000,59900] [--others 100000] [--runs 15] [--record]
import * as os from 'node:os';
import * as path from 'node:path';
import { createRequire } from 'node:module';
import { UsageError } from './lib/args.mjs';
import { CLI_PATH, PACKAGE_ROOT, loadEngine } from './lib/engine.mjs';
import { machineSummary, shortHead, today } from './lib/machine.mjs';
import { appendResultRow } from './lib/results.mjs';
import { writeSyntheticHub } from './lib/syntheticHub.mjs';
import { startPostgresCluster } from '../test/support/postgresCluster.ts';
// The walk itself, from the source (run under tsx): the built library exports no query helpers.
import { nearestCallersView } from '../src/query/nearestCallers.ts';
import { boundedSource } from '../src/query/neighbourhood.ts';

const require = createRequire(import.meta.url);
const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
const { StdioClientTransport } = require('@modelcontextprotocol/sdk/client/stdio.js');
const pg = require('pg');

const SECTION = 'PostgreSQL point queries: bounded walk against a recursive CTE (issue 20)';
const DESCRIPTION = 'blast_radius (depth 5, the nearest 1,000 callers) on a synthetic hub in a local throwaway PostgreSQL '
  + 'cluster (durability off, as the tests run it). mcp: the MCP SDK Client over stdio against `ckg mcp -db postgres://…` of '
  + 'the built CLI, the whole tool (reply cap included); walk: the bounded walk alone, in process (nearestCallersView, the view the tool walks); cte: one unbounded WITH RECURSIVE '
  + 'statement over the same rows (every caller, then the nearest 1,000 with names). Medians and p90 of `runs` calls after '
  + 'one warm-up each. `npm run bench:pg-traversal -- --record`.';
const COLUMNS = ['date', 'machine', 'load', 'engine', 'graph', 'runs', 'mcp p50 / p90 ms', 'walk p50 / p90 ms', 'cte p50 / p90 ms', 'reply', 'command'];

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const summary = (times) => `${quantile(times, 0.5).toFixed(1)} / ${quantile(times, 0.9).toFixed(1)}`;

async function timed(runs, call) {
  await call();
  const times = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  return times;
}

const RECURSIVE_CTE = `WITH RECURSIVE reach(node_id, depth) AS (
    SELECT e.source_id, 1 FROM edges e
     WHERE e.target_id = (SELECT id FROM hashes WHERE hash = $1) AND e.edge_type = 'calls' AND e.removed_in IS NULL
    UNION
    SELECT e.source_id, r.depth + 1 FROM reach r JOIN edges e ON e.target_id = r.node_id AND e.edge_type = 'calls' AND e.removed_in IS NULL
     WHERE r.depth < 5
  ), nearest AS (SELECT node_id, min(depth) AS depth FROM reach GROUP BY node_id)
  SELECT h.hash, n.qualified_name, x.depth, (SELECT count(*) FROM nearest) AS total
    FROM nearest x JOIN nodes n ON n.node_id = x.node_id AND n.removed_in IS NULL JOIN hashes h ON h.id = x.node_id
   ORDER BY x.depth, n.qualified_name LIMIT 1000`;

const USAGE = 'node --import tsx bench/pgTraversal.mjs [--levels 100,1000,9000,30000,59900] [--others 100000] [--runs 15] [--record]';

/** `--name value` options and the `--record` flag. */
function options(argv) {
  const out = {};
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i].replace(/^--/, '');
    if (name === 'record') out.record = true;
    else if (['levels', 'others', 'runs'].includes(name) && argv[i + 1] !== undefined) out[name] = argv[++i];
    else throw new UsageError(`bench/pgTraversal: unknown or incomplete option ${argv[i]}; usage: ${USAGE}`);
  }
  return out;
}

async function main() {
  const args = options(process.argv.slice(2));
  const levels = (args.levels ?? '100,1000,9000,30000,59900').split(',').map(Number);
  const others = Number(args.others ?? 100_000);
  const runs = Number(args.runs ?? 15);
  if (levels.some((n) => !Number.isInteger(n) || n < 1) || levels.length > 5) throw new UsageError('--levels: expected up to 5 positive integers, e.g. 100,1000,9000,30000,59900');
  if (!Number.isInteger(others) || others < 0) throw new UsageError('--others: expected a non-negative integer');
  if (!Number.isInteger(runs) || runs < 1) throw new UsageError('--runs: expected a positive integer');
  const lib = loadEngine();
  const cluster = await startPostgresCluster();
  try {
    const url = await cluster.createDatabase();
    const store = await lib.openStore(url);
    const writeStarted = performance.now();
    const graph = await writeSyntheticHub(store, lib, { levels, others });
    const writeMs = performance.now() - writeStarted;
    const sql = new pg.Client({ connectionString: url });
    await sql.connect();
    await sql.query('ANALYZE');
    const size = (await sql.query('SELECT pg_size_pretty(pg_database_size(current_database()))')).rows[0].pg_size_pretty;
    process.stderr.write(`graph: ${graph.nodes} nodes, ${graph.edges} edges, hub callers ${graph.callers} (${levels.join('/')}), written in ${(writeMs / 1000).toFixed(1)} s; database ${size}\n`);

    const walk = await timed(runs, () => nearestCallersView(boundedSource(store), graph.hub.nodeHash, { maxDepth: 5, limit: 1000 }));
    let cteTotal = 0;
    const cte = await timed(runs, async () => {
      const result = await sql.query(RECURSIVE_CTE, [graph.hub.nodeHash]);
      cteTotal = Number(result.rows[0]?.total ?? 0);
    });
    await sql.end();
    await store.close();

    const transport = new StdioClientTransport({ command: process.execPath, args: [CLI_PATH, 'mcp', '-db', url], stderr: 'ignore' });
    const client = new Client({ name: 'bench-pg-traversal', version: '1' });
    await client.connect(transport);
    let reply;
    const mcp = await timed(runs, async () => {
      const result = await client.callTool({ name: 'blast_radius', arguments: { target_hash: graph.hub.nodeHash } });
      if (result.isError) throw new Error(`blast_radius failed: ${JSON.stringify(result.content)}`);
      reply = result.structuredContent;
    });
    await client.close();

    const listed = Object.values(reply.ByRepo).reduce((sum, list) => sum + list.length, 0);
    const replyText = `${listed} listed, TotalCount ${reply.TotalCount}, Truncated ${reply.Truncated}; CTE counted ${cteTotal}`;
    const load = os.loadavg().map((l) => l.toFixed(2)).join(' ');
    console.log(`${graph.nodes} nodes, ${graph.edges} edges; hub callers by depth ${levels.join('/')}; ${runs} runs each (p50 / p90 ms)`);
    console.log(`  mcp  (ckg mcp over stdio): ${summary(mcp)}`);
    console.log(`  walk (nearestCallersView): ${summary(walk)}`);
    console.log(`  cte  (WITH RECURSIVE):     ${summary(cte)}`);
    console.log(`  reply: ${replyText}`);
    console.log(`  load average now: ${load}`);
    if (args.record) {
      const command = `npm run bench:pg-traversal -- --levels ${levels.join(',')} --others ${others} --runs ${runs} --record`;
      const graphText = `${graph.nodes} nodes, ${graph.edges} edges, hub ${levels.join('/')}, db ${size}`;
      const row = [today(), machineSummary(), load, shortHead(PACKAGE_ROOT), graphText, runs, summary(mcp), summary(walk), summary(cte), replyText, command];
      console.log(`recorded in ${path.relative(process.cwd(), appendResultRow(SECTION, DESCRIPTION, COLUMNS, row))}`);
    }
  } finally {
    cluster.stop();
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof UsageError ? error.message : error.stack}\n`);
  process.exit(error instanceof UsageError ? 2 : 1);
});
