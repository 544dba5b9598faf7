import * as assert from 'node:assert/strict';
import { type ChildProcess, fork } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { IPCMessageReader, IPCMessageWriter, type ProtocolConnection, createProtocolConnection } from 'vscode-languageserver-protocol/node';
import { TsServerOracle } from '../../src/enrich/tsserverOracle';
import { GRAPH_FILE } from '../../src/server/graphService';
import {
  type BlastCallersResult, type CodeLensInfo, type CommunitySummary, type EnrichmentReportResult, type HierarchyCall, type GraphStatus, type ImpactResult, type InitializationOptions, type LocationsParams, type McpEndpoint, Methods,
  type SymbolSummary, type ToolCallResult, type TraceReceiverResult,
} from '../../src/server/protocol';
import { ROOT, exited } from '../helpers/builtCli';
import { eventually, gitRepo } from '../helpers/gitRepo';
import { defaultSettings } from '../helpers/serverSettings';
import { makeTempDir } from '../helpers/tempDir';

/** The graph server as the extension starts it (vscode-languageclient, TransportKind.ipc): the built bundle. */
const SERVER = path.join(ROOT, 'dist', 'server.js');
const FIXTURE = path.join(ROOT, 'test', 'fixtures', 'workspaces', 'ts-app');

interface RunningServer {
  readonly child: ChildProcess;
  readonly connection: ProtocolConnection;
  readonly statuses: GraphStatus[];
  readonly logs: string[];
  readonly progress: Array<{ kind: string; title?: string; message?: string }>;
  readonly endpoints: McpEndpoint[];
  readonly asked: LocationsParams[];
  request<R>(method: string, params?: unknown): Promise<R>;
  /** shutdown + exit, as the client does; resolves with the exit code. */
  stop(): Promise<number | null>;
}

/** Forks dist/server.js with --node-ipc and speaks LSP to it, standing in for the extension; tsserver answers ckg/locations. */
function startServer(oracle: TsServerOracle | undefined): RunningServer {
  const child = fork(SERVER, ['--node-ipc'], { stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  children.push(child);
  const connection = createProtocolConnection(new IPCMessageReader(child), new IPCMessageWriter(child));
  const server: RunningServer = {
    child, connection, statuses: [], logs: [], progress: [], endpoints: [], asked: [],
    request: <R>(method: string, params?: unknown) => connection.sendRequest<R>(method, params),
    stop: async () => {
      await connection.sendRequest('shutdown');
      await connection.sendNotification('exit');
      const code = await exited(child);
      connection.dispose();
      return code;
    },
  };
  connection.onRequest('window/workDoneProgress/create', () => null);
  connection.onNotification(Methods.indexProgress, (p: { kind: string; title?: string; message?: string }) => void server.progress.push(p));
  connection.onNotification('window/logMessage', (m: { message: string }) => void server.logs.push(m.message));
  connection.onNotification(Methods.statusChanged, (status: GraphStatus) => void server.statuses.push(status));
  connection.onNotification(Methods.endpointChanged, (endpoint: McpEndpoint) => void server.endpoints.push(endpoint));
  connection.onRequest(Methods.locations, async (params: LocationsParams) => {
    server.asked.push(params);
    return oracle ? oracle.locations(params.kind, params.queries) : params.queries.map(() => null);
  });
  connection.listen();
  return server;
}

async function initialize(server: RunningServer, options: InitializationOptions | undefined): Promise<void> {
  await server.request('initialize', { processId: process.pid, rootUri: null, capabilities: { window: { workDoneProgress: true } }, initializationOptions: options });
  await server.connection.sendNotification('initialized', {});
}

const ready = (server: RunningServer): Promise<GraphStatus> =>
  eventually('a ready status', () => server.statuses.find((s) => s.state === 'ready'), 60_000);

const children: ChildProcess[] = [];

describe('server protocol: dist/server.js over IPC, without VS Code', function () {
  this.timeout(180_000);
  let tsserver: TsServerOracle;
  let root: string;
  let storagePath: string;
  let server: RunningServer;
  const at = (file: string) => path.join(root, file);
  const symbol = async (name: string): Promise<SymbolSummary> => {
    const found = (await server.request<SymbolSummary[]>(Methods.symbolsByName, { query: name })).filter((s) => s.qualifiedName.endsWith(`.${name}`));
    assert.equal(found.length, 1, `one ${name}: ${found.map((s) => s.qualifiedName).join(', ')}`);
    return found[0];
  };

  before(async () => {
    assert.ok(fs.existsSync(SERVER), `${SERVER} is missing: run npm run build first`);
    tsserver = new TsServerOracle({ timeoutMs: 60_000 });
    const files: Record<string, string> = {};
    for (const file of ['package.json', 'tsconfig.json', 'src/main.ts', 'src/routes.ts', 'src/service.ts', 'src/util.ts']) {
      files[file] = fs.readFileSync(path.join(FIXTURE, file), 'utf8');
    }
    root = gitRepo(files);
    assert.ok(await tsserver.warmUp(path.join(root, 'src/main.ts'), 120_000));
    storagePath = makeTempDir('ckg-storage-');
    server = startServer(tsserver);
    await initialize(server, { storagePath, folders: [{ name: 'ts-app', path: root }], settings: defaultSettings() });
  });

  after(async () => {
    for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
    await tsserver?.close();
  });

  it('refuses to initialize without the extension\'s options, naming what it expected', async () => {
    const bare = startServer(undefined);
    await assert.rejects(initialize(bare, undefined), /initializationOptions: expected \{ storagePath, folders, settings \}/);
    bare.child.kill();
    await exited(bare.child);
  });

  it('indexes the workspace folder on start: ckg/indexProgress, status notifications, the MCP endpoint', async () => {
    const status = await ready(server);
    assert.deepEqual([status.repos[0].folder, status.repos[0].files, status.repos[0].dirty], ['ts-app', 4, false]);
    assert.ok(status.repos[0].nodes > 5 && status.repos[0].edges > 5);
    assert.equal(server.statuses[0].state, 'indexing');
    assert.deepEqual([server.progress[0]?.kind, server.progress[0]?.title], ['begin', 'Code Graph: indexing']);
    assert.ok(server.progress.some((p) => p.kind === 'report' && /ts-app: (scan|parse|resolve|write)/.test(p.message ?? '')));
    assert.equal(server.progress.at(-1)?.kind, 'end');
    const asked = await server.request<GraphStatus>(Methods.status);
    assert.deepEqual([asked.state, asked.repos[0].files, asked.repos[0].nodes], ['ready', 4, status.repos[0].nodes]);
    assert.equal(server.endpoints.length, 1);
    assert.deepEqual(await server.request<McpEndpoint>(Methods.mcpEndpoint), server.endpoints[0]);
  });

  it('answers the custom requests: symbols, symbol at a position, tools, lenses, locate', async () => {
    const helper = await symbol('helper');
    assert.deepEqual([helper.path, helper.line, helper.kind], [at('src/util.ts'), 2, 'function']);
    const main = await server.request<SymbolSummary | null>(Methods.symbolAt, { path: at('src/main.ts'), line: 4, character: 10 });
    assert.ok(main?.qualifiedName.endsWith('.main'));
    const blast = await server.request<ToolCallResult>(Methods.callTool, { tool: 'blast_radius', args: { target_hash: helper.nodeHash } });
    assert.equal(blast.isError, false);
    assert.ok((blast.structured as { TotalCount: number }).TotalCount >= 2);
    const bad = await server.request<ToolCallResult>(Methods.callTool, { tool: 'blast_radius', args: { target_hash: 'xyz' } });
    assert.equal(bad.isError, true);
    assert.match(bad.text, /target_hash/);
    const unknown = await server.request<ToolCallResult>(Methods.callTool, { tool: 'no_such_tool', args: {} });
    assert.match(unknown.text, /tool: unknown tool no_such_tool; expected one of/);
    const lenses = await server.request<CodeLensInfo[]>(Methods.codeLenses, { path: at('src/util.ts') });
    assert.deepEqual(lenses.map((l) => [l.symbol.qualifiedName.split('.').at(-1), l.callers, l.callSites, l.observed]).sort(), [['format', 1, 1, 0], ['helper', 2, 2, 0]]);
    assert.deepEqual(await server.request<SymbolSummary | null>(Methods.locate, { nodeHash: helper.nodeHash }), helper);
    assert.equal(await server.request(Methods.locate, { nodeHash: '0'.repeat(64) }), null);
  });

  it('lists blast-radius callers uncapped and counted per depth, the call hierarchy with call sites, communities with test code counted', async () => {
    const helper = await symbol('helper');
    const blast = await server.request<BlastCallersResult>(Methods.blastCallers, { nodeHash: helper.nodeHash });
    const tool = (await server.request<ToolCallResult>(Methods.callTool, { tool: 'blast_radius', args: { target_hash: helper.nodeHash } })).structured as {
      TotalCount: number; RuntimeCount: number; Verdict: { verdict: string; text: string; reason: string };
    };
    assert.equal(blast.totalCount, tool.TotalCount);
    // The view's verdict row is blast_radius's Verdict; no traces here, so static callers only.
    assert.deepEqual(blast.verdict, { verdict: tool.Verdict.verdict, text: tool.Verdict.text, reason: tool.Verdict.reason });
    assert.deepEqual([blast.verdict.verdict, blast.runtimeCallers, tool.RuntimeCount], ['static_callers_only', 0, 0]);
    assert.equal(blast.callers.length, blast.totalCount);
    assert.equal(Object.values(blast.depthCounts).reduce((a, b) => a + b, 0), blast.totalCount);
    assert.deepEqual([blast.maxDepth, blast.truncated, blast.target.nodeHash], [5, false, helper.nodeHash]);
    assert.deepEqual(blast.callers.filter((c) => c.depth === 1).map((c) => c.symbol.qualifiedName.split('.').at(-1)).sort(), ['format', 'run']);
    await assert.rejects(server.request(Methods.blastCallers, { nodeHash: '0'.repeat(64) }), /nodeHash: no symbol with hash/);

    const incoming = await server.request<HierarchyCall[]>(Methods.callHierarchy, { nodeHash: helper.nodeHash, direction: 'incoming' });
    const format = incoming.find((c) => c.symbol.qualifiedName.endsWith('.format'))!;
    assert.deepEqual(format.sites, [{ path: at('src/util.ts'), line: 7, col: 20 }]);
    assert.ok(format.confidence > 0 && format.provenance.length > 0);
    const outgoing = await server.request<HierarchyCall[]>(Methods.callHierarchy, { nodeHash: (await symbol('Service.run')).nodeHash, direction: 'outgoing' });
    assert.deepEqual(outgoing.map((c) => c.symbol.qualifiedName.split('.').at(-1)).sort(), ['format', 'helper']);
    assert.ok(outgoing.every((c) => c.sites.every((site) => site.path === at('src/service.ts') && site.line === 9)));

    const communities = await server.request<CommunitySummary[]>(Methods.communities);
    assert.ok(communities.length > 0 && communities.every((c) => c.testMembers === 0 && c.topSymbols.every((t) => t.kind !== '')));
  });

  it('enriches through ckg/locations requests answered by a real TypeScript service', async () => {
    const report = await eventually('an enrichment report with typescript calls', async () => {
      const r = await server.request<EnrichmentReportResult>(Methods.enrich);
      return r.lines.some((l) => l.startsWith('typescript calls')) ? r : undefined;
    }, 60_000);
    assert.ok(server.asked.some((p) => p.kind === 'definition') && server.asked.some((p) => p.kind === 'references'));
    assert.equal(server.asked[0].probe, true, 'the language is probed before its files are asked');
    assert.deepEqual(report.withoutServer, []);
    assert.ok(server.asked.every((p) => p.timeoutMs === defaultSettings().enrichment.timeoutMs));
    // Every static call is confirmed but express(): express is not installed, so its edge
    // stays ast_inferred to the UNRESOLVED placeholder. main -> Service.run is inferred from
    // the receiver's declared type, so the server adds nothing.
    assert.match(report.lines.join('\n'), /typescript calls: 12\/12 answered; upgraded 7\/8 ast_inferred \(87\.5%\), added 0, removed 0/);
    const run = await symbol('Service.run');
    const blast = await server.request<ToolCallResult>(Methods.callTool, { tool: 'blast_radius', args: { target_hash: run.nodeHash } });
    const callers = Object.values((blast.structured as { ByRepo: Record<string, Array<{ Caller: { QualifiedName: string }; Provenance: Array<{ Source: string }> }>> }).ByRepo).flat();
    assert.ok(callers.some((c) => c.Caller.QualifiedName.endsWith('.main') && c.Provenance[0].Source === 'lsp_resolved'), JSON.stringify(callers));
  });

  it('re-indexes saved, created and deleted files (request and notification)', async () => {
    fs.writeFileSync(at('src/extra.ts'), 'export function extraThing(): number { return 1; }\n');
    assert.equal(await server.request<number>(Methods.reindexFiles, { changed: [at('src/extra.ts')], deleted: [] }), 1);
    await symbol('extraThing');
    fs.rmSync(at('src/extra.ts'));
    await server.connection.sendNotification(Methods.filesChanged, { changed: [], deleted: [at('src/extra.ts')] });
    await eventually('extraThing gone', async () => (await server.request<SymbolSummary[]>(Methods.symbolsByName, { query: 'extraThing' })).length === 0);
    assert.equal((await server.request<GraphStatus>(Methods.status)).repos[0].dirty, true);
  });

  it('serves MCP on the endpoint it announced, with its bearer token only', async () => {
    const endpoint = await server.request<McpEndpoint>(Methods.mcpEndpoint);
    assert.match(endpoint.url, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const client = new Client({ name: 'protocol-test', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(endpoint.url), { requestInit: { headers: { Authorization: `Bearer ${endpoint.token}` } } }));
    assert.equal((await client.listTools()).tools.length, 22);
    const reply = await client.callTool({ name: 'graph_query', arguments: { prefix: (await symbol('helper')).qualifiedName } });
    assert.equal(reply.isError, undefined);
    await client.close();
    const anonymous = await fetch(endpoint.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    assert.equal(anonymous.status, 401);
  });

  it('Impact compares the working tree with HEAD; Start and Stop Trace Receiver run the OTLP receivers', async () => {
    const util = at('src/util.ts');
    const text = fs.readFileSync(util, 'utf8');
    fs.writeFileSync(util, text.replace('value * 2', 'value * 3'));
    const impact = await server.request<ImpactResult>(Methods.impact, { folder: root });
    const changed = (impact.impact as { changed_symbols: Array<{ symbol: { qualified_name: string } }> }).changed_symbols;
    assert.ok(changed.some((c) => c.symbol.qualified_name.endsWith('.helper')), JSON.stringify(changed));
    fs.writeFileSync(util, text);
    assert.equal((await server.request<ImpactResult>(Methods.impact, { folder: root })).impact, null);
    const outside = await server.request<ImpactResult>(Methods.impact, { folder: makeTempDir() });
    assert.deepEqual([outside.impact, outside.headCommit], [null, '']);
    assert.match(outside.unavailable ?? '', /is not a git repository with a commit\. Impact compares the working tree with HEAD: run `git init` and commit once/);
    // Port 0: the OS picks free ports, so a collector already on 4317 cannot fail the test.
    const settings = defaultSettings();
    await server.connection.sendNotification(Methods.settingsChanged, { ...settings, traceIngestion: { ...settings.traceIngestion, otlp_endpoint: '127.0.0.1:0' } });
    const started = await server.request<TraceReceiverResult>(Methods.startTraceReceiver);
    assert.equal(started.running, true, started.message);
    assert.match(started.message, /^receiving traces: OTLP\/gRPC on 127\.0\.0\.1:\d+, OTLP\/HTTP on http:\/\/127\.0\.0\.1:\d+\/v1\/traces$/);
    const stopped = await server.request<TraceReceiverResult>(Methods.stopTraceReceiver);
    assert.equal(stopped.running, false);
    assert.match((await server.request<TraceReceiverResult>(Methods.stopTraceReceiver)).message, /not running/);
  });

  it('shuts down cleanly with the graph saved; a restarted server reopens it without indexing again', async () => {
    const before = await server.request<GraphStatus>(Methods.status);
    assert.equal(await server.stop(), 0);
    assert.ok(fs.existsSync(path.join(storagePath, GRAPH_FILE)));
    const again = startServer(tsserver);
    await initialize(again, { storagePath, folders: [{ name: 'ts-app', path: root }], settings: defaultSettings() });
    const status = await ready(again);
    assert.deepEqual(status.repos.map((r) => [r.files, r.nodes, r.edges]), before.repos.map((r) => [r.files, r.nodes, r.edges]));
    assert.ok(again.logs.some((m) => /ts-app \(workspace opened\): .*unchanged/.test(m)), again.logs.join('\n'));
    assert.equal(await again.stop(), 0);
  });
});
