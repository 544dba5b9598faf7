import { CONTEXT_OUTPUT, DEFAULT_CONTEXT_BUDGET, filesContextHandler, filesContextInput } from '../contextTools';
import { defineTool } from '../tool';

/** SPEC 4.7 context_for_files. */
export const tool = defineTool({
  name: 'context_for_files',
  title: 'Context for changed files',
  category: 'Context',
  description:
    'Blast-radius context for changed files: the symbols of those files seed a random walk with restart that leans '
    + 'towards their callers, weighted by runtime observations; related symbols are ranked by edge weight (SPEC 2.5), '
    + 'graph distance, runtime traffic and feedback, and the best per token fill token_budget with their relations and '
    + 'source lines. Unknown paths are an error naming them. A budget above what the reply cap holds is lowered to fit '
    + 'it, and _meta["ckg/budget"] says so. '
    + 'Symbols runtime edges can name carry the SPEC 4.10.3 traffic report: observed (count, provenance, confidence '
    + 'band), confirmed zero traffic, or unknown (no data).',
  inputSchema: filesContextInput('Comma-separated changed file paths relative to the repository root, e.g. `src/cart.ts,src/price.ts`', DEFAULT_CONTEXT_BUDGET),
  outputSchema: CONTEXT_OUTPUT,
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler: filesContextHandler('files'),
});
