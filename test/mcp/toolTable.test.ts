import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { z } from 'zod';
import { EXTRA_TOOLS, SPEC_TOOL_NAMES, TOOLS, servedTools } from '../../src/mcp/registry';
import { defineTool } from '../../src/mcp/tool';
import { objectOutput } from '../../src/mcp/wire';
import {
  EXTRA_TOOL_TABLE_MARKERS, PLAN_TABLE_MARKERS, TOOL_TABLE_MARKERS, argumentList, betweenMarkers, renderExtraToolTable, renderPlanRuleTable,
  renderToolTable, replaceBetweenMarkers,
} from '../../src/mcp/toolTable';

const ROOT = path.join(__dirname, '..', '..');

/** Tool names are snake_case in the protocol; their files are camelCase like the rest of the tree. */
function fileNameOf(toolName: string): string {
  return toolName.replace(/_(\w)/g, (_, letter: string) => letter.toUpperCase());
}
const FIX = 'run `node --import tsx scripts/update-readme-tools.mjs` to regenerate it';

describe('mcp tool tables and registry', () => {
  it('README.md carries the tool table generated from the registry', () => {
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    assert.equal(betweenMarkers(readme, TOOL_TABLE_MARKERS), renderToolTable(), `README.md's tool table drifted from the registry: ${FIX}`);
  });

  it('README.md carries the opt-in tool table generated from EXTRA_TOOLS', () => {
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    assert.equal(betweenMarkers(readme, EXTRA_TOOL_TABLE_MARKERS), renderExtraToolTable(), `README.md's extra tool table drifted: ${FIX}`);
  });

  it('serves SPEC\'s 22 by default and the opt-in tools only when asked, each with its file, schema and client test', async () => {
    assert.equal(servedTools(), TOOLS);
    assert.deepEqual(servedTools({ extraTools: true }).map((t) => t.name), [...TOOLS, ...EXTRA_TOOLS].map((t) => t.name));
    assert.deepEqual(EXTRA_TOOLS.map((t) => t.name).filter((n) => (SPEC_TOOL_NAMES as readonly string[]).includes(n)), []);
    for (const t of EXTRA_TOOLS) {
      const module = await import(path.join(ROOT, 'src', 'mcp', 'tools', `${fileNameOf(t.name)}.ts`)) as { tool?: unknown };
      assert.equal(module.tool, t);
      assert.ok(t.outputSchema instanceof z.ZodType);
      const test = path.join(__dirname, 'tools', `${fileNameOf(t.name)}.test.ts`);
      assert.ok(fs.existsSync(test) && /\bconnect\(/.test(fs.readFileSync(test, 'utf8')), `write ${test} with a case through connect()`);
    }
  });

  it('docs/mcp.md carries the plan_turn rule table generated from PLAN_RULES', () => {
    const doc = fs.readFileSync(path.join(ROOT, 'docs', 'mcp.md'), 'utf8');
    assert.equal(betweenMarkers(doc, PLAN_TABLE_MARKERS), renderPlanRuleTable(), `docs/mcp.md's plan_turn table drifted: ${FIX}`);
  });

  it('registers only SPEC tools, once each, in SPEC order, each with an output schema', () => {
    const names = TOOLS.map((t) => t.name);
    assert.equal(new Set(names).size, names.length);
    const order = names.map((n) => (SPEC_TOOL_NAMES as readonly string[]).indexOf(n));
    assert.ok(order.every((i) => i >= 0), `not SPEC tools: ${names.filter((_, i) => order[i] < 0)}`);
    assert.deepEqual(order, [...order].sort((a, b) => a - b));
    assert.equal(SPEC_TOOL_NAMES.length, 22);
    assert.deepEqual(TOOLS.filter((t) => !(t.outputSchema instanceof z.ZodType)).map((t) => t.name), [], 'every tool has an output schema');
  });

  it('describes every input field of every tool, and annotates every tool', () => {
    const undescribed = TOOLS.flatMap((t) =>
      Object.entries(t.inputSchema).filter(([, schema]) => !(schema as z.ZodType).description).map(([field]) => `${t.name}.${field}`));
    assert.deepEqual(undescribed, []);
    assert.ok(TOOLS.every((t) => typeof t.annotations.readOnlyHint === 'boolean'));
  });

  it('keeps every tool in src/mcp/tools/<camelCaseName>.ts, exporting it as `tool`', async () => {
    for (const t of TOOLS) {
      const module = await import(path.join(ROOT, 'src', 'mcp', 'tools', `${fileNameOf(t.name)}.ts`)) as { tool?: unknown };
      assert.equal(module.tool, t, `${t.name} should be the \`tool\` export of src/mcp/tools/${fileNameOf(t.name)}.ts`);
    }
  });

  it('has a test for every tool that calls it through a real SDK client', () => {
    const missing = TOOLS.map((t) => t.name).filter((name) => {
      const file = path.join(__dirname, 'tools', `${fileNameOf(name)}.test.ts`);
      return !fs.existsSync(file) || !/\bconnect\(/.test(fs.readFileSync(file, 'utf8'));
    });
    assert.deepEqual(missing, [], 'write test/mcp/tools/<toolName>.test.ts (camelCase) with a case through connect() (mcpHarness)');
  });

  it('renders one row per tool, marking optional arguments and escaping pipes', () => {
    const tool = defineTool({
      name: 'demo', title: 't', category: 'Discovery', description: 'a | b\nc', annotations: { readOnlyHint: false },
      outputSchema: objectOutput({}),
      inputSchema: { need: z.string().describe('x'), maybe: z.string().optional().describe('y'), fallback: z.number().default(3).describe('z') },
      handler: () => ({ result: {} }),
    });
    assert.equal(argumentList(tool as never), '`need`, `maybe?`, `fallback?`');
    assert.equal(renderToolTable([tool as never]).split('\n')[2], '| `demo` | Discovery | `need`, `maybe?`, `fallback?` | no | a \\| b c |');
  });

  it('replaces and reads what stands between markers, and says when they are missing', () => {
    const markers = { start: '<!-- a -->', end: '<!-- b -->' };
    const text = 'x\n<!-- a -->\nold\n<!-- b -->\ny';
    const replaced = replaceBetweenMarkers(text, markers, 'new\nrows');
    assert.equal(replaced, 'x\n<!-- a -->\nnew\nrows\n<!-- b -->\ny');
    assert.equal(betweenMarkers(replaced, markers), 'new\nrows');
    assert.equal(betweenMarkers('none', markers), undefined);
    assert.throws(() => replaceBetweenMarkers('none', markers, ''), /mcp\/toolTable: markers <!-- a --> \.\.\. <!-- b --> not found/);
  });
});
