/**
 * A request the caller can fix, naming the argument at fault ("files: not indexed: a.ts").
 * The MCP tools turn it into a ToolError; src/context does not depend on src/mcp.
 */
export class ContextInputError extends Error {
  constructor(readonly argument: string, detail: string) {
    super(`${argument}: ${detail}`);
    this.name = 'ContextInputError';
  }
}
