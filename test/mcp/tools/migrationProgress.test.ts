import * as assert from 'node:assert/strict';
import { RepoIndexer } from '../../../src/index/repoIndexer';
import { servedTools } from '../../../src/mcp/registry';
import { serverDepsFor } from '../../../src/mcp/serverDeps';
import { RuntimeIngestor } from '../../../src/runtime/ingestor';
import { type GraphStore, openStore } from '../../../src/store';
import { makeTempDir } from '../../helpers/tempDir';
import { writeUsersMigration } from '../../helpers/usersMigration';
import { httpCall } from '../../runtime/spanFactory';
import { type Connected, connect, structured, textOf } from '../mcpHarness';

const NOW = 1_800_000_000;
const DAY = 86_400;

interface Side { static_callers: number; runtime_calls: number; runtime_callers: number; traffic_status: string; routes: Array<{ route_pattern: string; handler: string }> }
interface Progress {
  old: Side;
  new: Side;
  percent_migrated: { static: number | null; runtime: number | null };
  callers_on_old: Array<{ qualified_name: string; static: boolean; runtime_calls: number; also_on_new: boolean }>;
  traffic_on_old: Array<{ source_name: string; target_name: string; routes: string[]; calls: number; trace_ids: string[] }>;
  window_days: number;
}

describe('mcp tool migration_progress (opt-in)', () => {
  let store: GraphStore;
  let clock: number;
  let ingestor: RuntimeIngestor;
  let mcp: Connected;

  beforeEach(async () => {
    const root = makeTempDir();
    writeUsersMigration(root);
    store = await openStore(':memory:');
    await new RepoIndexer(store).index({ repoPath: root, repoUrl: 'example.com/shop' });
    clock = NOW;
    ingestor = new RuntimeIngestor(() => store, { now: () => clock });
    mcp = await connect(serverDepsFor(store, { now: () => clock }), { tools: servedTools({ extraTools: true }) });
  });
  afterEach(async () => {
    await mcp.close();
    await store.close();
  });

  const calls = async (peer: 'users-v1' | 'users-v2', count: number): Promise<void> => {
    const version = peer === 'users-v1' ? 'v1' : 'v2';
    for (let i = 0; i < count; i++) await ingestor.ingestSpans(httpCall('web', peer, 'GET', `/${version}/users/${i}`, `/${version}/users/{id}`, clock - i));
  };
  const progress = async (args: Record<string, unknown> = {}): Promise<{ result: Progress; text: string }> => {
    const reply = await mcp.call('migration_progress', { old: 'users-v1', new: 'users-v2', ...args });
    return { result: structured<Progress>(reply), text: textOf(reply) };
  };
  const error = async (args: Record<string, unknown>): Promise<string> => {
    const reply = await mcp.call('migration_progress', args);
    assert.equal(reply.isError, true, textOf(reply));
    return textOf(reply);
  };

  it('is absent from the default tool list and present with the extra tools', async () => {
    const plain = await connect(serverDepsFor(store));
    try {
      const names = (await plain.client.listTools()).tools.map((t) => t.name);
      assert.equal(names.length, 22);
      assert.ok(!names.includes('migration_progress'));
    } finally {
      await plain.close();
    }
    const extra = (await mcp.client.listTools()).tools;
    assert.equal(extra.length, 23);
    const tool = extra.find((t) => t.name === 'migration_progress');
    assert.ok(tool?.outputSchema, 'with its output schema');
    assert.equal(tool.annotations?.readOnlyHint, true);
  });

  it('moves the runtime percentage as traffic moves from the old service to the new one', async () => {
    await calls('users-v1', 10);
    const before = await progress();
    assert.deepEqual(before.result.percent_migrated, { static: 33.3, runtime: 0 });
    assert.deepEqual([before.result.old.runtime_calls, before.result.new.runtime_calls], [10, 0]);
    assert.equal(before.result.old.traffic_status, 'observed');
    assert.equal(before.result.new.traffic_status, 'unknown', 'users-v2 has sent no span yet: no data (SPEC 4.10.3)');
    assert.equal(before.result.traffic_on_old.length, 1);
    assert.equal(before.result.traffic_on_old[0].calls, 10);
    assert.deepEqual(before.result.traffic_on_old[0].routes, ['users-v1 GET /v1/users/{id}']);
    assert.ok(before.result.traffic_on_old[0].trace_ids.length >= 2);

    await calls('users-v2', 30);
    const after = await progress();
    assert.deepEqual(after.result.percent_migrated, { static: 33.3, runtime: 75 });
    assert.match(after.text, /75% of traffic on the new side \(30 of 40 calls in 7 days; 10 still arriving at the old side from 1 caller\)/);
    assert.deepEqual(after.result.callers_on_old.map((c) => [c.qualified_name.split('://')[1], c.static, c.runtime_calls, c.also_on_new]), [
      ['UNRESOLVED/GET', false, 10, true],
      ['services/web/users.loadOld', true, 0, false],
      ['services/web/users.loadProfile', true, 0, false],
    ]);
  });

  it('compares route patterns, within one service when asked', async () => {
    await calls('users-v1', 4);
    await calls('users-v2', 12);
    const { result } = await progress({ by: 'route', old: 'GET /v1/users/%', new: 'GET /v2/%' });
    assert.deepEqual(result.percent_migrated, { static: 33.3, runtime: 75 });
    assert.deepEqual(result.old.routes.map((r) => [r.route_pattern, r.handler.split('://')[1]]), [['GET /v1/users/{id}', 'services/users-v1/server.getUserV1']]);
    assert.match(await error({ by: 'route', old: 'GET /v1/users/%', new: 'GET /v2/%', service_name: 'users-v2' }),
      /^old: no route matches "GET \/v1\/users\/%" in service users-v2/);
  });

  it('counts only the window, and says confirmed zero once the traffic is older', async () => {
    await calls('users-v1', 3);
    clock = NOW + 3 * DAY;
    assert.equal((await progress({ window_days: 7 })).result.percent_migrated.runtime, 0);
    const { result, text } = await progress({ window_days: 2 });
    assert.deepEqual(result.percent_migrated, { static: 33.3, runtime: null });
    assert.equal(result.old.traffic_status, 'confirmed_zero');
    assert.match(text, /no traffic to either side in 2 days/);
  });

  it('keeps the callers of one repository with repo_hash', async () => {
    await calls('users-v1', 2);
    const [repo] = await store.repos();
    assert.equal((await progress({ repo_hash: repo.repoHash })).result.old.static_callers, 2);
  });

  it('names the bad argument', async () => {
    assert.match(await error({ old: 'users-v0', new: 'users-v2' }), /^old: unknown service "users-v0": .*known: .*users-v1/);
    assert.match(await error({ old: 'users-v1', new: 'users-v3' }), /^new: unknown service "users-v3"/);
    assert.match(await error({ old: 'users-v1', new: 'users-v1' }), /^new: expected another service than old/);
    assert.match(await error({ old: 'users-v1', new: 'users-v2', service_name: 'web' }), /^service_name: applies to by: "route" only/);
    assert.match(await error({ by: 'route', old: 'GET /v9/%', new: 'GET /v2/%' }), /^old: no route matches "GET \/v9\/%"/);
    assert.match(await error({ old: 'users-v1', new: 'users-v2', repo_hash: 'f'.repeat(64) }), /^repo_hash: no repository with hash/);
    assert.match(await error({ old: 'users-v1', new: 'users-v2', window_days: 0 }), /window_days: expected an integer from 1 to 3650/);
    assert.match(await error({ old: 'users-v1', new: 'users-v2', by: 'host' }), /by: expected one of service, route/);
    assert.match(await error({ new: 'users-v2' }), /old: expected a non-empty string/);
  });
});
