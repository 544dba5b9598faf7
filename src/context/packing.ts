import { type ContextDocument, type DocumentHeader, type SymbolDraft, assembleDocument } from './document';
import { ContextInputError } from './errors';
import { exactTokenCount } from './tokenCount';

/**
 * Fills a token budget by score per token. Each candidate is priced by rendering it
 * alone in the chosen format and counting the tokens it adds to an empty document; the
 * best value goes in first (priced with its excerpt when its body is long), with its
 * whole body when that takes at most half the room left, else with the excerpt, and a
 * symbol whose source does not fit may still go in without it. The whole document is then counted: over budget (a price alone is not
 * exactly the price together), the least valuable symbols are dropped; well under (gcf
 * and gcb share names and strings between symbols, so alone each looks dearer than it
 * is), prices are scaled by what the whole really cost and more symbols are added, for
 * a few rounds. Counts are exactTokenCount, which is countTokens (cl100k) memoised per
 * piece: `tokenCount` is exactly countTokens(content).
 */
export const DEFAULTS = {
  /** Price candidates until their total reaches this many times the room left. */
  explore: 1.5,
  /** Never price more candidates than this. */
  maxCandidates: 1500,
  /** Exact counts of the whole document at most (each is a full tokenisation). */
  rounds: 3,
  /** Stop refilling when less than this share of the budget is left. */
  slack: 0.02,
};

/**
 * One candidate: the symbol with its whole source; when that is long, with an excerpt
 * of it; and (when it has source) without.
 */
export interface PackItem {
  readonly full: SymbolDraft;
  readonly excerpt?: SymbolDraft;
  readonly bare?: SymbolDraft;
}

export interface PackOptions {
  readonly explore?: number;
  readonly maxCandidates?: number;
  readonly rounds?: number;
}

export interface PackResult {
  readonly document: ContextDocument;
  readonly content: string;
  readonly tokenCount: number;
}

interface Priced {
  readonly item: PackItem;
  readonly rank: number;
  /** The price of the cheapest variant with source (the excerpt when there is one): what orders candidates by value. */
  readonly cost: number;
  /** Set once the whole source's variant has been priced (when there is an excerpt). */
  fullCost?: number;
  /** Set once the bare variant has been priced. */
  bareCost?: number;
  taken: boolean;
}

interface Chosen {
  readonly draft: SymbolDraft;
  readonly cost: number;
  readonly density: number;
  readonly rank: number;
}

function settingsOf(options: PackOptions): Required<PackOptions> {
  const explore = options.explore ?? DEFAULTS.explore;
  const maxCandidates = options.maxCandidates ?? DEFAULTS.maxCandidates;
  const rounds = options.rounds ?? DEFAULTS.rounds;
  if (!(Number.isFinite(explore) && explore >= 1)) throw new Error('context/packing: explore must be a finite number >= 1');
  if (!Number.isInteger(maxCandidates) || maxCandidates < 1) throw new Error('context/packing: maxCandidates must be a positive integer');
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error('context/packing: rounds must be a positive integer');
  return { explore, maxCandidates, rounds };
}

/** Packs `items` (best first, pulled lazily) into at most `budget` tokens of `render` output. */
export function packContext(
  header: DocumentHeader, items: Iterable<PackItem>, render: (doc: ContextDocument) => string, budget: number, options: PackOptions = {},
): PackResult {
  const { explore, maxCandidates, rounds } = settingsOf(options);
  if (!Number.isInteger(budget) || budget < 1) throw new Error('context/packing: budget must be a positive integer');

  const empty = render(assembleDocument(header, []));
  const headerTokens = exactTokenCount(empty);
  if (headerTokens > budget) {
    throw new ContextInputError('token_budget', `${budget} is too small: the context header alone takes ${headerTokens} tokens`);
  }
  const price = (draft: SymbolDraft): number => Math.max(1, exactTokenCount(render(assembleDocument(header, [draft]))) - headerTokens);

  const source = items[Symbol.iterator]();
  const priced: Priced[] = [];
  let exhausted = false;
  /**
   * Prices more candidates until the untaken ones could fill `wanted` tokens of `room`;
   * one dearer than the room counts only up to it (it may still go in without source).
   */
  const explorePrices = (wanted: number, room: number): void => {
    let untaken = priced.reduce((sum, p) => sum + (p.taken ? 0 : Math.min(p.cost, room)), 0);
    while (!exhausted && untaken < wanted && priced.length < maxCandidates) {
      const next = source.next();
      if (next.done) {
        exhausted = true;
        break;
      }
      const cost = price(next.value.excerpt ?? next.value.full);
      priced.push({ item: next.value, rank: priced.length, cost, taken: false });
      untaken += Math.min(cost, room);
    }
  };

  const chosen: Chosen[] = [];
  let scale = 1;
  let best: PackResult | undefined;
  for (let round = 0; round < rounds; round++) {
    const room = budget - (best ? best.tokenCount : headerTokens);
    explorePrices((explore * room) / scale, room / scale);
    const added = fill(priced, chosen, room / scale, price);
    if (best && added === 0) break;
    const result = measure(header, chosen, render);
    if (result.tokenCount > budget) return fit(header, chosen, render, budget, result);
    best = result;
    const priceSum = chosen.reduce((sum, c) => sum + c.cost, 0);
    // What the symbols really cost together, relative to their prices alone.
    if (priceSum > 0) scale = Math.min(1.5, Math.max(0.5, (result.tokenCount - headerTokens) / priceSum));
    if (budget - result.tokenCount < DEFAULTS.slack * budget || (exhausted && priced.every((p) => p.taken))) break;
  }
  return best ?? measure(header, chosen, render);
}

/** Takes untaken candidates by value (score per priced token) while they fit `room`; returns how many. */
function fill(priced: Priced[], chosen: Chosen[], room: number, price: (draft: SymbolDraft) => number): number {
  let remaining = room;
  let added = 0;
  const byValue = priced.filter((p) => !p.taken).sort((a, b) => b.item.full.score / b.cost - a.item.full.score / a.cost || a.rank - b.rank);
  for (const candidate of byValue) {
    if (remaining < 1) break;
    let draft: SymbolDraft | undefined;
    let cost = candidate.cost;
    const { excerpt } = candidate.item;
    if (excerpt && cost <= remaining) {
      // The whole body when it leaves room for others (at most half of what is left), else the excerpt.
      candidate.fullCost ??= price(candidate.item.full);
      const whole = candidate.fullCost <= remaining / 2;
      draft = whole ? candidate.item.full : excerpt;
      cost = whole ? candidate.fullCost : cost;
    } else if (cost <= remaining) {
      draft = candidate.item.full;
    } else if (candidate.item.bare) {
      candidate.bareCost ??= price(candidate.item.bare);
      cost = candidate.bareCost;
      if (cost <= remaining) draft = candidate.item.bare;
    }
    if (!draft) continue;
    candidate.taken = true;
    chosen.push({ draft, cost, density: draft.score / cost, rank: candidate.rank });
    remaining -= cost;
    added++;
  }
  return added;
}

function measure(header: DocumentHeader, chosen: readonly Chosen[], render: (doc: ContextDocument) => string): PackResult {
  const document = assembleDocument(header, chosen.map((c) => c.draft));
  const content = render(document);
  return { document, content, tokenCount: exactTokenCount(content) };
}

/** Over budget: drops the least valuable symbols, by their prices, until the whole fits. */
function fit(
  header: DocumentHeader, chosen: readonly Chosen[], render: (doc: ContextDocument) => string, budget: number, first: PackResult,
): PackResult {
  const kept = [...chosen].sort((a, b) => b.density - a.density || a.rank - b.rank);
  let result = first;
  while (result.tokenCount > budget && kept.length > 0) {
    let dropped = 0;
    while (kept.length > 0 && dropped < result.tokenCount - budget) dropped += kept.pop()!.cost;
    result = measure(header, kept, render);
  }
  return result;
}
