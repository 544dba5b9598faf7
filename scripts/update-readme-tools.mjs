// Regenerates the tables generated from the code: the tool tables in README.md (SPEC's 22,
// and the opt-in extra tools) and the plan_turn rules in docs/mcp.md. Run with tsx, which loads the TypeScript sources:
//   node --import tsx scripts/update-readme-tools.mjs          (rewrite)
//   node --import tsx scripts/update-readme-tools.mjs --check  (exit 1 on drift)
import * as fs from 'node:fs';
import * as path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const tables = await import(path.join(root, 'src/mcp/toolTable.ts'));
const {
  EXTRA_TOOL_TABLE_MARKERS, PLAN_TABLE_MARKERS, TOOL_TABLE_MARKERS, renderExtraToolTable, renderPlanRuleTable, renderToolTable, replaceBetweenMarkers,
} = tables.default ?? tables;

const targets = [
  { file: 'README.md', markers: TOOL_TABLE_MARKERS, render: () => renderToolTable() },
  { file: 'README.md', markers: EXTRA_TOOL_TABLE_MARKERS, render: renderExtraToolTable },
  { file: 'docs/mcp.md', markers: PLAN_TABLE_MARKERS, render: renderPlanRuleTable },
];
const check = process.argv.includes('--check');
let drift = false;
for (const { file, markers, render } of targets) {
  const full = path.join(root, file);
  const before = fs.readFileSync(full, 'utf8');
  const after = replaceBetweenMarkers(before, markers, render());
  if (before === after) continue;
  drift = true;
  if (check) process.stderr.write(`${file}: the generated table is out of date\n`);
  else {
    fs.writeFileSync(full, after);
    process.stderr.write(`${file}: table updated\n`);
  }
}
process.exitCode = check && drift ? 1 : 0;
