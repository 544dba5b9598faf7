import { buildTaskContext } from '../../context/contextBuilder';
import { buildWithinLimit, largestBudget } from '../../context/contextReply';
import { CONTEXT_FORMATS, DEFAULT_FORMAT } from '../../context/formats';
import { choiceArg, positiveIntArg, textArg } from '../args';
import {
  CONTEXT_OUTPUT, DEFAULT_CONTEXT_BUDGET, FORMAT_DESCRIPTION, MAX_CONTEXT_BUDGET, contextOutput, contextSources, replyLimit,
} from '../contextTools';
import { REPLY_CAP_DEFAULTS } from '../replyCap';
import { defineTool } from '../tool';

/** SPEC 4.7 context_for_task. */
export const tool = defineTool({
  name: 'context_for_task',
  title: 'Context for a task',
  category: 'Context',
  description:
    'Graph-ranked, token-budgeted context for a natural-language task: symbols whose names, paths, signatures and doc '
    + 'comments match the task (BM25) seed a random walk with restart over calls, implements, references and imports '
    + '(both directions; a symbol\'s walk score is divided by sqrt(1 + its callers), test code ranks below product '
    + 'code unless the task speaks of tests, runtime traffic and feedback boost the ranking); the best symbols per token fill token_budget, '
    + 'each with kind, file:line, signature, doc, callers/callees/types and its source lines. token_count is the exact '
    + 'cl100k count of content. A budget above what the reply cap holds '
    + `(${largestBudget(REPLY_CAP_DEFAULTS.tokenCap - REPLY_CAP_DEFAULTS.reserve)} at the default ${REPLY_CAP_DEFAULTS.tokenCap}-token cap) is `
    + 'lowered to fit it: _meta["ckg/budget"] says {requested, used, reason} and the text says so. '
    + 'Symbols runtime edges can name carry the SPEC 4.10.3 traffic report: observed (count, provenance, confidence '
    + 'band), confirmed zero traffic, or unknown (no data).',
  inputSchema: {
    task_description: textArg('task_description', 'What the task is about, in natural language; identifiers help'),
    token_budget: positiveIntArg('token_budget', {
      default: DEFAULT_CONTEXT_BUDGET, max: MAX_CONTEXT_BUDGET, description: 'Tokens the content may take (cl100k)',
    }),
    format: choiceArg('format', CONTEXT_FORMATS, DEFAULT_FORMAT, FORMAT_DESCRIPTION),
  },
  outputSchema: CONTEXT_OUTPUT,
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  async handler({ task_description, token_budget, format }, deps) {
    const sources = await contextSources(deps);
    const built = buildWithinLimit(
      (tokenBudget) => buildTaskContext(sources, { description: task_description, tokenBudget, format }),
      token_budget, replyLimit(deps),
    );
    return contextOutput(built, deps);
  },
});
