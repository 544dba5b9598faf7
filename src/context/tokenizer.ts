import { Tiktoken } from 'js-tiktoken/lite';
import cl100k from 'js-tiktoken/ranks/cl100k_base';

/**
 * Token counts with a real BPE tokenizer (cl100k_base, shipped in the package: nothing is
 * downloaded). Budgets and reply caps are counted with it, so `token_count` is what a
 * model of that family would see. Loading the ranks takes a few hundred ms: done once,
 * on first use.
 */
let encoder: Tiktoken | undefined;

function tokenizer(): Tiktoken {
  encoder ??= new Tiktoken(cl100k);
  return encoder;
}

/** Special-token text (`<|endoftext|>` in a source file) counts as the plain text it is. */
export function countTokens(text: string): number {
  return text.length === 0 ? 0 : tokenizer().encode(text, [], []).length;
}
