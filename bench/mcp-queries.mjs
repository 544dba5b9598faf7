// Times MCP tool calls end to end (SDK client -> server -> reply cap) on an indexed graph,
// and checks that no reply exceeds the cap. Usage:
//   npm run build && node bench/mcp-queries.mjs --db <graph.sqlite> [--samples N] [--label NAME] [--no-record]
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const lib = require(path.join(root, 'dist', 'lib.js'));
const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
const { InMemoryTransport } = require('@modelcontextprotocol/sdk/inMemory.js');

function option(name, fallback) {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? fallback : process.argv[at + 1];
}
const dbPath = option('db');
if (!dbPath || !fs.existsSync(dbPath)) {
  process.stderr.write('bench/mcp-queries: --db <graph.sqlite> (a file made by ckg index) is required\n');
  process.exit(2);
}
const samples = Number(option('samples', '30'));
const record = !process.argv.includes('--no-record');

/** A deterministic sample: every k-th item. */
function spread(items, count) {
  if (items.length <= count) return items;
  const step = items.length / count;
  return Array.from({ length: count }, (_, i) => items[Math.floor(i * step)]);
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p90 = (xs) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.9) - 1)];

const deps = await lib.openServerDeps(dbPath);
const server = lib.createMcpServer(deps);
const client = new Client({ name: 'bench', version: '1' });
const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
await server.connect(serverSide);
await client.connect(clientSide);

let largestReply = { tool: '', tokens: 0 };
async function call(name, args) {
  const started = performance.now();
  const result = await client.callTool({ name, arguments: args });
  const ms = performance.now() - started;
  const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
  if (result.isError) throw new Error(`${name} failed: ${text}`);
  const tokens = Math.max(lib.countTokens(text), lib.countTokens(JSON.stringify(result.structuredContent ?? {})));
  if (tokens > largestReply.tokens) largestReply = { tool: name, tokens };
  return { ms, result };
}

const store = deps.store();
const repos = await store.repos();
const repo = repos[0];
const nodes = await store.liveNodesOfRepo(repo.repoHash);
const callCounts = new Map();
for (const edge of await store.liveEdges({ edgeType: 'calls' })) callCounts.set(edge.targetHash, (callCounts.get(edge.targetHash) ?? 0) + 1);
const called = nodes.filter((n) => callCounts.has(n.nodeHash)).sort((a, b) => a.qualifiedName.localeCompare(b.qualifiedName));
const targets = spread(called, samples);
const files = spread((await store.liveFiles(repo.repoHash)).filter((f) => !/test|spec/.test(f.path)), Math.min(samples, 20)).map((f) => f.path);
const tasks = spread(called, 10).map((n) => `change how ${n.qualifiedName.split(/[./]/).pop()} handles errors`);

// The hub: the repository's own node with the most direct callers (placeholders of
// outside code excluded); its blast radius is the heaviest reply.
const hub = nodes.filter((n) => !n.qualifiedName.includes('://UNRESOLVED/')).reduce((best, n) => ((callCounts.get(n.nodeHash) ?? 0) > (callCounts.get(best?.nodeHash) ?? 0) ? n : best), undefined);

const firstLoad = await call('blast_radius', { target_hash: targets[0].nodeHash });
const hubBlast = [];
let hubReply = { callers: 0, tokens: 0 };
for (let run = 0; run < 15; run++) {
  const { ms, result } = await call('blast_radius', { target_hash: hub.nodeHash });
  hubBlast.push(ms);
  const structured = result.structuredContent ?? {};
  hubReply = { callers: structured.TotalCount ?? 0, tokens: lib.countTokens(JSON.stringify(structured)) };
}
const blast = [];
for (const target of targets) blast.push((await call('blast_radius', { target_hash: target.nodeHash })).ms);
const callers = [];
for (const target of targets) callers.push((await call('cross_repo_callers', { target_hash: target.nodeHash })).ms);
const prContext = [];
for (const file of files) prContext.push((await call('context_for_pr', { files: file })).ms);
const taskContext = [];
for (const task of tasks) taskContext.push((await call('context_for_task', { task_description: task })).ms);
// Broad calls that could produce the largest replies.
await call('graph_query', { prefix: `${repo.repoUrl}://` });
await call('repo_graph', { repo_hash: repo.repoHash });
await call('ownership', { repo_hash: repo.repoHash });
const snapshot = await store.latestSnapshot(repo.repoHash);
await call('stale_edges', { snapshot_hash: snapshot.snapshotHash });
await call('communities', {});
await client.close();
await deps.close();

const corpus = option('label', path.basename(repo.rootPath));
let commit = '';
try {
  commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repo.rootPath }).toString().trim();
} catch {
  commit = 'no git';
}
const lines = [
  `${corpus} @ ${commit}: ${nodes.length} nodes of the first repo, ${targets.length} targets, ${files.length} files, ${tasks.length} tasks`,
  `  first call (loads the graph view) ${firstLoad.ms.toFixed(0)} ms`,
  `  blast_radius       median ${median(blast).toFixed(2)} ms, p90 ${p90(blast).toFixed(2)} ms (bar < 10)`,
  `  blast_radius, hub  median ${median(hubBlast).toFixed(1)} ms, p90 ${p90(hubBlast).toFixed(1)} ms: ${hub.qualifiedName}, ${callCounts.get(hub.nodeHash)} direct callers, ${hubReply.callers} in its radius, reply ${hubReply.tokens} tokens (bar < 50 at 800+ callers)`,
  `  cross_repo_callers median ${median(callers).toFixed(2)} ms, p90 ${p90(callers).toFixed(2)} ms`,
  `  context_for_pr     median ${median(prContext).toFixed(1)} ms, p90 ${p90(prContext).toFixed(1)} ms (8000 tokens; bar < 200)`,
  `  context_for_task   median ${median(taskContext).toFixed(1)} ms, p90 ${p90(taskContext).toFixed(1)} ms (50000 lowered to the cap; bar < 1000)`,
  `  largest reply      ${largestReply.tokens} tokens (${largestReply.tool}); cap ${deps.replyTokenCap}`,
];
process.stdout.write(`${lines.join('\n')}\n`);
if (largestReply.tokens > deps.replyTokenCap) {
  process.stderr.write('bench/mcp-queries: a reply exceeded the cap\n');
  process.exitCode = 1;
}

if (record) {
  const results = path.join(root, 'bench', 'RESULTS.md');
  let text = fs.readFileSync(results, 'utf8');
  const header = '## MCP queries';
  if (!text.includes(header)) {
    text += `\n${header}\n\nOne row per \`node bench/mcp-queries.mjs --db <graph>\`: tool calls through a real SDK client over the\nin-memory transport (server, reply cap and serialisation included), on a graph made by \`ckg index\`. The\nfirst call loads the graph view; the medians are of the calls after it. Largest reply = the most tokens\nof any reply's text or structured content, over all calls of the run, including broad ones (graph_query on\nthe whole repo, repo_graph, ownership, stale_edges, communities).\n\n| date | machine | corpus | first call ms | blast_radius median / p90 ms | cross_repo_callers median ms | context_for_pr median / p90 ms | context_for_task median / p90 ms | largest reply tokens | hub blast_radius median ms (direct callers) | command |\n|---|---|---|---|---|---|---|---|---|---|---|\n`;
  }
  const machine = `${os.cpus()[0].model.split(' ').slice(0, 2).join(' ')}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}`;
  const row = `| ${new Date().toISOString().slice(0, 10)} | ${machine} | ${corpus} @ ${commit}, ${nodes.length} nodes | ${firstLoad.ms.toFixed(0)} | ${median(blast).toFixed(2)} / ${p90(blast).toFixed(2)} | ${median(callers).toFixed(2)} | ${median(prContext).toFixed(1)} / ${p90(prContext).toFixed(1)} | ${median(taskContext).toFixed(1)} / ${p90(taskContext).toFixed(1)} | ${largestReply.tokens} (${largestReply.tool}; cap ${deps.replyTokenCap}) | ${median(hubBlast).toFixed(1)} (${callCounts.get(hub.nodeHash)}) | \`node bench/mcp-queries.mjs --db <${corpus}.sqlite> --samples ${samples}\` |\n`;
  const at = text.indexOf(header);
  const next = text.indexOf('\n## ', at + header.length);
  text = next < 0 ? text.trimEnd() + '\n' + row : text.slice(0, next).trimEnd() + '\n' + row + text.slice(next);
  fs.writeFileSync(results, text);
  process.stdout.write('appended a row to bench/RESULTS.md\n');
}
