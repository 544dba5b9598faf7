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
