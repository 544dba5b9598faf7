/**
 * Search terms for BM25: identifiers split at camelCase, snake_case, kebab-case, dots,
 * slashes and digits, lower-cased, with a light plural folding so "users" finds `User`.
 * The same function tokenises symbols and task descriptions, so both sides agree.
 */

/** Words that carry no meaning about code in a task description ("fix the bug in ..."). */
const STOP_WORDS = new Set([
  'a', 'about', 'after', 'all', 'also', 'an', 'and', 'any', 'are', 'as', 'at', 'be', 'been', 'before', 'being', 'bug',
  'but', 'by', 'can', 'code', 'could', 'do', 'does', 'doing', 'done', 'each', 'fix', 'for', 'from', 'has', 'have', 'how', 'i',
  'if', 'in', 'into', 'is', 'it', 'its', 'make', 'makes', 'me', 'more', 'most', 'my', 'need', 'needs', 'no', 'not', 'of',
  'on', 'or', 'our', 'please', 'should', 'so', 'some', 'such', 'than', 'that', 'the', 'their', 'them', 'then', 'there',
  'these', 'they', 'this', 'those', 'to', 'too', 'us', 'very', 'was', 'we', 'were', 'what', 'when', 'where', 'which',
  'while', 'who', 'why', 'will', 'with', 'would', 'you', 'your',
]);

const enum Char { Digit, Lower, Upper, Other }

function classOf(code: number): Char {
  if (code >= 48 && code <= 57) return Char.Digit;
  if (code >= 97 && code <= 122) return Char.Lower;
  if (code >= 65 && code <= 90) return Char.Upper;
  return Char.Other;
}

/** Splits one identifier-like word into its parts: `parseHTTPRequest2` -> parse, http, request, 2. */
export function identifierParts(word: string): string[] {
  const parts: string[] = [];
  let start = -1;
  for (let i = 0; i <= word.length; i++) {
    const c = i < word.length ? classOf(word.charCodeAt(i)) : Char.Other;
    if (c === Char.Other) {
      if (start >= 0) parts.push(word.slice(start, i).toLowerCase());
      start = -1;
      continue;
    }
    if (start < 0) {
      start = i;
      continue;
    }
    const p = classOf(word.charCodeAt(i - 1));
    const next = i + 1 < word.length ? classOf(word.charCodeAt(i + 1)) : Char.Other;
    const boundary =
      (c === Char.Upper && (p === Char.Lower || p === Char.Digit))
      || (c === Char.Upper && p === Char.Upper && next === Char.Lower)
      || (c === Char.Digit) !== (p === Char.Digit);
    if (boundary) {
      parts.push(word.slice(start, i).toLowerCase());
      start = i;
    }
  }
  return parts;
}

/** Folds common English plurals: services -> service, entries -> entry, classes -> class. */
export function foldTerm(term: string): string {
  if (term.length > 4 && term.endsWith('ies')) return `${term.slice(0, -3)}y`;
  if (term.length > 4 && (term.endsWith('sses') || term.endsWith('xes'))) return term.slice(0, -2);
  if (term.length > 3 && term.endsWith('s') && !/(ss|us|is)$/.test(term)) return term.slice(0, -1);
  return term;
}

/** Words repeat across symbols (ctx, string, workspace): their terms are computed once. */
const wordCache = new Map<string, readonly string[]>();
const WORD_CACHE_LIMIT = 200_000;

function wordTerms(word: string): readonly string[] {
  let terms = wordCache.get(word);
  if (!terms) {
    const parts = identifierParts(word);
    const out: string[] = [];
    for (const part of parts) if (part.length > 1 && !STOP_WORDS.has(part)) out.push(foldTerm(part));
    if (parts.length > 1) out.push(foldTerm(parts.join('')));
    terms = out;
    if (wordCache.size >= WORD_CACHE_LIMIT) wordCache.clear();
    wordCache.set(word, terms);
  }
  return terms;
}

/**
 * The search terms of a text: each word's parts, plus the whole word when it has several
 * parts (so the exact identifier `refreshToken` also matches as one term), minus stop
 * words and single characters.
 */
export function searchTerms(text: string): string[] {
  const terms: string[] = [];
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    const code = i < text.length ? text.charCodeAt(i) : 32;
    const wordChar = classOf(code) !== Char.Other || code === 95;
    if (wordChar) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      for (const term of wordTerms(text.slice(start, i))) terms.push(term);
      start = -1;
    }
  }
  return terms;
}
