import * as assert from 'node:assert/strict';
import { SPEC_TOOL_NAMES } from '../../../src/mcp/registry';
import { PLAN_RULES, planTurn, taskFacts } from '../../../src/mcp/tools/planTurn';
import { type Connected, connect, fixtureDeps, structured, textOf } from '../mcpHarness';

type Plan = { suggestions: Array<{ tool: string; reason: string; args: Record<string, unknown> }> };

describe('mcp tool plan_turn', () => {
  let mcp: Connected;
  before(async () => {
    mcp = await connect((await fixtureDeps('go-basic')).deps);
  });
  after(() => mcp.close());

  it('has one rule per SPEC tool, all 22', () => {
    assert.deepEqual(PLAN_RULES.map((r) => r.tool).sort(), [...SPEC_TOOL_NAMES].sort());
  });

  for (const rule of PLAN_RULES) {
    it(`ranks ${rule.tool} first for its documented example`, () => {
      assert.equal(planTurn(rule.example)[0].tool, rule.tool, JSON.stringify(planTurn(rule.example)));
    });
  }

  it('suggests at most 4 tools, ranked, with reasons naming the matched phrases', async () => {
    const plan = structured<Plan>(await mcp.call('plan_turn', {
      task: 'review this pull request: which tests cover it, what breaks, who calls the changed code, and its risk',
    }));
    assert.equal(plan.suggestions.length, 4);
    assert.ok(plan.suggestions.every((s) => /\(matched: ".+"\)$/.test(s.reason)));
    assert.ok(plan.suggestions.some((s) => s.tool === 'pr_impact'));
    assert.ok(plan.suggestions.some((s) => s.tool === 'test_scope'));
  });

  it('fills arguments from the task and leaves fill-in hints otherwise', () => {
    const hash = 'ab'.repeat(32);
    const [blast] = planTurn(`what breaks if I change ${hash}?`);
    assert.deepEqual(blast, { tool: 'blast_radius', reason: blast.reason, args: { target_hash: hash } });
    const [hinted] = planTurn('what breaks if I change the checkout function?');
    assert.match(String(hinted.args.target_hash), /^<64-hex node hash: find it with graph_query>$/);
    const tests = planTurn('which tests cover src/cart.ts and ./lib/util.go?').find((s) => s.tool === 'test_scope')!;
    assert.equal(tests.args.files, 'src/cart.ts,lib/util.go');
    const [diff] = planTurn(`semantic diff between ${'1'.repeat(64)} and ${'2'.repeat(64)}`);
    assert.deepEqual(diff.args, { old_snapshot: '1'.repeat(64), new_snapshot: '2'.repeat(64) });
    const flow = planTurn('find the path from shop://api.Handle to shop://db.Write').find((s) => s.tool === 'flow_between')!;
    assert.equal(flow.args.source_symbol, 'shop://api.Handle');
    assert.equal(flow.args.target_symbol, 'shop://db.Write');
  });

  it('falls back to context_for_task with the task when no rule matches', async () => {
    const plan = structured<Plan>(await mcp.call('plan_turn', { task: 'zebra quartz' }));
    assert.equal(plan.suggestions.length, 1);
    assert.equal(plan.suggestions[0].tool, 'context_for_task');
    assert.deepEqual(plan.suggestions[0].args, { task_description: 'zebra quartz', token_budget: 50000 });
  });

  it('reads hashes, paths and qualified names out of a task', () => {
    const facts = taskFacts('see github.com/a/b://src/x.Y in src/x.ts, v1.2.3 and README.md; hash ' + 'c'.repeat(64));
    assert.deepEqual(facts.qualifiedNames, ['github.com/a/b://src/x.Y']);
    assert.deepEqual(facts.paths, ['src/x.ts', 'README.md']);
    assert.deepEqual(facts.hashes, ['c'.repeat(64)]);
  });

  it('rejects an empty task', async () => {
    const result = await mcp.call('plan_turn', { task: '' });
    assert.equal(result.isError, true);
    assert.match(textOf(result), /task: expected a non-empty string/);
  });
});
