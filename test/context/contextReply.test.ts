import * as assert from 'node:assert/strict';
import type { ContextResult } from '../../src/context/contextBuilder';
import { buildWithinLimit, contextReply, largestBudget } from '../../src/context/contextReply';
import { ContextInputError } from '../../src/context/errors';
import { countTokens } from '../../src/context/tokenizer';

/** A fake build: content of about `budget` tokens, full of quotes and line breaks that JSON escapes. */
function fakeBuild(calls: number[]) {
  return (budget: number): ContextResult => {
    calls.push(budget);
    const content = Array.from({ length: Math.floor(budget / 6) }, (_, i) => `"k${i % 10}":\n\t"v"`).join('');
    return { content, tokenCount: countTokens(content), symbolsIncluded: 1, symbolsAvailable: 2 };
  };
}

describe('context/contextReply', () => {
  it('maps a result to the SPEC 4.7 shape', () => {
    assert.deepEqual(contextReply({ content: 'x', tokenCount: 1, symbolsIncluded: 2, symbolsAvailable: 3 }),
      { content: 'x', token_count: 1, symbols_included: 2, symbols_available: 3 });
  });

  it('keeps a budget far below the limit as asked, without counting the JSON', () => {
    const calls: number[] = [];
    assert.deepEqual(buildWithinLimit(fakeBuild(calls), 800, 24_936).budget, { requested: 800, used: 800 });
    assert.deepEqual(calls, [800]);
  });

  it('lowers a budget above the limit until the JSON of the reply fits', () => {
    const calls: number[] = [];
    const { reply, budget } = buildWithinLimit(fakeBuild(calls), 50_000, 3000);
    assert.ok(calls[0] < 3000, `first budget ${calls[0]}`);
    assert.deepEqual(budget, { requested: 50_000, used: calls.at(-1), lowered: 'json' }, 'the budget used is the last one built');
    assert.ok(countTokens(JSON.stringify(reply)) <= 3000);
    assert.ok(reply.token_count <= 3000);
    assert.ok(calls.length >= 2, 'the escaped quotes and breaks made the first attempt too big');
  });

  it('says a budget above the limit was lowered, to the largest the limit holds', () => {
    const calls: number[] = [];
    assert.equal(largestBudget(24_936), 22_264, 'the default 25,000-token cap less the 64-token reserve');
    const plain = (budget: number): ContextResult => {
      calls.push(budget);
      const content = 'word '.repeat(budget - 10);
      return { content, tokenCount: countTokens(content), symbolsIncluded: 1, symbolsAvailable: 2 };
    };
    assert.deepEqual(buildWithinLimit(plain, 50_000, 24_936).budget, { requested: 50_000, used: 22_264, lowered: 'limit' });
    assert.deepEqual(calls, [22_264]);
  });

  it('gives up with an error naming token_budget when nothing fits', () => {
    const huge = (): ContextResult => {
      const content = '"\n'.repeat(40);
      return { content, tokenCount: countTokens(content), symbolsIncluded: 0, symbolsAvailable: 0 };
    };
    assert.throws(() => buildWithinLimit(huge, 10, 10),
      (e: Error) => e instanceof ContextInputError && e.argument === 'token_budget' && /reply limit/.test(e.message));
    assert.throws(() => buildWithinLimit(huge, 10, 0), { message: 'context/contextReply: maxTokens must be a positive integer' });
  });
});
