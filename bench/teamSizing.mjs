// Sizing of a team graph on PostgreSQL (docs/team.md): index one corpus into a throwaway
// PostgreSQL cluster with the built CLI, then start `ckg serve` replicas on it, send each
// the same query load over MCP (Streamable HTTP) and read each one's memory.
//
//   node scripts/build.mjs && node --import tsx bench/teamSizing.mjs <repo_path> [--replicas 3] [--rounds 3]
//
// The cluster is the tests' (test/support/postgresCluster.ts: initdb in a temporary folder,
// fsync off), so index time is a lower bound; database size and replica memory are not
// affected by that. Prints one JSON object; nothing is asserted.
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import pg from 'pg';
import { startPostgresCluster } from '../test/support/postgresCluster.ts';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const CLI = path.join(ROOT, 'dist', 'cli.js');
const HUBS = 20;
const TASKS = [
  'fix a bug in how the parser reports errors',
  'add a configuration option and read it at startup',
  'make the cache invalidate when a file changes',
  'log the time each request takes',
  'rename the main entry point and update its callers',
];

const args = process.argv.slice(2);
const repo = args.find((a) => !a.startsWith('--') && !/^\d+$/.test(a));
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
if (!repo) {
  console.error('usage: node --import tsx bench/teamSizing.mjs <repo_path> [--replicas 3] [--rounds 3]');
  process.exit(2);
}
const replicaCount = option('replicas', 3);
const rounds = option('rounds', 3);

const cluster = await startPostgresCluster();
const children = [];
try {
  const url = await cluster.createDatabase();
  const started = process.hrtime.bigint();
  const indexed = spawnSync('/usr/bin/time', ['-f', '%M', process.execPath, CLI, 'index', repo, '-db', url], { encoding: 'utf8', maxBuffer: 1 << 28 });
  if (indexed.status !== 0) throw new Error(`ckg index failed: ${indexed.stderr}`);
  const indexSeconds = Number(process.hrtime.bigint() - started) / 1e9;
  const indexPeakRssMb = Number(indexed.stderr.trim().split('\n').pop()) / 1024;

  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const one = async (text) => (await db.query({ text, rowMode: 'array' })).rows;
  const [[databaseBytes]] = await one('SELECT pg_database_size(current_database())');
  const tables = await one(`SELECT relname, pg_total_relation_size(oid) FROM pg_class WHERE relkind = 'r' AND relnamespace = 'public'::regnamespace
    ORDER BY 2 DESC LIMIT 5`);
  const [[nodes, edges]] = await one(`SELECT (SELECT count(*) FROM nodes WHERE removed_in IS NULL), (SELECT count(*) FROM edges WHERE removed_in IS NULL)`);
  const hubs = await one(`SELECT h.hash, n.qualified_name FROM edges e JOIN hashes h ON h.id = e.target_id
    JOIN nodes n ON n.node_id = e.target_id AND n.removed_in IS NULL
    WHERE e.edge_type = 'calls' AND e.removed_in IS NULL GROUP BY h.hash, n.qualified_name ORDER BY count(*) DESC LIMIT ${HUBS}`);
  await db.end();

  const replicas = [];
  for (let i = 0; i < replicaCount; i++) replicas.push(await startReplica(url));
  const loads = await Promise.all(replicas.map(async (replica) => {
    const client = new Client({ name: 'team-sizing', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(replica.mcp)));
    const idle = memory(replica.child.pid).rssMb;
    const rssAfterFirst = { mb: 0 };
    let calls = 0;
    for (let round = 0; round < rounds; round++) {
      for (const [hash, name] of hubs) {
        await client.callTool({ name: 'graph_query', arguments: { prefix: name.split(/[./]/).pop() } });
        await client.callTool({ name: 'blast_radius', arguments: { target_hash: hash } });
        calls += 2;
      }
      for (const task of TASKS) {
        await client.callTool({ name: 'context_for_task', arguments: { task_description: task, token_budget: 4000 } });
        calls++;
      }
      await client.callTool({ name: 'communities', arguments: {} });
      calls++;
      if (round === 0) rssAfterFirst.mb = memory(replica.child.pid).rssMb;
    }
    await client.close();
    return { calls, rssIdleMb: idle, rssAfterFirstRoundMb: rssAfterFirst.mb, ...memory(replica.child.pid) };
  }));
  console.log(JSON.stringify({
    repo, replicas: replicaCount, rounds, load: `${rounds} rounds of: graph_query and blast_radius on the ${HUBS} most-called symbols, `
      + `context_for_task on ${TASKS.length} tasks, communities once`,
    indexSeconds: round(indexSeconds), indexPeakRssMb: round(indexPeakRssMb), liveNodes: Number(nodes), liveEdges: Number(edges),
    databaseMb: round(Number(databaseBytes) / 2 ** 20), largestTablesMb: Object.fromEntries(tables.map(([name, bytes]) => [name, round(Number(bytes) / 2 ** 20)])),
    replicaMemory: loads, loadavg: fs.readFileSync('/proc/loadavg', 'utf8').trim(),
  }, null, 2));
} finally {
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(children.map((child) => (child.exitCode !== null ? undefined : new Promise((resolve) => child.once('exit', resolve)))));
  cluster.stop();
}

function startReplica(url) {
  const child = spawn(process.execPath, [CLI, 'serve', '-db', url, '--http', '127.0.0.1:0', '--otlp-grpc', '127.0.0.1:0', '--otlp-http', '127.0.0.1:0'],
    { stdio: ['ignore', 'ignore', 'pipe'] });
  children.push(child);
  let stderr = '';
  return new Promise((resolve, reject) => {
    child.stderr.on('data', (d) => {
      stderr += d.toString();
      const mcp = /MCP listening on (\S+)/.exec(stderr)?.[1];
      if (mcp && /OTLP\/HTTP listening/.test(stderr)) resolve({ child, mcp });
    });
    child.once('exit', (code) => reject(new Error(`ckg serve exited with ${code}: ${stderr}`)));
  });
}

/** Resident and peak resident memory of a process, from /proc. */
function memory(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rssMb: round(kb('VmRSS') / 1024), peakRssMb: round(kb('VmHWM') / 1024) };
}

function round(value) {
  return Math.round(value * 10) / 10;
}
