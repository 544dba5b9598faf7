import * as assert from 'node:assert/strict';
import type { z } from 'zod';
import { decodeGcb } from '../../../src/context/formats/gcbDecoder';
import { countTokens } from '../../../src/context/tokenizer';
import { RepoIndexer } from '../../../src/index/repoIndexer';
import type { ToolDeps } from '../../../src/mcp/tool';
import { BUDGET_META_KEY } from '../../../src/mcp/contextTools';
import { tool } from '../../../src/mcp/tools/contextForFiles';
import { openStore } from '../../../src/store';
import { callTool, depsOver, toolError } from '../../helpers/directTool';
import { connect, fixtureDeps, structured, textOf } from '../mcpHarness';
import { FIXTURE_REPOS, indexFixture } from '../../helpers/indexFixture';
import * as path from 'node:path';

interface Context { content: string; token_count: number; symbols_included: number; symbols_available: number }

describe('mcp tool context_for_files', () => {
  let deps: ToolDeps;
  before(async () => {
    deps = depsOver(await indexFixture('go-basic'));
  });

  it('gives the changed files\' symbols first, then their callers and related symbols', async () => {
    const result = await callTool<Context>(tool, { files: './store/memory.go', token_budget: 20_000, format: 'gcb' }, deps);
    assert.equal(result.token_count, countTokens(result.content));
    const doc = decodeGcb(result.content);
    assert.equal(doc.mode, 'files');
    assert.equal(doc.symbols[0].file, 'store/memory.go');
    assert.ok(doc.symbols.some((s) => s.name.endsWith('service.Seed')), 'Seed calls into memory.go');
  });

  it('defaults to xml and the SPEC budget of 50000 (lowered to the reply cap)', async () => {
    const result = await callTool<Context>(tool, { files: 'store/memory.go' }, deps);
    assert.ok(result.content.startsWith('<context mode="files" query="store/memory.go" token_budget="'));
    assert.ok(result.token_count <= deps.replyTokenCap);
    const output = await tool.handler({ files: ['store/memory.go'], token_budget: 50_000, format: 'xml' }, deps);
    assert.deepEqual(output.meta?.[BUDGET_META_KEY], { requested: 50_000, used: 22_264, reason: 'reply cap 25000 tokens' });
    assert.match(output.notes![0], /^token_budget 50000 was lowered to 22264: /);
  });

  it('names unknown paths, bad paths and unknown repositories', async () => {
    assert.equal(await toolError(tool, { files: 'store/memory.go,nope.go' }, deps),
      'files: not indexed: nope.go (paths are relative to the repository root)');
    assert.equal(await toolError(tool, { files: '../x.go' }, deps), 'files: expected paths relative to the repository root, got ../x.go');
    assert.equal(await toolError(tool, { files: 'store/memory.go', repo_url: 'example.com/other' }, deps),
      'repo_url: no indexed repository has the URL "example.com/other"');
  });

  it('needs repo_url when two repositories have the path, and uses it', async () => {
    const store = await openStore(':memory:');
    const indexer = new RepoIndexer(store);
    await indexer.index({ repoPath: path.join(FIXTURE_REPOS, 'go-basic'), repoUrl: 'fixtures/one' });
    await indexer.index({ repoPath: path.join(FIXTURE_REPOS, 'go-basic'), repoUrl: 'fixtures/two' });
    const two = depsOver(store);
    assert.equal(await toolError(tool, { files: 'main.go' }, two), 'files: in several repositories, pass repo_url: main.go (in fixtures/one, fixtures/two)');
    const doc = decodeGcb((await callTool<Context>(tool, { files: 'main.go', repo_url: 'fixtures/two', format: 'gcb', token_budget: 2000 }, two)).content);
    assert.deepEqual(doc.repos, ['fixtures/two']);
  });

  it('is a described, read-only Context tool', () => {
    assert.equal(tool.category, 'Context');
    assert.equal(tool.annotations.readOnlyHint, true);
    for (const [name, field] of Object.entries(tool.inputSchema)) assert.ok((field as z.ZodType).description, name);
  });
});

describe('mcp tool context_for_files through an SDK client', () => {
  it('answers with the SPEC shape, counted exactly, and names a bad argument', async () => {
    const { deps } = await fixtureDeps('ts-basic');
    const mcp = await connect(deps);
    try {
      const result = structured<Context>(await mcp.call('context_for_files', { files: 'src/utils/url.ts', token_budget: 1500 }));
      assert.deepEqual(Object.keys(result).slice(0, 4), ['content', 'token_count', 'symbols_included', 'symbols_available']);
      assert.equal(result.token_count, countTokens(result.content));
      const bad = await mcp.call('context_for_files', { files: 'no/such/file.ts' });
      assert.equal(bad.isError, true);
      assert.match(textOf(bad), /files/);
    } finally {
      await mcp.close();
    }
  });
});
