// What one `ckg mcp` replica on a PostgreSQL graph holds in memory: a real repository
// indexed by the built CLI into a throwaway cluster, then one `ckg mcp -db postgres://…`
// process (the MCP SDK Client over stdio) whose resident set is read from /proc after it
// starts, after point queries (blast_radius on the biggest hub, cross_repo_callers,
// flow_between: bounded reads, no whole-graph view), after a name search (the names view)
// and after a whole-graph tool
// (communities: the per-replica in-memory view, kept for the graph's generation).
// Prints the three RSS readings; with --record appends a row to bench/RESULTS.md.
//   npm run bench:pg-memory -- <repo_path> [--record]
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createRequire } from 'node:module';
import { UsageError } from './lib/args.mjs';
import { biggestHub } from './lib/hubBlastRadius.mjs';
import { CLI_PATH, PACKAGE_ROOT, loadEngine } from './lib/engine.mjs';
import { corpusName, machineSummary, shortHead, today } from './lib/machine.mjs';
import { appendResultRow } from './lib/results.mjs';
import { startPostgresCluster } from '../test/support/postgresCluster.ts';

const require = createRequire(import.meta.url);
const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
const { StdioClientTransport } = require('@modelcontextprotocol/sdk/client/stdio.js');

const SECTION = 'PostgreSQL replica memory: point queries against the whole-graph view (issue 20)';
const DESCRIPTION = 'One `ckg mcp -db postgres://…` process of the built CLI on a real repository indexed into a local throwaway '
  + 'PostgreSQL cluster: its resident set (VmRSS) after start, after a first blast_radius on the biggest hub (its reply loads the '
  + 'reply cap\'s tokenizer, about 80 MiB on any backend), after more point queries (blast_radius, cross_repo_callers, '
  + 'flow_between; bounded reads, no whole-graph view), after a graph_query name search (every node\'s name, '
  + 'no edge, kept per generation) and after `communities` (the whole-graph '
  + 'view each replica keeps per generation for communities, random walks and context tools). '
  + '`npm run bench:pg-memory -- <repo> --record`.';
const COLUMNS = ['date', 'machine', 'load', 'engine', 'corpus', 'graph', 'RSS started MiB', 'after 1st blast_radius MiB', 'after more point queries MiB', 'after a name search MiB', 'after communities MiB', 'command'];

const USAGE = 'node --import tsx bench/pgTraversalMemory.mjs <repo_path> [--record]';

/** The resident set of a process, in MiB. */
function rssMiB(pid) {
  const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
  return Number(line.split(/\s+/)[1]) / 1024;
}

/** Nodes and edges of the graph at `url`, read with the built library. */
async function graphCounts(lib, url) {
  const store = await lib.openStore(url);
  try {
    return await store.counts();
  } finally {
    await store.close();
  }
}

async function main() {
  const argv = process.argv.slice(2);
  const record = argv.includes('--record');
  const positionals = argv.filter((a) => a !== '--record');
  if (positionals.length !== 1 || positionals[0].startsWith('--')) throw new UsageError(`bench/pgTraversalMemory: expected one <repo_path>; usage: ${USAGE}`);
  const repo = path.resolve(positionals[0]);
  if (!fs.existsSync(repo)) throw new UsageError(`bench/pgTraversalMemory: <repo_path> ${repo} does not exist`);
  const lib = loadEngine();
  const cluster = await startPostgresCluster();
  try {
    const url = await cluster.createDatabase();
    const started = performance.now();
    execFileSync(process.execPath, [CLI_PATH, 'index', repo, '-db', url], { stdio: ['ignore', 'ignore', 'inherit'] });
    process.stderr.write(`indexed in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
    const hub = await biggestHub(lib, url);
    const counts = await graphCounts(lib, url);
    const transport = new StdioClientTransport({ command: process.execPath, args: [CLI_PATH, 'mcp', '-db', url], stderr: 'ignore' });
    const client = new Client({ name: 'bench-pg-memory', version: '1' });
    await client.connect(transport);
    const pid = transport.pid;
    try {
      const call = async (name, args) => {
        const result = await client.callTool({ name, arguments: args });
        if (result.isError) throw new Error(`${name} failed: ${JSON.stringify(result.content).slice(0, 300)}`);
        return result;
      };
      // A prefix with :// is one indexed statement on any backend: the process as started and connected.
      await call('graph_query', { prefix: 'no.such.repo://' });
      const atStart = rssMiB(pid);
      // The first big reply loads the reply cap's tokenizer (about 80 MiB, whatever the backend).
      await call('blast_radius', { target_hash: hub.node.nodeHash });
      const afterFirst = rssMiB(pid);
      await call('blast_radius', { target_hash: hub.node.nodeHash });
      await call('cross_repo_callers', { target_hash: hub.node.nodeHash });
      await call('flow_between', { source_symbol: hub.node.qualifiedName, target_symbol: hub.node.qualifiedName });
      const afterPoint = rssMiB(pid);
      // A name search keeps the names of every node (no edge) per generation.
      await call('graph_query', { prefix: hub.node.qualifiedName.split('.').pop() });
      const afterNames = rssMiB(pid);
      await call('communities', {});
      const afterWhole = rssMiB(pid);
      const load = os.loadavg().map((l) => l.toFixed(2)).join(' ');
      const graph = `${counts.nodes} nodes, ${counts.edges} edges; hub ${hub.directCallers} direct callers`;
      console.log(`${path.basename(repo)}: ${graph}`);
      console.log(`  RSS of ckg mcp: started ${atStart.toFixed(0)} MiB, after the first blast_radius (tokenizer loaded) ${afterFirst.toFixed(0)} MiB, `
        + `after more point queries ${afterPoint.toFixed(0)} MiB, `
        + `after a name search ${afterNames.toFixed(0)} MiB, after communities ${afterWhole.toFixed(0)} MiB`);
      console.log(`  load average now: ${load}`);
      if (record) {
        const row = [today(), machineSummary(), load, shortHead(PACKAGE_ROOT), corpusName(repo), graph, atStart.toFixed(0), afterFirst.toFixed(0), afterPoint.toFixed(0),
          afterNames.toFixed(0), afterWhole.toFixed(0), `npm run bench:pg-memory -- ${repo} --record`];
        console.log(`recorded in ${path.relative(process.cwd(), appendResultRow(SECTION, DESCRIPTION, COLUMNS, row))}`);
      }
    } finally {
      await client.close();
    }
  } finally {
    cluster.stop();
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof UsageError ? error.message : error.stack}\n`);
  process.exit(error instanceof UsageError ? 2 : 1);
});
