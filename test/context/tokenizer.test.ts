import * as assert from 'node:assert/strict';
import { exactTokenCount } from '../../src/context/tokenCount';
import { countTokens } from '../../src/context/tokenizer';

describe('context/tokenizer', () => {
  it('counts cl100k tokens', () => {
    assert.equal(countTokens(''), 0);
    assert.equal(countTokens('hello world'), 2);
  });

  it('counts special-token text as plain text instead of refusing it', () => {
    const text = 'const end = "<|endoftext|>"; // a marker some files hold';
    assert.ok(countTokens(text) > 10);
    assert.equal(exactTokenCount(text), countTokens(text));
  });
});

describe('context/tokenizer on pathological input', () => {
  it('counts a 100k-character piece quickly, in chunks', function () {
    this.timeout(60_000);
    const started = Date.now();
    const count = countTokens('x'.repeat(100_000));
    assert.ok(count > 0);
    // A correctness bound, not a timing assertion: unchunked BPE would take minutes here.
    assert.ok(Date.now() - started < 30_000);
    assert.equal(exactTokenCount('a '.repeat(10) + 'y'.repeat(5000)), countTokens('a '.repeat(10) + 'y'.repeat(5000)));
  });
});
