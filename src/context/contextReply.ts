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

/**
 * Builds a context whose reply fits `maxTokens` twice over: as the content text and as the
 * JSON of the SPEC result (a client may show either). The requested budget is lowered to
 * what fits; when the JSON still comes out over the limit, the budget shrinks by the
 * measured ratio and the context is built again.
 */
export function buildWithinLimit(build: (budget: number) => ContextResult, requested: number, maxTokens: number): ContextReply {
  if (!Number.isInteger(maxTokens) || maxTokens < 1) throw new Error('context/contextReply: maxTokens must be a positive integer');
  let budget = Math.min(requested, Math.floor(maxTokens / JSON_GROWTH));
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const reply = contextReply(build(budget));
    if (reply.token_count * 2 <= maxTokens) return reply;
    const jsonTokens = exactTokenCount(JSON.stringify(reply));
    if (jsonTokens <= maxTokens) return reply;
    budget = Math.floor((budget * maxTokens * 0.98) / jsonTokens);
  }
  throw new ContextInputError('token_budget', `no context of this request fits the ${maxTokens}-token reply limit as JSON; ask for a smaller token_budget`);
}
