// Types of contextBm25.mjs for the TypeScript tests (test/bench).
/** A BM25 document: its id, term frequencies and length in terms. */
export interface Bm25Document { readonly id: string; readonly counts: ReadonlyMap<string, number>; readonly length: number }
/** Okapi BM25 parameters. */
export const BM25_DEFAULTS: { readonly k1: number; readonly b: number };
/** Words dropped from queries and documents. */
export const STOP_WORDS: ReadonlySet<string>;
/** Terms of a text, identifiers split into camelCase and snake_case parts. */
export function tokenize(text: string): string[];
/** Term frequencies of one document, and its length in terms. */
export function termCounts(text: string): { counts: Map<string, number>; length: number };
/** Documents with a positive BM25 score for the query, best first. */
export function rankBm25(documents: readonly Bm25Document[], query: string, parameters?: { k1: number; b: number }): { id: string; score: number }[];
