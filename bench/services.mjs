// Services across one proto (issue 15 acceptance): indexes a polyglot microservice
// repository and reports, per proto rpc, the client functions that call it (by language)
// and the server methods it dispatches to (by language, and whether each has its
// handles_route), and the HTTP routes by framework.
//   node bench/services.mjs <repo_path> [--label NAME] [--details] [--no-record]
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { UsageError, parseArgs } from './lib/args.mjs';
import { PACKAGE_ROOT, loadEngine } from './lib/engine.mjs';
import { corpusName, engineVersion, machineSummary, shortHead, today } from './lib/machine.mjs';
import { appendResultRow } from './lib/results.mjs';

const USAGE = 'node bench/services.mjs <repo_path> [--label NAME] [--details] [--no-record]';
const SECTION = 'Services across one proto';
const SECTION_DESCRIPTION = `One row per corpus per \`npm run bench:services -- <repo>\`: a cold index, then per proto
rpc (copies of one schema vendored per service count once) its client functions (sources of
\`calls\` edges into it) and the server methods it dispatches to (targets of its \`calls\`
edges), each by the language of its file. rpcs = rpc nodes; with clients / with servers =
rpcs having any; client languages = client functions of all rpcs by language; clients in >= 3 languages = rpcs whose clients span three languages or
more; handles_route = server methods with a \`handles_route\` edge, of all dispatched ones;
HTTP routes = route nodes of HTTP frameworks, by framework (the signature's first word);
HTTP requests linked = \`calls\` edges from a client function into a route node, and the
routes they reach.`;
const COLUMNS = [
  'date', 'machine', 'engine', 'corpus', 'commit', 'rpcs', 'with clients', 'client languages', 'clients in >= 3 languages', 'max client languages',
  'with servers', 'server languages', 'handles_route', 'HTTP routes', 'HTTP requests linked', 'command',
];

function counted(values) {
  const counts = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => `${k} ${v}`).join(', ');
}

async function main() {
  const { repoPath, options } = parseArgs('bench/services', process.argv.slice(2), {
    valued: { label: undefined }, flags: ['details', 'no-record'], usage: USAGE,
  });
  const engine = loadEngine();
  const root = path.resolve(repoPath);
  const name = corpusName(root, options.label);
  const store = await engine.openStore(path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ckg-services-')), 'graph.sqlite'));
  await new engine.RepoIndexer(store).index({ repoPath: root });
  const nodes = new Map();
  for (const repo of await store.repos()) for (const node of await store.liveNodesOfRepo(repo.repoHash)) nodes.set(node.nodeHash, node);
  const languageOf = new Map((await store.liveFileRecords()).map((f) => [f.fileHash, f.language]));
  const edges = await store.liveEdges();
  const handlesRoute = new Set(edges.filter((e) => e.edgeType === 'handles_route').map((e) => e.sourceHash));
  const calls = edges.filter((e) => e.edgeType === 'calls');
  // Copies of one schema (vendored per service) are one rpc: `Svc.M@<file>` joins `Svc.M`.
  const byName = new Map();
  for (const node of nodes.values()) {
    if (node.kind !== 'rpc') continue;
    const local = node.qualifiedName.slice(node.qualifiedName.indexOf('://') + 3).replace(/@.*$/, '');
    if (!byName.has(local)) byName.set(local, []);
    byName.get(local).push(node.nodeHash);
  }
  const lines = [];
  let withClients = 0;
  let threeLanguages = 0;
  let maxLanguages = 0;
  let withServers = 0;
  const serverLanguages = [];
  const clientLanguagesAll = [];
  let dispatched = 0;
  let dispatchedWithRoute = 0;
  const local = (n) => n.qualifiedName.slice(n.qualifiedName.indexOf('://') + 3);
  for (const [rpcName, hashes] of [...byName].sort(([a], [b]) => a.localeCompare(b))) {
    const copies = new Set(hashes);
    const clients = [...new Set(calls.filter((e) => copies.has(e.targetHash)).map((e) => e.sourceHash))].map((h) => nodes.get(h)).filter(Boolean);
    const servers = [...new Set(calls.filter((e) => copies.has(e.sourceHash)).map((e) => e.targetHash))].map((h) => nodes.get(h)).filter(Boolean);
    const clientLanguages = new Set(clients.map((c) => languageOf.get(c.fileHash) ?? '?'));
    clientLanguagesAll.push(...clients.map((c) => languageOf.get(c.fileHash) ?? '?'));
    if (clients.length > 0) withClients++;
    if (clientLanguages.size >= 3) threeLanguages++;
    maxLanguages = Math.max(maxLanguages, clientLanguages.size);
    if (servers.length > 0) withServers++;
    for (const server of servers) {
      serverLanguages.push(languageOf.get(server.fileHash) ?? '?');
      dispatched++;
      if (handlesRoute.has(server.nodeHash)) dispatchedWithRoute++;
    }
    lines.push(`${rpcName}\n  clients: ${clients.map((c) => `${local(c)} (${languageOf.get(c.fileHash)})`).join(', ') || 'none'}`
      + `\n  servers: ${servers.map((s) => `${local(s)} (${languageOf.get(s.fileHash)}${handlesRoute.has(s.nodeHash) ? '' : ', no handles_route'})`).join(', ') || 'none'}`);
  }
  const rpcs = [...byName.keys()];
  const httpRouteNodes = [...nodes.values()].filter((n) => n.kind === 'route' && !n.signature.includes(' GRPC '));
  const httpRoutes = httpRouteNodes.map((n) => n.signature.split(' ')[0]);
  const requests = calls.filter((e) => nodes.get(e.targetHash)?.kind === 'route');
  const calledRoutes = new Set(requests.map((e) => e.targetHash));
  if (options.details) {
    for (const request of requests) lines.push(`request ${local(nodes.get(request.sourceHash))} (${languageOf.get(nodes.get(request.sourceHash).fileHash)}) -> ${local(nodes.get(request.targetHash))}`);
  }
  await store.close();
  const row = [
    today(), machineSummary(), engineVersion(PACKAGE_ROOT), name, shortHead(root), rpcs.length, withClients, counted(clientLanguagesAll), threeLanguages, maxLanguages,
    withServers, counted(serverLanguages), `${dispatchedWithRoute}/${dispatched}`, counted(httpRoutes) || 'none',
    `${requests.length} requests to ${calledRoutes.size} of ${httpRouteNodes.length} routes`,
    `npm run bench:services -- ${repoPath}`,
  ];
  if (options.details) process.stdout.write(`${lines.join('\n')}\n\n`);
  process.stdout.write(`${name}: ${rpcs.length} rpcs; with clients ${withClients}, clients in >= 3 languages ${threeLanguages} (max ${maxLanguages}); `
    + `with servers ${withServers} (${counted(serverLanguages)}); handles_route ${dispatchedWithRoute}/${dispatched}\n  client functions by language: ${row[7]}\n  HTTP routes ${row[13]}\n  HTTP requests linked: ${row[14]}\n`);
  if (!options['no-record']) appendResultRow(SECTION, SECTION_DESCRIPTION, COLUMNS, row);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof UsageError ? error.message : error.stack}\n`);
  process.exit(error instanceof UsageError ? 2 : 1);
});
