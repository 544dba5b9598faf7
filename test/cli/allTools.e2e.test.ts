import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { TOOLS } from '../../src/mcp/registry';
import { CLI, ckg, exited, startHttp } from '../helpers/builtCli';
import { FIXTURE_REPOS } from '../helpers/indexFixture';
import { makeTempDir } from '../helpers/tempDir';

const REPO_URL = 'fixtures/go-basic';
const FIXTURE = path.join(FIXTURE_REPOS, 'go-basic');
const qn = (local: string): string => `${REPO_URL}://example.com/go-basic/${local}`;

interface Node {
  readonly NodeHash: string;
  readonly QualifiedName: string;
}

/**
 * Every one of the 22 tools, called through the built CLI as an agent would: over stdio
 * and over Streamable HTTP, on a fixture repo indexed by `ckg index`. Each call must
 * succeed and return the SPEC shape's key fields; hashes come from the server itself.
 */
async function callEveryTool(client: Client): Promise<string[]> {
  const call = async (name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> => {
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
    assert.ok(!result.isError, `${name} failed: ${text}`);
    return result.structuredContent as Record<string, unknown>;
  };
  const called: string[] = [];
  const track = async (name: string, args: Record<string, unknown>) => {
    called.push(name);
    return call(name, args);
  };

  const indexed = (await client.callTool({ name: 'index_repo', arguments: { repo_url: REPO_URL, repo_path: FIXTURE } })) as CallToolResult;
  called.push('index_repo');
  const indexText = indexed.content.map((c) => (c.type === 'text' ? c.text : '')).join('');
  assert.match(indexText, new RegExp(`^index_repo complete: .*${REPO_URL}`));

  const nodes = (await track('graph_query', { prefix: `${REPO_URL}://` })).items as Node[];
  const hashOf = (local: string): string => {
    const node = nodes.find((n) => n.QualifiedName === qn(local));
    assert.ok(node, `no node ${local}`);
    return node.NodeHash;
  };
  const repos = JSON.parse(((await client.readResource({ uri: 'ckg://repos' })).contents[0] as { text: string }).text);
  const repo = (Array.isArray(repos) ? repos : repos.repos).find((r: { repo_url?: string; RepoUrl?: string }) => (r.repo_url ?? r.RepoUrl) === REPO_URL);
  const repoHash: string = repo.repo_hash ?? repo.RepoHash;
  const snapshots = JSON.parse(((await client.readResource({ uri: `ckg://repos/${repoHash}/snapshots` })).contents[0] as { text: string }).text);
  const snapshotHash: string = (Array.isArray(snapshots) ? snapshots : snapshots.snapshots)[0].snapshot_hash;

  const callers = (await track('cross_repo_callers', { target_hash: hashOf('store.NewMemoryStore') })).items as Array<{ Node: Node; Depth: number }>;
  assert.ok(callers.some((c) => c.Node.QualifiedName === qn('service.Seed') && c.Depth === 1));
  const blast = await track('blast_radius', { target_hash: hashOf('store.NewMemoryStore') });
  assert.ok((blast.TotalCount as number) >= 2);
  assert.ok(Array.isArray(await track('stale_edges', { snapshot_hash: snapshotHash }).then((r) => r.items)));
  assert.ok(((await track('repo_graph', { repo_hash: repoHash })).items as unknown[]).length >= 5);
  const diff = await track('snapshot_diff', { old_snapshot: snapshotHash, new_snapshot: snapshotHash });
  assert.deepEqual(diff.EdgesAdded, []);
  await assert.doesNotReject(track('runtime_traffic', { service_name: 'go-basic' }));
  assert.ok(Array.isArray((await track('dead_routes', {})).items));
  assert.equal(typeof (await track('trace_stats', {})).TotalEdges, 'number');
  assert.equal(((await track('semantic_diff', { old_snapshot: snapshotHash, new_snapshot: snapshotHash })).summary as Record<string, number>).nodes_added, 0);
  assert.ok('risk_level' in ((await track('pr_impact', { old_snapshot: snapshotHash, new_snapshot: snapshotHash })).summary as object));
  const callees = (await track('trace_dataflow', { source_hash: hashOf('service.Seed') })).items as Array<{ Node: Node }>;
  assert.ok(callees.some((c) => c.Node.QualifiedName === qn('store.Fill')));
  assert.ok(((await track('ownership', { repo_hash: repoHash })).items as unknown[]).length >= 5);
  for (const name of ['context_for_task', 'context_for_files', 'context_for_pr']) {
    const args = name === 'context_for_task' ? { task_description: 'seed the memory store' } : { files: 'service/service.go' };
    const context = await track(name, args);
    assert.ok((context.symbols_included as number) > 0 && (context.token_count as number) > 0, name);
  }
  assert.equal((await track('feedback', { action: 'query', symbol_hash: hashOf('service.Seed') })).useful_count, 0);
  assert.equal((await track('test_scope', { files: 'service/service.go' })).mode, 'packages');
  const flow = await track('flow_between', { source_symbol: qn('service.Seed'), target_symbol: qn('store.Fill') });
  assert.ok((flow.path_count as number) >= 1);
  assert.ok(((await track('plan_turn', { task: 'what breaks if I change NewMemoryStore' })).suggestions as unknown[]).length >= 1);
  assert.ok(((await track('communities', {})).communities as unknown[]).length >= 1);
  return called;
}

describe('all 22 tools through the built CLI', () => {
  let db: string;

  before(() => {
    assert.ok(fs.existsSync(CLI), `${CLI} is missing: run npm run build first (npm test does)`);
    db = path.join(makeTempDir(), 'graph.sqlite');
    const indexed = ckg('index', FIXTURE, '--repo-url', REPO_URL, '-db', db);
    assert.equal(indexed.status, 0, indexed.stderr);
  });

  it('over stdio', async () => {
    const client = new Client({ name: 'all-tools-stdio', version: '1' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp', '-db', db], stderr: 'ignore' }));
    try {
      const called = await callEveryTool(client);
      assert.deepEqual([...called].sort(), TOOLS.map((t) => t.name).sort(), 'every registered tool was called');
    } finally {
      await client.close();
    }
  });

  it('over Streamable HTTP', async () => {
    const { child, url, stderr } = await startHttp(db);
    const client = new Client({ name: 'all-tools-http', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    try {
      const called = await callEveryTool(client);
      assert.equal(new Set(called).size, 22);
    } finally {
      await client.close();
      child.kill('SIGTERM');
    }
    assert.equal(await exited(child), 0, stderr());
  });
});
