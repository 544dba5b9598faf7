import * as assert from 'node:assert/strict';
import { countTokens } from '../../src/context/tokenizer';
import { ReplyTooLargeError, capReply, cutLists, isListResult, listResult, measureText, narrowingHint } from '../../src/mcp/replyCap';

const node = (i: number) => ({ NodeHash: i.toString(16).padStart(64, '0'), QualifiedName: `github.com/acme/shop://src/cart.fn${i}`, Kind: 'function', Line: i });
const tokens = (reply: { structured: unknown; text: readonly string[] }): number =>
  Math.max(countTokens(JSON.stringify(reply.structured)), countTokens(reply.text.join('\n')));

describe('mcp/replyCap', () => {
  it('passes a small result through: arrays wrapped, objects as they are', () => {
    assert.deepEqual(capReply([1, 2], { tokenCap: 1000 }), { structured: { items: [1, 2], truncated: false }, text: ['[1,2]'], truncated: false });
    assert.deepEqual(capReply({ a: [1] }, { tokenCap: 1000 }), { structured: { a: [1] }, text: ['{"a":[1]}'], truncated: false });
    assert.deepEqual(capReply({ a: 1 }, { tokenCap: 1000, text: 'plain' }).text, ['plain']);
  });

  it('cuts a long list under the cap, says so and how to narrow, and keeps the longest prefix that fits', () => {
    const items = Array.from({ length: 2000 }, (_, i) => node(i));
    const reply = capReply(items, { tokenCap: 5000, narrow: 'narrow the call with a longer prefix' });
    const structured = reply.structured as { items: unknown[]; truncated: boolean; hint: string };
    assert.equal(reply.truncated, true);
    assert.equal(structured.truncated, true);
    assert.match(structured.hint, /^truncated: the reply was over the 5000-token cap, so every list was cut to at most \d+ entries \(the longest had 2000\); narrow the call with a longer prefix\.$/);
    assert.ok(tokens(reply) <= 5000);
    assert.deepEqual(structured.items, items.slice(0, structured.items.length));
    assert.ok(structured.items.length > 2000 * 0.6 * (5000 / countTokens(JSON.stringify(items))), 'close to the most that fits');
    assert.deepEqual(JSON.parse(reply.text[0]), structured.items);
    assert.equal(reply.text[1], structured.hint);
  });

  it('cuts nested lists of an object result, marking SPEC flags of its own', () => {
    const result = { Target: node(0), ByRepo: { a: Array.from({ length: 900 }, (_, i) => ({ Caller: node(i), Depth: 1 })) }, TotalCount: 900, Truncated: false };
    const reply = capReply(result, { tokenCap: 3000 });
    const structured = reply.structured as typeof result & { truncated: boolean; hint: string };
    assert.equal(structured.Truncated, true);
    assert.equal(structured.truncated, true);
    assert.equal(structured.TotalCount, 900, 'scalars are kept');
    assert.ok(structured.ByRepo.a.length < 900 && structured.ByRepo.a.length > 10);
    const spec = JSON.parse(reply.text[0]);
    assert.equal(spec.Truncated, true);
    assert.equal(spec.hint, undefined, 'the text rendering is the SPEC shape; the hint is its own block');
    assert.ok(tokens(reply) <= 3000);
  });

  it('keeps a handler\'s own truncation and joins both hints', () => {
    const handlerCut = listResult([1, 2, 3], 'truncated: more than 3.');
    assert.ok(isListResult(handlerCut));
    assert.ok(!isListResult([1]));
    assert.deepEqual(capReply(handlerCut, { tokenCap: 1000 }).structured, { items: [1, 2, 3], truncated: true, hint: 'truncated: more than 3.' });
    const big = listResult(Array.from({ length: 3000 }, (_, i) => node(i)), 'truncated: more than 3000.');
    const hint = (capReply(big, { tokenCap: 2000 }).structured as { hint: string }).hint;
    assert.match(hint, /^truncated: more than 3000\. truncated: the reply was over the 2000-token cap/);
  });

  it('never overruns when its byte estimate misjudges an uneven reply: what it returns is counted exactly', () => {
    // Cheap runs (a few tokens per hundred bytes) with dense stretches (about a token per byte) between them.
    const dense = (i: number) => Array.from({ length: 120 }, (_, k) => `${(i * 7 + k) % 10}`).join(' ');
    const items = Array.from({ length: 600 }, (_, i) => (i % 50 < 45 ? 'x'.repeat(400) : dense(i)));
    for (const tokenCap of [1500, 4000, 9000]) {
      const reply = capReply(items, { tokenCap });
      assert.equal(reply.truncated, true);
      assert.ok(tokens(reply) <= tokenCap, `${tokens(reply)} tokens under a ${tokenCap}-token cap`);
      assert.ok((reply.structured as { items: unknown[] }).items.length > 0);
    }
  });

  it('decides that a text fits only by its bytes or an exact count, never by a sampled estimate', () => {
    // Cheap where the eight 1,024-character samples fall, dense in the gaps between them.
    const length = 64 * 1024;
    const step = Math.floor((length - 1024) / 7);
    const chars = Array.from({ length }, (_, at) => (at % step < 1024 || at >= 7 * step ? 'x' : String(at % 10)));
    const text = chars.join('');
    const exact = countTokens(text);
    const sampledGuess = Math.round(countTokens('x'.repeat(8 * 1024)) / (8 * 1024) * length);
    assert.ok(sampledGuess * 2 < exact, `the samples must understate this text (${sampledGuess} against ${exact})`);
    assert.deepEqual(measureText(text, exact - 1).fits, false);
    assert.deepEqual(measureText(text, exact).fits, true);
    assert.deepEqual(measureText('y'.repeat(200), 40), { fits: false, overByEstimate: false, tokensPerByte: countTokens('y'.repeat(200)) / 200 });
    assert.equal(measureText('word '.repeat(40_000), 1000).overByEstimate, true, 'far over by its samples: no exact count');
  });

  it('refuses, rather than overruns, when no cut fits', () => {
    assert.throws(() => capReply({ content: 'word '.repeat(5000) }, { tokenCap: 500 }), ReplyTooLargeError);
    assert.throws(() => capReply({ content: 'words and more '.repeat(3_000_000) }, { tokenCap: 500, narrow: 'lower token_budget' }), /over the 500-token reply cap even with every list emptied; lower token_budget/);
  });

  it('validates the cap', () => {
    assert.throws(() => capReply([], { tokenCap: 10 }), /mcp\/replyCap: tokenCap must be an integer above 64/);
    assert.throws(() => capReply([], { tokenCap: 1000.5 }), /mcp\/replyCap: tokenCap/);
  });

  it('copies with every list cut', () => {
    const value = { a: [1, 2, 3], b: { c: [[1, 2, 3], [4]] }, d: 'x' };
    assert.deepEqual(cutLists(value, 1), { a: [1], b: { c: [[1]] }, d: 'x' });
    assert.deepEqual(value.a, [1, 2, 3], 'the input is not modified');
  });

  it('names the arguments that narrow a tool', () => {
    assert.equal(narrowingHint(['target_hash', 'max_depth']), 'narrow the call with a smaller max_depth');
    assert.equal(narrowingHint(['files', 'token_budget']), 'narrow the call with fewer files or a smaller token_budget');
    assert.equal(narrowingHint(['repo_hash']), 'narrow the request');
  });
});
