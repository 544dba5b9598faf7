import cl100k from 'js-tiktoken/ranks/cl100k_base';
import { countPiece } from './tokenizer';

/**
 * countTokens, exactly, but fast on code. cl100k first splits text with one regular
 * expression, then byte-pair-encodes each piece on its own, so a text's count is the sum
 * of its pieces' counts. Code repeats its pieces (identifiers, operators, indentation)
 * endlessly, so each piece's count is memoised; a new piece is counted by countPiece,
 * as countTokens counts it. A piece re-matches as itself when split alone (the only lookahead in the
 * pattern, `\s+(?!\S)`, sees the same as in context), so the sum is countTokens(text):
 * test/context/tokenCount.test.ts checks it on real files. Special-token text
 * (`<|endoftext|>`) is plain text to countTokens, so it splits like any other.
 */
const PIECES = new RegExp(cl100k.pat_str, 'gu');
const memo = new Map<string, number>();
const MEMO_LIMIT = 200_000;

export function exactTokenCount(text: string): number {
  if (text.length === 0) return 0;
  let total = 0;
  for (const match of text.matchAll(PIECES)) {
    const piece = match[0];
    let count = memo.get(piece);
    if (count === undefined) {
      count = countPiece(piece);
      if (memo.size >= MEMO_LIMIT) memo.clear();
      memo.set(piece, count);
    }
    total += count;
  }
  return total;
}
