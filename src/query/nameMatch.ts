/**
 * How well a symbol matches a name an agent typed (graph_query without `://`). Each way
 * of matching is a tier, best first; a symbol is ranked by the best tier it reaches.
 */
export const MATCH_TIERS = ['exact', 'prefix', 'camel-hump', 'substring', 'path'] as const;
export type MatchTier = (typeof MATCH_TIERS)[number];

/** A symbol name, lower-cased once when the index is built. */
export interface NameTarget {
  /** The symbol's own name, as written (`getCurrentUser`); camel humps read its case. */
  readonly name: string;
  readonly nameLower: string;
}

/** Where a symbol lives, for text with `.` or `/`. */
export interface PlaceTarget {
  /** `/` + the qualified name after `://`, lower-cased (`/src/cart/service.cartservice.add`). */
  readonly localLower: string;
  /** `/` + the file's repo-relative path, lower-cased; `/` alone for a node without a file. */
  readonly pathLower: string;
}

/** Everything a symbol is matched on. */
export type MatchTarget = NameTarget & PlaceTarget;

/** A query, prepared once per call. */
export interface NameQuery {
  readonly text: string;
  readonly lower: string;
  /** Holds `.` or `/`: also matched against qualified names and paths, at segment starts. */
  readonly qualified: boolean;
}

/** Validates and prepares the text of a search. */
export function nameQuery(text: string): NameQuery {
  const trimmed = text.trim();
  return { text: trimmed, lower: trimmed.toLowerCase(), qualified: /[./]/.test(trimmed) };
}

/**
 * The best tier a target reaches, or undefined. Names are compared case-insensitively:
 * exact, then prefix, then camel humps (`gCU` and `getCU` find `getCurrentUser`), then
 * anywhere in the name. A query with `.` or `/` also matches a qualified-name tail
 * exactly (`Cart.add`, tier exact) or starts a segment of the qualified name or the file
 * path (`cart/service` finds the symbols of `src/cart/service.ts`, tier path).
 */
export function matchTier(target: MatchTarget, query: NameQuery): MatchTier | undefined {
  const byName = nameTier(target, query);
  if (byName === 'exact' || !query.qualified) return byName;
  return placeTier(target, query) === 'exact' ? 'exact' : byName ?? placeTier(target, query);
}

/** The tier a name reaches by itself: exact, prefix, camel-hump, substring, or none. */
export function nameTier(target: NameTarget, query: NameQuery): MatchTier | undefined {
  const q = query.lower;
  const name = target.nameLower;
  if (name === q) return 'exact';
  if (name.startsWith(q)) return 'prefix';
  if (humpsLower(target.name, name, q)) return 'camel-hump';
  if (name.includes(q)) return 'substring';
  return undefined;
}

/** For text with `.` or `/`: a qualified-name tail (exact), a segment start (path), or none. */
export function placeTier(target: PlaceTarget, query: NameQuery): MatchTier | undefined {
  if (!query.qualified) return undefined;
  const q = query.lower;
  if (target.localLower.endsWith(`.${q}`) || target.localLower.endsWith(`/${q}`)) return 'exact';
  return atSegmentStart(target, q) ? 'path' : undefined;
}

function atSegmentStart(target: PlaceTarget, q: string): boolean {
  const local = target.localLower;
  const lead = q.startsWith('/') || q.startsWith('.') ? q : undefined;
  if (lead) return local.includes(lead) || target.pathLower.includes(lead);
  return local.includes(`/${q}`) || local.includes(`.${q}`) || target.pathLower.includes(`/${q}`);
}

/** Names longer than this are not matched on humps (the table below is name × query). */
const MAX_HUMP_NAME = 128;

/**
 * Whether the query spells the name's humps: each query character either continues the
 * run it is in or starts at a later hump (an upper-case letter after a lower-case one or a
 * digit, the last capital of an acronym before a lower-case letter, a letter or digit
 * after `_`, `-`, `$` or another separator, a digit after a letter). The first character
 * starts at a hump too. Case-insensitive, like the rest.
 */
export function camelHumps(name: string, query: string): boolean {
  return humpsLower(name, name.toLowerCase(), query.toLowerCase());
}

/** camelHumps with the lower cases already made (a search compares one query with every name). */
function humpsLower(name: string, lowerName: string, lowerQuery: string): boolean {
  const n = name.length;
  const m = lowerQuery.length;
  // A letter whose lower case is longer (İ) would shift positions between the two: not matched on humps.
  if (m === 0 || m > n || n > MAX_HUMP_NAME || lowerName.length !== n) return false;
  if (!subsequence(lowerQuery, lowerName)) return false;
  const starts = humpStarts(name);
  // failed[(qi * (n + 1) + ni) * 2 + continuing]: the query from qi cannot be matched there.
  const failed = new Uint8Array((m + 1) * (n + 1) * 2);
  const from = (qi: number, ni: number, continuing: boolean): boolean => {
    if (qi === m) return true;
    const key = (qi * (n + 1) + ni) * 2 + (continuing ? 1 : 0);
    if (failed[key]) return false;
    if (continuing && ni < n && lowerName[ni] === lowerQuery[qi] && from(qi + 1, ni + 1, true)) return true;
    for (let h = ni; h < n; h++) {
      if (starts[h] && lowerName[h] === lowerQuery[qi] && from(qi + 1, h + 1, true)) return true;
    }
    failed[key] = 1;
    return false;
  };
  return from(0, 0, false);
}

/** Whether every character of `query` occurs in `text` in order: most names fail this at once. */
function subsequence(query: string, text: string): boolean {
  let at = 0;
  for (let i = 0; i < query.length; i++) {
    at = text.indexOf(query[i], at);
    if (at < 0) return false;
    at++;
  }
  return true;
}

function humpStarts(name: string): Uint8Array {
  const starts = new Uint8Array(name.length);
  for (let i = 0; i < name.length; i++) {
    const c = classOf(name[i]);
    if (c === SEPARATOR) continue;
    const p = i === 0 ? SEPARATOR : classOf(name[i - 1]);
    const next = i + 1 < name.length ? classOf(name[i + 1]) : SEPARATOR;
    if (p === SEPARATOR
      || (c === UPPER && (p === LOWER || p === DIGIT))
      || (c === UPPER && p === UPPER && next === LOWER) // the P of XMLParser
      || (c === DIGIT && p !== DIGIT)) starts[i] = 1;
  }
  return starts;
}

const SEPARATOR = 0;
const LOWER = 1;
const UPPER = 2;
const DIGIT = 3;

function classOf(char: string): number {
  const code = char.charCodeAt(0);
  if (code >= 97 && code <= 122) return LOWER;
  if (code >= 65 && code <= 90) return UPPER;
  if (code >= 48 && code <= 57) return DIGIT;
  if (code < 128) return SEPARATOR;
  if (/\p{Lu}/u.test(char)) return UPPER;
  if (/\p{L}/u.test(char)) return LOWER;
  return /\p{N}/u.test(char) ? DIGIT : SEPARATOR;
}
