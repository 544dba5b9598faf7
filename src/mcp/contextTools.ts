import { z } from 'zod';
import { type ContextSources, buildFilesContext } from '../context/contextBuilder';
import { type BudgetedReply, buildWithinLimit } from '../context/contextReply';
import { CONTEXT_FORMATS, DEFAULT_FORMAT } from '../context/formats';
import type { FeedbackLookup } from '../context/ranking';
import { trafficLookup } from '../query/trafficLookup';
import { choiceArg, optionalTextArg, pathListArg, positiveIntArg } from './args';
import { REPLY_CAP_DEFAULTS } from './replyCap';
import type { ToolDeps, ToolOutput } from './tool';
import { integer, objectOutput } from './wire';

/** What the three context tools (SPEC 4.7) share: budgets, format, reply shape and sources. */

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

/** `_meta` key of the budget a context tool used: `{ requested, used, reason }`. */
export const BUDGET_META_KEY = 'ckg/budget';

/**
 * A context tool's reply: the SPEC result, its content as the text, and the budget it was
 * built with in `_meta`. A budget lowered to fit the reply cap is said once in the text
 * too, so an agent that asked for more knows why it got less.
 */
export function contextOutput({ reply, budget }: BudgetedReply, deps: ToolDeps): ToolOutput {
  const cap = deps.replyTokenCap;
  const reason = budget.lowered === undefined ? 'as requested'
    : budget.lowered === 'limit' ? `reply cap ${cap} tokens` : `reply cap ${cap} tokens, counted as JSON`;
  const note = budget.lowered === undefined ? [] : [
    `token_budget ${budget.requested} was lowered to ${budget.used}: a reply must fit the ${cap}-token reply cap both as `
    + 'text and as JSON (JSON escaping adds about 10%). The server\'s --reply-token-cap sets the cap.',
  ];
  return {
    result: reply,
    text: reply.content,
    notes: note,
    meta: { [BUDGET_META_KEY]: { requested: budget.requested, used: budget.used, reason } },
  };
}

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

/** The input of the two tools that start from changed files (context_for_files, context_for_pr). */
export function filesContextInput(filesDescription: string, defaultBudget: number) {
  return {
    files: pathListArg('files', filesDescription),
    repo_url: optionalTextArg('repo_url', 'Repository URL the paths belong to; needed when several indexed repositories have one of the paths'),
    token_budget: positiveIntArg('token_budget', {
      default: defaultBudget, max: MAX_CONTEXT_BUDGET, description: 'Tokens the content may take (cl100k)',
    }),
    format: choiceArg('format', CONTEXT_FORMATS, DEFAULT_FORMAT, FORMAT_DESCRIPTION),
  };
}

/** The handler of a files tool: the files' symbols seed the walk, leaning as `mode` says. */
export function filesContextHandler(mode: 'files' | 'pr') {
  return async (
    { files, repo_url, token_budget, format }: { files: string | string[]; repo_url?: string; token_budget: number; format: (typeof CONTEXT_FORMATS)[number] },
    deps: ToolDeps,
  ): Promise<ToolOutput> => {
    const sources = await contextSources(deps);
    const built = buildWithinLimit(
      (tokenBudget) => buildFilesContext(sources, { files, repoUrl: repo_url, tokenBudget, format, mode }),
      token_budget, replyLimit(deps),
    );
    return contextOutput(built, deps);
  };
}
