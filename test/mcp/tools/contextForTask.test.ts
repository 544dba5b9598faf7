import * as assert from 'node:assert/strict';
import type { z } from 'zod';
import { countTokens } from '../../../src/context/tokenizer';
import { REPLY_CAP_DEFAULTS } from '../../../src/mcp/replyCap';
import type { ToolDeps } from '../../../src/mcp/tool';
import { BUDGET_META_KEY, DEFAULT_CONTEXT_BUDGET } from '../../../src/mcp/contextTools';
import { tool } from '../../../src/mcp/tools/contextForTask';
import type { GraphStore } from '../../../src/store';
import { callTool, depsOver, toolError } from '../../helpers/directTool';
import { connect, fixtureDeps, structured, textOf } from '../mcpHarness';
import { indexFixture } from '../../helpers/indexFixture';

interface Context { content: string; token_count: number; symbols_included: number; symbols_available: number }

describe('mcp tool context_for_task', () => {
  let store: GraphStore;
  let deps: ToolDeps;
  before(async () => {
    store = await indexFixture('ts-basic');
    deps = depsOver(store);
  });

  it('returns xml by default, counted exactly, within the budget', async () => {
    const result = await callTool<Context>(tool, { task_description: 'parse the url of a user homepage', token_budget: 1500 }, deps);
    assert.deepEqual(Object.keys(result), ['content', 'token_count', 'symbols_included', 'symbols_available']);
    assert.ok(result.content.startsWith('<context mode="task" query="parse the url of a user homepage" token_budget="1500"'));
    assert.equal(result.token_count, countTokens(result.content));
    assert.ok(result.token_count <= 1500);
    assert.ok(result.symbols_included > 0 && result.symbols_included <= result.symbols_available);
    assert.ok(result.content.includes('name="fixtures/ts-basic://src/utils/url.parseUrl"'));
  });

  it('renders its text as the content itself', async () => {
    const output = await tool.handler({ task_description: 'url', token_budget: 800, format: 'markdown' }, deps);
    assert.equal(output.text, (output.result as Context).content);
    assert.ok(output.text!.startsWith('# Context for task: url'));
  });

  it('serves every format', async () => {
    for (const format of ['xml', 'json', 'markdown', 'gcf', 'gcb']) {
      const result = await callTool<Context>(tool, { task_description: 'register users', token_budget: 2000, format }, deps);
      assert.equal(result.token_count, countTokens(result.content), format);
    }
  });

  it('lowers the default budget to what the reply cap holds, as text and as JSON', async () => {
    assert.equal(DEFAULT_CONTEXT_BUDGET, 50_000);
    const small = { ...deps, replyTokenCap: 1200 };
    const result = await callTool<Context>(tool, { task_description: 'register users and parse urls' }, small);
    const limit = 1200 - REPLY_CAP_DEFAULTS.reserve;
    assert.ok(result.token_count <= limit);
    assert.ok(countTokens(JSON.stringify(result)) <= limit);
    assert.ok(result.symbols_included < result.symbols_available, 'the cap, not the graph, limited it');
  });

  it('takes votes from the store into the ranking', async () => {
    const store2 = await indexFixture('ts-basic');
    const deps2 = depsOver(store2);
    const request = { task_description: 'url', token_budget: 50_000, format: 'json' };
    const order = async () => (JSON.parse((await callTool<Context>(tool, request, deps2)).content).symbols as Array<{ name: string; hash: string }>);
    const before = await order();
    const last = before.at(-1)!;
    for (let i = 0; i < 20; i++) await store2.recordFeedback(last.hash, `s${i}`, true, 1);
    const after = await order();
    assert.ok(after.findIndex((s) => s.hash === last.hash) < before.length - 1);
  });

  it('names the argument at fault', async () => {
    assert.equal(await toolError(tool, { task_description: '' }, deps), 'task_description: expected a non-empty string');
    assert.equal(await toolError(tool, { task_description: '   ' }, deps), 'task_description: expected a non-empty description');
    assert.equal(await toolError(tool, { task_description: 'url', token_budget: 0 }, deps), 'token_budget: expected an integer from 1 to 1000000');
    assert.equal(await toolError(tool, { task_description: 'url', format: 'yaml' }, deps), 'format: expected one of xml, json, markdown, gcf, gcb');
    assert.match(await toolError(tool, { task_description: 'url', token_budget: 5 }, deps), /^token_budget: 5 is too small: the context header alone takes \d+ tokens$/);
  });

  it('is a described, read-only Context tool', () => {
    assert.equal(tool.name, 'context_for_task');
    assert.equal(tool.category, 'Context');
    assert.equal(tool.annotations.readOnlyHint, true);
    for (const [name, field] of Object.entries(tool.inputSchema)) assert.ok((field as z.ZodType).description, name);
  });
});

describe('mcp tool context_for_task through an SDK client', () => {
  it('says in _meta and once in the text that a budget above the reply cap was lowered, and why', async () => {
    const { deps } = await fixtureDeps('ts-basic');
    const mcp = await connect(deps);
    try {
      const result = await mcp.call('context_for_task', { task_description: 'register users and parse urls', token_budget: 50_000 });
      assert.deepEqual(result._meta?.[BUDGET_META_KEY], { requested: 50_000, used: 22_264, reason: 'reply cap 25000 tokens' });
      const texts = result.content.map((c) => (c as { text: string }).text);
      assert.equal(texts.length, 2);
      assert.equal(texts[0], structured<Context>(result).content);
      assert.equal(texts[1], 'token_budget 50000 was lowered to 22264: a reply must fit the 25000-token reply cap both as text and as JSON '
        + '(JSON escaping adds about 10%). The server\'s --reply-token-cap sets the cap.');
      assert.equal(texts.join('\n').split('was lowered').length, 2, 'said once');
      assert.match(structured<Context>(result).content, /token_budget="22264"/);
    } finally {
      await mcp.close();
    }
  });

  it('answers with the SPEC shape, counted exactly, and names a bad argument', async () => {
    const { deps } = await fixtureDeps('ts-basic');
    const mcp = await connect(deps);
    try {
      const result = structured<Context>(await mcp.call('context_for_task', { task_description: 'parse the url of a user homepage', token_budget: 1500 }));
      assert.deepEqual(Object.keys(result).slice(0, 4), ['content', 'token_count', 'symbols_included', 'symbols_available']);
      assert.equal(result.token_count, countTokens(result.content));
      const asked = await mcp.call('context_for_task', { task_description: 'parse the url of a user homepage', token_budget: 1500 });
      assert.deepEqual(asked._meta?.[BUDGET_META_KEY], { requested: 1500, used: 1500, reason: 'as requested' });
      assert.equal(asked.content.length, 1, 'a budget kept as asked needs no word in the text');
      const bad = await mcp.call('context_for_task', { task_description: '' });
      assert.equal(bad.isError, true);
      assert.match(textOf(bad), /task_description/);
    } finally {
      await mcp.close();
    }
  });
});
