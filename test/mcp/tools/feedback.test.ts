import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { z } from 'zod';
import { RepoIndexer } from '../../../src/index/repoIndexer';
import { FEEDBACK_UNAVAILABLE, tool } from '../../../src/mcp/tools/feedback';
import type { ToolDeps } from '../../../src/mcp/tool';
import { type GraphStore, openStore } from '../../../src/store';
import { callTool, depsOver, toolError } from '../../helpers/directTool';
import { connect, fixtureDeps, structured, textOf } from '../mcpHarness';
import { FIXTURE_REPOS, indexFixture } from '../../helpers/indexFixture';
import { makeTempDir } from '../../helpers/tempDir';

describe('mcp tool feedback', () => {
  let store: GraphStore;
  let deps: ToolDeps;
  let hash: string;
  before(async () => {
    store = await indexFixture('ts-basic');
    deps = depsOver(store);
    hash = (await store.nodesByPrefix('fixtures/ts-basic://src/utils/url.parseUrl', 1))[0].nodeHash;
  });

  it('records votes and reports counts and the ratio', async () => {
    assert.deepEqual(await callTool(tool, { action: 'query', symbol_hash: hash }, deps),
      { symbol_hash: hash, useful_count: 0, not_useful_count: 0, usefulness_ratio: 0 });
    assert.deepEqual(await callTool(tool, { action: 'record', symbol_hash: hash, session_id: 's1', useful: true }, deps), { status: 'recorded' });
    await callTool(tool, { action: 'record', symbol_hash: hash, session_id: 's2', useful: true }, deps);
    await callTool(tool, { action: 'record', symbol_hash: hash, session_id: 's3', useful: false }, deps);
    assert.deepEqual(await callTool(tool, { action: 'query', symbol_hash: hash }, deps),
      { symbol_hash: hash, useful_count: 2, not_useful_count: 1, usefulness_ratio: 2 / 3 });
  });

  it('stamps votes with the deps clock', async () => {
    const at: number[] = [];
    const spy = new Proxy(store, {
      get: (target, key) => (key === 'recordFeedback'
        ? async (h: string, s: string, u: boolean, t: number) => { at.push(t); await target.recordFeedback(h, s, u, t); }
        : Reflect.get(target, key, target)),
    });
    await callTool(tool, { action: 'record', symbol_hash: hash, session_id: 'clock', useful: true }, { ...deps, store: () => spy });
    assert.deepEqual(at, [1_760_000_000]);
  });

  it('requires session_id and useful to record, naming the missing one', async () => {
    assert.equal(await toolError(tool, { action: 'record', symbol_hash: hash, useful: true }, deps),
      'session_id: required when action is record (a non-empty string naming the session)');
    assert.equal(await toolError(tool, { action: 'record', symbol_hash: hash, session_id: ' ', useful: true }, deps),
      'session_id: required when action is record (a non-empty string naming the session)');
    assert.equal(await toolError(tool, { action: 'record', symbol_hash: hash, session_id: 's' }, deps),
      'useful: required when action is record (true or false)');
  });

  it('validates arguments, naming them', async () => {
    assert.equal(await toolError(tool, { action: 'query', symbol_hash: 'ABC' }, deps), 'symbol_hash: expected 64 lowercase hex characters');
    assert.equal(await toolError(tool, { action: 'delete', symbol_hash: hash }, deps), 'action: expected one of record, query');
    assert.equal(await toolError(tool, { action: 'record', symbol_hash: hash, session_id: 's', useful: 'yes' }, deps), 'useful: expected true or false');
  });

  it('refuses an unknown symbol hash', async () => {
    assert.match(await toolError(tool, { action: 'query', symbol_hash: 'f'.repeat(64) }, deps), /^symbol_hash: no live symbol with hash f{64}/);
  });

  it('says when the store keeps no feedback', async () => {
    const limited = Object.assign(Object.create(store), { capabilities: { ...store.capabilities, feedback: false } }) as GraphStore;
    assert.equal(await toolError(tool, { action: 'query', symbol_hash: hash }, { ...deps, store: () => limited }), FEEDBACK_UNAVAILABLE);
    assert.equal(FEEDBACK_UNAVAILABLE, 'feedback not available: store does not support feedback methods');
  });

  it('describes every field and writes only on record', () => {
    assert.equal(tool.annotations.readOnlyHint, false);
    assert.equal(tool.category, 'Feedback');
    for (const [name, field] of Object.entries(tool.inputSchema)) assert.ok((field as z.ZodType).description, name);
  });
});

describe('mcp tool feedback on a graph file', () => {
  it('saves votes, so they outlive the process', async () => {
    const dbPath = path.join(makeTempDir(), 'graph.db');
    const store = await openStore(dbPath);
    await new RepoIndexer(store).index({ repoPath: path.join(FIXTURE_REPOS, 'go-basic'), repoUrl: 'fixtures/go-basic' });
    await store.save();
    const hash = (await store.nodesByPrefix('fixtures/go-basic://example.com/go-basic/store.Fill', 1))[0].nodeHash;
    const before = fs.statSync(dbPath).mtimeMs;
    await callTool(tool, { action: 'record', symbol_hash: hash, session_id: 's', useful: false }, depsOver(store));
    assert.ok(fs.statSync(dbPath).mtimeMs >= before);
    await store.close();
    const reopened = await openStore(dbPath);
    assert.deepEqual((await reopened.feedbackCounts([hash])).get(hash), { useful: 0, notUseful: 1 });
    await reopened.close();
  });
});

describe('mcp tool feedback through an SDK client', () => {
  it('records and queries a vote, and refuses a record without session_id', async () => {
    const { deps, store } = await fixtureDeps('ts-basic');
    const hash = (await store.nodesByPrefix('fixtures/ts-basic://src/utils/url.parseUrl', 1))[0].nodeHash;
    const mcp = await connect(deps);
    try {
      assert.deepEqual(structured(await mcp.call('feedback', { action: 'record', symbol_hash: hash, session_id: 'agent-1', useful: true })), { status: 'recorded' });
      const counts = structured<{ useful_count: number; usefulness_ratio: number }>(await mcp.call('feedback', { action: 'query', symbol_hash: hash }));
      assert.equal(counts.useful_count, 1);
      assert.equal(counts.usefulness_ratio, 1);
      const bad = await mcp.call('feedback', { action: 'record', symbol_hash: hash, useful: true });
      assert.equal(bad.isError, true);
      assert.match(textOf(bad), /session_id: required when action is record/);
    } finally {
      await mcp.close();
    }
  });
});
