import * as assert from 'node:assert/strict';
import type { ToolDefinition, ToolDeps } from '../../../src/mcp/tool';
import { TEST_SCOPE_UNAVAILABLE, tool } from '../../../src/mcp/tools/testScope';
import { callTool, depsOver, toolError } from '../../helpers/directTool';
import { indexFixture } from '../../helpers/indexFixture';
import { connect, fixtureDeps, structured, textOf } from '../mcpHarness';

interface Scope { mode: string; results: string[]; count: number }

describe('mcp tool test_scope', () => {
  const deps: Record<string, ToolDeps> = {};
  before(async () => {
    for (const name of ['go-basic', 'ts-basic', 'py-basic']) deps[name] = depsOver(await indexFixture(name));
  });

  it('gives the packages of the tests that reach the files (default mode)', async () => {
    assert.deepEqual(await callTool<Scope>(tool, { files: 'store/memory.go' }, deps['go-basic']!),
      { mode: 'packages', results: ['example.com/go-basic/service'], count: 1 });
    assert.deepEqual(await callTool<Scope>(tool, { files: 'src/services/userService.ts' }, deps['ts-basic']!),
      { mode: 'packages', results: ['src/services/userService.spec'], count: 1 });
  });

  it('gives test qualified names in functions mode, within depth', async () => {
    const go = deps['go-basic']!;
    assert.deepEqual((await callTool<Scope>(tool, { files: 'store/memory.go', output: 'functions' }, go)).results, [
      'fixtures/go-basic://example.com/go-basic/service.TestLookup',
      'fixtures/go-basic://example.com/go-basic/service.TestProbeMissing',
    ]);
    // From memory.go: Fill <- Seed <- TestLookup is 2 hops; NewMemoryStore <- pick <- Probe <- TestProbeMissing is 3.
    assert.deepEqual((await callTool<Scope>(tool, { files: 'store/memory.go', output: 'functions', depth: 2 }, go)).results,
      ['fixtures/go-basic://example.com/go-basic/service.TestLookup']);
    assert.deepEqual((await callTool<Scope>(tool, { files: 'store/memory.go', output: 'functions', depth: 1 }, go)).results, []);
    assert.deepEqual((await callTool<Scope>(tool, { files: 'service/service.go', output: 'functions', depth: 1 }, go)).results, [
      'fixtures/go-basic://example.com/go-basic/service.TestLookup',
      'fixtures/go-basic://example.com/go-basic/service.TestProbeMissing',
    ]);
  });

  it('includes the tests of a test file itself', async () => {
    const scope = await callTool<Scope>(tool, { files: './service/service_test.go', output: 'functions', depth: 1 }, deps['go-basic']!);
    assert.equal(scope.count, 2);
  });

  it('gives one runner command per language in run mode', async () => {
    assert.deepEqual((await callTool<Scope>(tool, { files: 'store/memory.go, service/service.go', output: 'run' }, deps['go-basic']!)).results,
      ["go test -run '^(TestLookup|TestProbeMissing)$' example.com/go-basic/service"]);
    assert.deepEqual((await callTool<Scope>(tool, { files: 'src/services/userService.ts', output: 'run' }, deps['ts-basic']!)).results,
      ["jest -t '^(UserService homepage keeps the host|UserService registers users)( |$)' src/services/userService.spec.ts"]);
    assert.deepEqual(await callTool<Scope>(tool, { files: 'app/services.py,app/models.py', output: 'run' }, deps['py-basic']!), {
      mode: 'run',
      results: ["pytest tests/test_services.py -k '(TestUserService and test_find_missing_user_returns_none) or test_register_stores_user'"],
      count: 1,
    });
  });

  it('errors on unknown files, bad arguments and a store without test_scope support', async () => {
    const go = deps['go-basic']!;
    assert.equal(await toolError(tool, { files: 'store/memory.go,nope.go,gone/x.go' }, go),
      'files: no indexed file at gone/x.go, nope.go (expected paths relative to the repository root)');
    assert.match(await toolError(tool, { files: '/abs/path.go' }, go), /^files: expected paths relative to the repository root/);
    assert.equal(await toolError(tool, { files: 'store/memory.go', output: 'xml' }, go), 'output: expected one of packages, functions, run');
    assert.match(await toolError(tool, { files: 'store/memory.go', depth: 0 }, go), /^depth: expected an integer from 1 to 10/);
    const store = go.store();
    const limited: ToolDeps = { ...go, store: () => Object.assign(Object.create(store), { capabilities: { ...store.capabilities, testScope: false } }) };
    assert.equal(await toolError(tool, { files: 'store/memory.go' }, limited), TEST_SCOPE_UNAVAILABLE);
    assert.equal(TEST_SCOPE_UNAVAILABLE, 'test_scope queries not available: store does not support test_scope methods');
  });
});

describe('mcp tool test_scope through an SDK client', () => {
  it('answers with structured content its output schema accepts, and isError on bad input', async () => {
    const { deps } = await fixtureDeps('go-basic');
    const mcp = await connect(deps, { tools: [tool as unknown as ToolDefinition] });
    try {
      const ok = structured(await mcp.call('test_scope', { files: 'store/memory.go' }));
      assert.ok(ok.mode === 'packages' && ok.count === 1, JSON.stringify(ok).slice(0, 500));
      const failed = await mcp.call('test_scope', { files: 'nope.go' });
      assert.equal(failed.isError, true);
      assert.ok(textOf(failed).includes('files: no indexed file at nope.go'), textOf(failed));
    } finally {
      await mcp.close();
    }
  });
});
