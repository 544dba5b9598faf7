import { CkgError } from '../model';

/**
 * A request the caller can fix, naming the argument at fault ("files: not indexed: a.ts").
 * Its code, `invalid_argument`, makes the MCP server reply with the message, as it does
 * for a ToolError; src/context does not depend on src/mcp.
 */
export class ContextInputError extends CkgError {
  readonly code = 'invalid_argument';

  constructor(readonly argument: string, detail: string) {
    super(`${argument}: ${detail}`);
    this.name = 'ContextInputError';
  }
}
