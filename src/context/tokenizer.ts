import { Tiktoken } from 'js-tiktoken/lite';
import cl100k from 'js-tiktoken/ranks/cl100k_base';
import { bytePairCount } from './bytePairCount';

/**
 * Token counts with a real BPE tokenizer (cl100k_base, shipped in the package: nothing is
 * downloaded). Budgets and reply caps are counted with it, so `token_count` is what a
 * model of that family would see. Loading the ranks takes a few hundred ms: done once,
 * on first use.
 *
 * Byte-pair encoding in js-tiktoken is quadratic in the length of a single pre-tokenizer
 * piece, and a minified file or a base64 blob can hold a piece of 100k characters (16k of
 * one letter took 26 s). Pieces longer than LONG_PIECE characters are therefore merged by
 * bytePairCount.ts, which makes the same merges with a heap: the count stays exact
 * (countTokens(text) = the encoder's token count of text, whatever its pieces).
 */
export const LONG_PIECE = 64;
const PIECES = new RegExp(cl100k.pat_str, 'gu');
let encoder: Tiktoken | undefined;

function tokenizer(): Tiktoken {
  encoder ??= new Tiktoken(cl100k);
  return encoder;
}

/** Special-token text (`<|endoftext|>` in a source file) counts as the plain text it is. */
function encodedLength(text: string): number {
  return tokenizer().encode(text, [], []).length;
}

/** The cl100k token count of a text, exactly as the encoder counts it (special-token text as plain text). */
export function countTokens(text: string): number {
  if (text.length === 0) return 0;
  if (text.length <= LONG_PIECE) return encodedLength(text);
  let total = 0;
  for (const match of text.matchAll(PIECES)) total += countPiece(match[0]);
  return total;
}

/** The tokens of one pre-tokenizer piece, exactly; a long one through the heap merge. */
export function countPiece(piece: string): number {
  return piece.length <= LONG_PIECE ? encodedLength(piece) : bytePairCount(piece);
}
