import { CONTEXT_OUTPUT, filesContextHandler, filesContextInput } from '../contextTools';
import { defineTool } from '../tool';

/** SPEC §8 default budget of context_for_pr. */
export const DEFAULT_PR_BUDGET = 8_000;

/** SPEC 4.7 context_for_pr. */
export const tool = defineTool({
  name: 'context_for_pr',
  title: 'Context for a pull request',
  category: 'Context',
  description:
    'Relationship-aware context for a pull request: the symbols of the changed files seed a random walk with restart '
    + '(callers, callees and related types alike); symbols are ranked by graph proximity, runtime traffic and feedback, '
    + 'and the best per token fill token_budget (default 8000) with their relations and source lines. Unknown paths are '
    + 'an error naming them. A budget above what the reply cap holds is lowered to fit it, and _meta["ckg/budget"] says so. '
    + 'Symbols runtime edges can name carry the SPEC 4.10.3 traffic report: observed (count, provenance, confidence '
    + 'band), confirmed zero traffic, or unknown (no data).',
  inputSchema: filesContextInput('Comma-separated file paths from the PR diff, relative to the repository root', DEFAULT_PR_BUDGET),
  outputSchema: CONTEXT_OUTPUT,
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  handler: filesContextHandler('pr'),
});
