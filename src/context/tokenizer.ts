import { Tiktoken } from 'js-tiktoken/lite';
import cl100k from 'js-tiktoken/ranks/cl100k_base';

/**
 * Token counts with a real BPE tokenizer (cl100k_base, shipped in the package: nothing is
 * downloaded). Budgets and reply caps are counted with it, so `token_count` is what a
 * model of that family would see. Loading the ranks takes a few hundred ms: done once,
 * on first use.
 *
 * One deviation, for safety: byte-pair encoding is quadratic in the length of a single
 * pre-tokenizer piece, and a minified file or a base64 blob can hold a piece of 100k
 * characters (16k of one letter took 26 s). Pieces longer than LONG_PIECE characters are
 * encoded in LONG_PIECE chunks. That changes counts only for such pieces, by a few tokens,
 * and keeps countTokens(a + b) = countTokens(a) + countTokens(b) at piece boundaries,
 * which the memoised counter in tokenCount.ts relies on.
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

export function countTokens(text: string): number {
  if (text.length === 0) return 0;
  if (text.length <= LONG_PIECE) return encodedLength(text);
  let total = 0;
  for (const match of text.matchAll(PIECES)) total += countPiece(match[0]);
  return total;
}

/** One pre-tokenizer piece, chunked when long. */
export function countPiece(piece: string): number {
  if (piece.length <= LONG_PIECE) return encodedLength(piece);
  let total = 0;
  for (let at = 0; at < piece.length; at += LONG_PIECE) total += encodedLength(piece.slice(at, at + LONG_PIECE));
  return total;
}
