import type { ZodType } from 'zod';
import { EXTRA_TOOLS, TOOLS } from './registry';
import type { ToolDefinition } from './tool';
import { PLAN_RULES } from './tools/planTurn';

/**
 * Markdown tables generated from the code, so documentation cannot drift from what the
 * server serves: the tool table in README.md and the plan_turn rules in docs/mcp.md sit
 * between markers, and a test compares them with these renderings
 * (`node --import tsx scripts/update-readme-tools.mjs` rewrites them).
 */
export const TOOL_TABLE_MARKERS = { start: '<!-- tools:start -->', end: '<!-- tools:end -->' };
export const PLAN_TABLE_MARKERS = { start: '<!-- plan-rules:start -->', end: '<!-- plan-rules:end -->' };
/** The opt-in tools beyond SPEC's 22 (`--extra-tools`), in a table of their own in README.md. */
export const EXTRA_TOOL_TABLE_MARKERS = { start: '<!-- extra-tools:start -->', end: '<!-- extra-tools:end -->' };

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
}

/** `name` for a required argument, `name?` for an optional one (it has a default or may be omitted). */
export function argumentList(tool: ToolDefinition): string {
  const names = Object.entries(tool.inputSchema).map(([name, schema]) =>
    (schema as ZodType).safeParse(undefined).success ? `${name}?` : name);
  return names.length > 0 ? names.map((n) => `\`${n}\``).join(', ') : '(none)';
}

export function renderToolTable(tools: readonly ToolDefinition[] = TOOLS): string {
  const rows = tools.map((t) =>
    `| \`${t.name}\` | ${t.category} | ${argumentList(t)} | ${t.annotations.readOnlyHint ? 'yes' : 'no'} | ${cell(t.description)} |`);
  return ['| Tool | Category | Arguments | Read-only | What it does |', '|---|---|---|---|---|', ...rows].join('\n');
}

/** The README table of the opt-in tools: the same columns as the SPEC tools'. */
export function renderExtraToolTable(): string {
  return renderToolTable(EXTRA_TOOLS);
}

export function renderPlanRuleTable(): string {
  const rows = PLAN_RULES.map((r) => {
    const phrases = Object.entries(r.phrases).map(([p, w]) => `${p} (${w})`).join(', ');
    return `| \`${r.tool}\` | ${cell(phrases)} | ${cell(r.example)} |`;
  });
  return ['| Tool | Phrases (weight) | Example task ranked first |', '|---|---|---|', ...rows].join('\n');
}

/** Replaces what stands between two marker lines; throws when the markers are missing. */
export function replaceBetweenMarkers(text: string, markers: { start: string; end: string }, body: string): string {
  const start = text.indexOf(markers.start);
  const end = text.indexOf(markers.end);
  if (start < 0 || end < start) throw new Error(`mcp/toolTable: markers ${markers.start} ... ${markers.end} not found`);
  return `${text.slice(0, start + markers.start.length)}\n${body}\n${text.slice(end)}`;
}

/** The text between two markers, without the surrounding newlines; undefined when absent. */
export function betweenMarkers(text: string, markers: { start: string; end: string }): string | undefined {
  const start = text.indexOf(markers.start);
  const end = text.indexOf(markers.end);
  if (start < 0 || end < start) return undefined;
  return text.slice(start + markers.start.length, end).replace(/^\n/, '').replace(/\n$/, '');
}
