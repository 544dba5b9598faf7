import { exactTokenCount } from '../context/tokenCount';
import { CkgError } from '../model';
import { CutSizes } from './cutSizes';

/**
 * Every tool reply fits a token cap (DESIGN §5: default 25,000), whatever the graph size.
 * A reply has two representations of one result, the text block(s) and
 * `structuredContent`; a client hands the model one of them, so each must fit on its own.
 * Over the cap, every list in the result is cut to one common maximum length (longest
 * lists lose most), the reply says `truncated: true` and carries a hint how to narrow
 * the call. When even empty lists do not fit, the reply is an error, never an overrun.
 */
export const REPLY_CAP_DEFAULTS = {
  tokenCap: 25_000,
  /** Kept free for `_meta` and the JSON-RPC envelope. */
  reserve: 64,
  /** At most this many exact (tokenizer) checks while searching for the cut. */
  maxExactChecks: 6,
};

const LIST = Symbol('ckg.list');

/** A list result a handler already cut (graph_query's own limit): it says so in the reply. */
export interface ListResult {
  readonly [LIST]: true;
  readonly items: readonly unknown[];
  readonly truncated: boolean;
  readonly hint?: string;
  /** Fields of the structured content beside `items` (graph_query's `searched` and `suggestions`). */
  readonly fields?: Readonly<Record<string, unknown>>;
}

/** Wraps a SPEC array result; pass `hint` when the handler cut the list itself, `fields` to say more beside the items. */
export function listResult(items: readonly unknown[], hint?: string, fields?: Readonly<Record<string, unknown>>): ListResult {
  return { [LIST]: true, items, truncated: hint !== undefined, ...(hint === undefined ? {} : { hint }), ...(fields ? { fields } : {}) };
}

export function isListResult(value: unknown): value is ListResult {
  return typeof value === 'object' && value !== null && (value as Partial<ListResult>)[LIST] === true;
}

export interface CappedReply {
  /** Always an object: SPEC arrays become `{ items, truncated, hint? }` (docs/mcp.md). */
  readonly structured: Record<string, unknown>;
  /** Text blocks: the rendering of the result, then the hint when truncated. */
  readonly text: readonly string[];
  readonly truncated: boolean;
}

export interface CapOptions {
  readonly tokenCap: number;
  /** A plain-text rendering that replaces the JSON one (index_repo). */
  readonly text?: string;
  /** How to narrow this call, appended to the truncation hint. */
  readonly narrow?: string;
}

/** No cut of a result fits under the token cap; the caller is told how to narrow the call. */
export class ReplyTooLargeError extends CkgError {
  readonly code = 'reply_too_large';
}

/**
 * Renders a handler's result as a capped reply. Throws ReplyTooLargeError when no cut of
 * the lists fits (a result made of one huge string, or a cap below the envelope).
 */
export function capReply(result: unknown, options: CapOptions): CappedReply {
  if (!Number.isInteger(options.tokenCap) || options.tokenCap <= REPLY_CAP_DEFAULTS.reserve) {
    throw new Error(`mcp/replyCap: tokenCap must be an integer above ${REPLY_CAP_DEFAULTS.reserve}`);
  }
  const budget = options.tokenCap - REPLY_CAP_DEFAULTS.reserve;
  const list = isListResult(result);
  const value: unknown = list ? result.items : result;
  const handlerHint = list ? result.hint : undefined;
  const fields = list ? result.fields : undefined;
  const render = (v: unknown, capHint?: string): CappedReply => {
    const hint = [handlerHint, capHint].filter((h): h is string => h !== undefined).join(' ') || undefined;
    return renderReply(v, list || Array.isArray(v), hint, options.text, capHint !== undefined, fields);
  };

  const whole = render(value);
  const wholeSize = measure(whole, budget);
  if (wholeSize.fits) return whole;

  const longest = longestList(value);
  const hintFor = (limit: number): string =>
    `truncated: the reply was over the ${options.tokenCap}-token cap, so every list was cut to at most ${limit} `
    + `entries (the longest had ${longest}); ${options.narrow ?? 'narrow the request'}.`;
  const attempt = (limit: number): CappedReply => render(cutLists(value, limit), hintFor(limit));
  const empty = attempt(0);
  const bytesAt = cutBytes(value, empty, options.text !== undefined);

  // Search the cut by bytes scaled with the measured tokens-per-byte ratio, then confirm
  // the candidate with an exact count.
  let ratio = wholeSize.tokensPerByte;
  let target = budget * 0.97;
  let upper = longest;
  for (let check = 0; check < REPLY_CAP_DEFAULTS.maxExactChecks && upper > 0; check++) {
    const limit = largestLimit(upper, (l) => bytesAt(l) * ratio <= target);
    const candidate = attempt(limit);
    const size = measure(candidate, budget);
    if (size.fits) return candidate;
    ratio = size.tokensPerByte;
    target *= 0.9;
    upper = Math.max(0, limit - 1);
  }
  if (measure(empty, budget).fits) return empty;
  throw new ReplyTooLargeError(
    `reply too large: over the ${options.tokenCap}-token reply cap even with every list emptied; ${options.narrow ?? 'narrow the request'}`,
  );
}

/** Phrases for the arguments that shrink a reply, so a hint can name this tool's own. */
const NARROWING: Readonly<Record<string, string>> = {
  prefix: 'a longer prefix',
  max_depth: 'a smaller max_depth',
  depth: 'a smaller depth',
  limit: 'a smaller limit',
  token_budget: 'a smaller token_budget',
  files: 'fewer files',
  route_pattern: 'a narrower route_pattern',
  repo_url: 'a repo_url',
  stale_days: 'a larger stale_days',
};

/** The narrowing hint for a tool, from the names of its arguments. */
export function narrowingHint(argumentNames: readonly string[]): string {
  const phrases = argumentNames.map((name) => NARROWING[name]).filter((p): p is string => p !== undefined);
  return phrases.length > 0 ? `narrow the call with ${phrases.join(' or ')}` : 'narrow the request';
}

function renderReply(
  value: unknown, isList: boolean, hint: string | undefined, plainText: string | undefined, capped: boolean,
  fields: Readonly<Record<string, unknown>> | undefined,
): CappedReply {
  const truncated = hint !== undefined;
  const hintField = hint === undefined ? {} : { hint };
  let structured: Record<string, unknown>;
  let rendering: string;
  if (isList) {
    structured = { items: value, truncated, ...hintField, ...fields };
    rendering = plainText ?? JSON.stringify(value);
  } else {
    // The SPEC object itself; a shape with its own flag (flow_between's truncated,
    // blast_radius's Truncated) must not contradict a cut made here.
    const spec: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    if (capped && typeof spec.truncated === 'boolean') spec.truncated = true;
    if (capped && typeof spec.Truncated === 'boolean') spec.Truncated = true;
    structured = truncated ? { ...spec, truncated: true, ...hintField } : spec;
    rendering = plainText ?? JSON.stringify(spec);
  }
  return { structured, text: hint === undefined ? [rendering] : [rendering, hint], truncated };
}

/**
 * The bytes of the reply cut at a limit (the larger of its text and its structured JSON),
 * without rendering it: the value's cut sizes plus what the reply cut to nothing adds
 * around them. Exact: the hint names the limit once in each representation, so only its
 * digits differ from the empty cut's.
 */
function cutBytes(value: unknown, empty: CappedReply, plainText: boolean): (limit: number) => number {
  const sizes = new CutSizes(value);
  const valueAtZero = sizes.bytesAt(0);
  const textAtZero = Buffer.byteLength(empty.text.join('\n'));
  const structuredAround = Buffer.byteLength(JSON.stringify(empty.structured)) - valueAtZero;
  return (limit) => {
    const digits = String(limit).length - 1;
    const valueBytes = sizes.bytesAt(limit);
    // A plain-text rendering does not change with the cut; only the hint's digits do.
    const text = plainText ? textAtZero : valueBytes + textAtZero - valueAtZero;
    return Math.max(text, valueBytes + structuredAround) + digits;
  };
}

/** Samples of a text too long to count cheaply: a few short slices spread over it. */
const SAMPLES = 8;
const SAMPLE_CHARS = 1024;
/**
 * A text whose sampled estimate is this far over the budget is taken as over without an
 * exact count. The samples only decide that a text is over, never that it fits: whatever
 * is returned is counted exactly (or has fewer bytes than the budget has tokens).
 */
const CLEARLY_OVER = 1.5;
/**
 * Beyond this many bytes per budget token a text is over without a count, whatever its
 * samples say: JSON runs at 2 to 5 bytes a token, and this bounds what one exact count
 * may cost (a huge text of long whitespace runs would otherwise be counted whole).
 */
const EXACT_COUNT_BYTES_PER_TOKEN = 16;

/**
 * Whether a reply fits, counting exactly only near the cap. A token is at least one byte,
 * so a reply of fewer bytes than the budget needs no count. A text is first estimated
 * from its bytes and the tokens per byte of a few samples (JSON runs at 2 to 5 bytes a
 * token); only one within CLEARLY_OVER of the budget is counted, with the memoised exact
 * count of the context formats.
 */
function measure(reply: CappedReply, budget: number): { fits: boolean; tokensPerByte: number } {
  let fits = true;
  let tokensPerByte = 0;
  for (const text of [reply.text.join('\n'), JSON.stringify(reply.structured)]) {
    const size = measureText(text, budget);
    if (size.overByEstimate) return { fits: false, tokensPerByte: Math.max(tokensPerByte, size.tokensPerByte) };
    fits &&= size.fits;
    tokensPerByte = Math.max(tokensPerByte, size.tokensPerByte);
  }
  return { fits, tokensPerByte: tokensPerByte || 1 };
}

/** One text against the budget: fits only by its bytes or an exact count, over by either or by a clear estimate. */
export function measureText(text: string, budget: number): { fits: boolean; overByEstimate: boolean; tokensPerByte: number } {
  const bytes = Buffer.byteLength(text);
  if (bytes <= budget) return { fits: true, overByEstimate: false, tokensPerByte: 0 };
  const estimate = text.length > SAMPLES * SAMPLE_CHARS * 2 ? sampledRatio(text) : undefined;
  if (estimate !== undefined && (bytes * estimate > budget * CLEARLY_OVER || bytes > budget * EXACT_COUNT_BYTES_PER_TOKEN)) {
    return { fits: false, overByEstimate: true, tokensPerByte: estimate };
  }
  const tokens = exactTokenCount(text);
  return { fits: tokens <= budget, overByEstimate: false, tokensPerByte: tokens / bytes };
}

function sampledRatio(text: string): number {
  const step = Math.floor((text.length - SAMPLE_CHARS) / (SAMPLES - 1));
  let tokens = 0;
  let bytes = 0;
  for (let i = 0; i < SAMPLES; i++) {
    const sample = text.slice(i * step, i * step + SAMPLE_CHARS);
    tokens += exactTokenCount(sample);
    bytes += Buffer.byteLength(sample);
  }
  return tokens / bytes;
}

/** The largest limit in [0, upper] passing a test that holds for all limits below it. */
function largestLimit(upper: number, passes: (limit: number) => boolean): number {
  let lo = 0;
  let hi = upper;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (passes(mid)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

function longestList(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((m: number, v) => Math.max(m, longestList(v)), value.length);
  if (typeof value === 'object' && value !== null) {
    return Object.values(value).reduce((m: number, v) => Math.max(m, longestList(v)), 0);
  }
  return 0;
}

/** A copy with every array, at any depth, cut to at most `limit` entries. */
export function cutLists(value: unknown, limit: number): unknown {
  if (Array.isArray(value)) return value.slice(0, limit).map((v) => cutLists(v, limit));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cutLists(v, limit)]));
  }
  return value;
}
