import * as assert from 'node:assert/strict';
import type { z } from 'zod';
import { decodeGcb } from '../../../src/context/formats/gcbDecoder';
import { countTokens } from '../../../src/context/tokenizer';
import type { ToolDeps } from '../../../src/mcp/tool';
import { DEFAULT_PR_BUDGET, tool } from '../../../src/mcp/tools/contextForPr';
import { callTool, depsOver, toolError } from '../../helpers/directTool';
import { connect, fixtureDeps, structured, textOf } from '../mcpHarness';
import { indexFixture } from '../../helpers/indexFixture';

interface Context { content: string; token_count: number; symbols_included: number; symbols_available: number }

describe('mcp tool context_for_pr', () => {
  let deps: ToolDeps;
  before(async () => {
    deps = depsOver(await indexFixture('ts-basic'));
  });

  it('defaults to 8000 tokens of xml', async () => {
    assert.equal(DEFAULT_PR_BUDGET, 8000);
    const result = await callTool<Context>(tool, { files: 'src/utils/url.ts' }, deps);
    assert.ok(result.content.startsWith('<context mode="pr" query="src/utils/url.ts" token_budget="8000"'));
    assert.equal(result.token_count, countTokens(result.content));
    assert.ok(result.token_count <= 8000);
  });

  it('ranks the changed symbols first, then callers, callees and types around them', async () => {
    const result = await callTool<Context>(tool, { files: 'src/utils/url.ts,src/store.ts', format: 'gcb', token_budget: 6000 }, deps);
    const doc = decodeGcb(result.content);
    assert.equal(doc.query, 'src/store.ts, src/utils/url.ts');
    const firstOther = doc.symbols.findIndex((s) => s.distance > 0);
    assert.ok(firstOther > 0);
    assert.ok(doc.symbols.slice(0, firstOther).every((s) => ['src/utils/url.ts', 'src/store.ts'].includes(s.file)));
    assert.ok(doc.symbols.some((s) => s.name.endsWith('src/index.main')), 'main calls parseUrl');
  });

  it('gives a compact gcf when asked, with fewer tokens than json for the same symbols', async () => {
    const gcf = await callTool<Context>(tool, { files: 'src/utils/url.ts', format: 'gcf', token_budget: 50_000 }, deps);
    const json = await callTool<Context>(tool, { files: 'src/utils/url.ts', format: 'json', token_budget: 50_000 }, deps);
    assert.equal(gcf.symbols_included, json.symbols_included);
    assert.ok(gcf.token_count < json.token_count, `${gcf.token_count} < ${json.token_count}`);
    assert.ok(gcf.content.startsWith('GCF1 pr budget='));
  });

  it('names unknown paths', async () => {
    assert.equal(await toolError(tool, { files: 'src/gone.ts' }, deps), 'files: not indexed: src/gone.ts (paths are relative to the repository root)');
    assert.equal(await toolError(tool, { files: ' , ' }, deps), 'files: expected at least one path (comma-separated, relative to the repository root)');
  });

  it('is a described, read-only Context tool', () => {
    assert.equal(tool.category, 'Context');
    assert.equal(tool.annotations.readOnlyHint, true);
    for (const [name, field] of Object.entries(tool.inputSchema)) assert.ok((field as z.ZodType).description, name);
  });
});

describe('mcp tool context_for_pr through an SDK client', () => {
  it('answers with the SPEC shape, counted exactly, and names a bad argument', async () => {
    const { deps } = await fixtureDeps('ts-basic');
    const mcp = await connect(deps);
    try {
      const result = structured<Context>(await mcp.call('context_for_pr', { files: 'src/utils/url.ts' }));
      assert.deepEqual(Object.keys(result).slice(0, 4), ['content', 'token_count', 'symbols_included', 'symbols_available']);
      assert.equal(result.token_count, countTokens(result.content));
      const bad = await mcp.call('context_for_pr', { files: 'no/such/file.ts' });
      assert.equal(bad.isError, true);
      assert.match(textOf(bad), /files/);
    } finally {
      await mcp.close();
    }
  });
});
