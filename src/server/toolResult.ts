import type { ToolCallResult } from './protocol';

/**
 * A tool's result in its SPEC shape. MCP structured content is always an object, so a
 * list result arrives as `{ items, truncated, hint? }` (docs/mcp.md), possibly with
 * fields of its own beside them (cross_repo_callers' runtime layer, stale_edges' counts),
 * and is unwrapped to its items here; an object result is the structured content itself. The text is not parsed: it is
 * a rendering, and for context tools it is the content block (JSON in the json format).
 * A tool error becomes an exception with its message.
 */
export function specResult<T>(result: ToolCallResult): T {
  if (result.isError) throw new Error(result.text);
  const structured = result.structured;
  if (typeof structured !== 'object' || structured === null) {
    throw new Error(`tool reply: expected structured content, got ${structured === undefined ? 'none' : typeof structured}`);
  }
  const record = structured as Record<string, unknown>;
  const isList = Array.isArray(record.items) && typeof record.truncated === 'boolean';
  return (isList ? record.items : record) as T;
}
