import { z } from 'zod';
import { type ContextSources, buildTaskContext } from '../../context/contextBuilder';
import { buildWithinLimit } from '../../context/contextReply';
import type { FeedbackLookup } from '../../context/ranking';
import { CONTEXT_FORMATS, DEFAULT_FORMAT } from '../../context/formats';
import { trafficLookup } from '../../query/trafficLookup';
import { choiceArg, positiveIntArg, textArg } from '../args';
import { REPLY_CAP_DEFAULTS } from '../replyCap';
import { type ToolDeps, defineTool } from '../tool';
import { integer, objectOutput } from '../wire';

/** SPEC §8 default budget of context_for_task and context_for_files. */
export const DEFAULT_CONTEXT_BUDGET = 50_000;
/** The largest budget accepted; replies are capped lower anyway (DESIGN §5). */
export const MAX_CONTEXT_BUDGET = 1_000_000;

export const FORMAT_DESCRIPTION =
  'Output format: xml, json and markdown are readable; gcf is a compact line format (fewest tokens); gcb is binary, base64 '
  + 'in content (docs/formats.md)';

/** What the three context tools reply: SPEC 4.7 names these fields and leaves more open. */
export const CONTEXT_OUTPUT = objectOutput({
  content: z.string(), token_count: integer, symbols_included: integer, symbols_available: integer,
});

/** The budget the reply can actually hold: the reply cap less the envelope's reserve. */
export function replyLimit(deps: ToolDeps): number {
  return deps.replyTokenCap - REPLY_CAP_DEFAULTS.reserve;
}

/**
 * Ranking inputs from the store: feedback votes when it keeps them. Votes are few (one
 * per symbol an agent judged), so all of them are read before ranking starts.
 */
export async function feedbackOf(deps: ToolDeps): Promise<FeedbackLookup | undefined> {
  const store = deps.store();
  if (!store.capabilities.feedback) return undefined;
  const votes = await store.feedbackCounts('all');
  return (hashes) => new Map(hashes.flatMap((hash) => {
    const counts = votes.get(hash);
    return counts ? [[hash, counts] as const] : [];
  }));
}

/**
 * What a context is built from: the live view, feedback votes, and the SPEC 4.10.3
 * traffic report of each symbol when the store keeps runtime edges.
 */
export async function contextSources(deps: ToolDeps): Promise<ContextSources> {
  const view = await deps.graphs.liveView();
  return { view, feedback: await feedbackOf(deps), traffic: await trafficLookup(deps, view) };
}

/** SPEC 4.7 context_for_task. */
export const tool = defineTool({
  name: 'context_for_task',
  title: 'Context for a task',
  category: 'Context',
  description:
    'Graph-ranked, token-budgeted context for a natural-language task: symbols whose names, paths, signatures and doc '
    + 'comments match the task (BM25) seed a random walk with restart over calls, implements, references and imports '
    + '(both directions, runtime traffic and feedback boost the ranking); the best symbols per token fill token_budget, '
    + 'each with kind, file:line, signature, doc, callers/callees/types and its source lines. token_count is the exact '
    + 'cl100k count of content; budgets above the reply cap are lowered to fit it. '
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
    const result = buildWithinLimit(
      (tokenBudget) => buildTaskContext(sources, { description: task_description, tokenBudget, format }),
      token_budget, replyLimit(deps),
    );
    return { result, text: result.content };
  },
});
