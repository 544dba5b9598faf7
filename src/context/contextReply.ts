import type { ContextResult } from './contextBuilder';
import { ContextInputError } from './errors';
import { exactTokenCount } from './tokenCount';

/** SPEC 4.7's result shape. */
export interface ContextReply {
  readonly content: string;
  readonly token_count: number;
  readonly symbols_included: number;
  readonly symbols_available: number;
}

export function contextReply(result: ContextResult): ContextReply {
  return {
    content: result.content,
    token_count: result.tokenCount,
    symbols_included: result.symbolsIncluded,
    symbols_available: result.symbolsAvailable,
  };
}

/**
 * JSON escaping (`\n`, `\"`, `\t`) adds about 10% to a context's tokens, so a budget is
 * first cut to this share of the reply limit; below half the limit no check is needed.
 */
const JSON_GROWTH = 1.12;
const ATTEMPTS = 3;

/** The largest budget a reply limit holds before any JSON is measured (22,264 for the default 24,936). */
export function largestBudget(maxTokens: number): number {
  return Math.floor(maxTokens / JSON_GROWTH);
}

/** The budget a context was built with, and why it differs from the one asked for. */
export interface BudgetUsed {
  readonly requested: number;
  readonly used: number;
  /**
   * Why `used` is lower: `limit`, the requested budget was above the share of the reply
   * limit content may take; `json`, the JSON of the reply came out over the limit and the
   * budget was cut again. Absent when the budget is the one requested.
   */
  readonly lowered?: 'limit' | 'json';
}

/** A context reply and the budget it was built with. */
export interface BudgetedReply {
  readonly reply: ContextReply;
  readonly budget: BudgetUsed;
}

/**
 * Builds a context whose reply fits `maxTokens` twice over: as the content text and as the
 * JSON of the SPEC result (a client may show either). The requested budget is lowered to
 * what fits; when the JSON still comes out over the limit, the budget shrinks by the
 * measured ratio and the context is built again. The budget used is returned with the
 * reply, so the caller can say that it was lowered and why, never silently.
 */
export function buildWithinLimit(build: (budget: number) => ContextResult, requested: number, maxTokens: number): BudgetedReply {
  if (!Number.isInteger(maxTokens) || maxTokens < 1) throw new Error('context/contextReply: maxTokens must be a positive integer');
  let budget = Math.min(requested, largestBudget(maxTokens));
  let lowered: BudgetUsed['lowered'] = budget < requested ? 'limit' : undefined;
  const done = (reply: ContextReply): BudgetedReply => ({ reply, budget: { requested, used: budget, ...(lowered ? { lowered } : {}) } });
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const reply = contextReply(build(budget));
    if (reply.token_count * 2 <= maxTokens) return done(reply);
    const jsonTokens = exactTokenCount(JSON.stringify(reply));
    if (jsonTokens <= maxTokens) return done(reply);
    budget = Math.floor((budget * maxTokens * 0.98) / jsonTokens);
    lowered = 'json';
  }
  throw new ContextInputError('token_budget', `no context of this request fits the ${maxTokens}-token reply limit as JSON; ask for a smaller token_budget`);
}
