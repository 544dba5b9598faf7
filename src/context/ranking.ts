import { type RwrOptions, randomWalkWithRestart } from '../graph/rwr';
import type { GraphNode, Hash } from '../model';
import type { Evidence } from './evidence';
import { type Seeds, runtimeObservations } from './seeds';
import type { SymbolIndex } from './symbolIndex';
import { isTestPath } from './testCode';

/**
 * Ranking = (degree-corrected random-walk score, plus the query's evidence when given) x
 * test weight x feedback boost x runtime boost, over the symbols a context may show. The
 * walk runs on the index's compiled graph, which leaves placeholders out
 * (SymbolIndex.walkGraph).
 */
export const DEFAULTS = {
  /** Runtime boost = 1 + runtimeWeight x log10(1 + observations on the symbol's edges). */
  runtimeWeight: 0.1,
  /** How many of the best walk scores are boosted and returned. */
  candidates: 2000,
  /** Walk score / (1 + in-degree)^degreeExponent: 0 leaves hubs as the walk scores them. */
  degreeExponent: 0,
  /** Multiplier of a test symbol's score (isTestPath) when the options ask for it: 1 leaves tests alone. */
  testWeight: 1,
  /** With evidence: weight of the walk score (relative to the best) beside the file's evidence (weight 1). */
  walkWeight: 1,
  /** With evidence: weight of the symbol's own evidence, the better of its name's and its lines'. */
  symbolMatchWeight: 1,
};

export interface FeedbackCounts {
  readonly useful: number;
  readonly notUseful: number;
}

/** Feedback counts of some symbols; symbols without feedback may be absent. */
export type FeedbackLookup = (symbolHashes: readonly Hash[]) => ReadonlyMap<Hash, FeedbackCounts>;

export interface RankOptions {
  readonly runtimeWeight?: number;
  readonly candidates?: number;
  /** Walk multipliers towards callees and callers (graph/rwr forward/backward). */
  readonly forward?: number;
  readonly backward?: number;
  readonly feedback?: FeedbackLookup;
  /**
   * Lift the best this many seeds of each file (by score, their order kept) above every
   * other symbol: the changed files of a PR are its subject, whatever the walk says
   * about their callers; the rest of a large file competes with what it reaches.
   */
  readonly liftedSeedsPerFile?: number;
  /**
   * Degree correction: a symbol that hundreds of tests call collects walk score from every
   * one of them; dividing by (1 + callers)^exponent ranks it by how close it is to the
   * seeds, not by how popular it is. Default DEFAULTS.degreeExponent.
   */
  readonly degreeExponent?: number;
  /** Multiplier of test symbols' scores (below 1 puts product code first). Default DEFAULTS.testWeight. */
  readonly testWeight?: number;
  /**
   * What the query knows beside the walk (evidence.ts): a symbol's score becomes its
   * evidenceScore (the walk relative to the best, its file's match and its own), and
   * symbols the evidence names but the walk does not reach are ranked too.
   */
  readonly evidence?: Evidence;
  /** With evidence: the walk's weight in evidenceScore. Default DEFAULTS.walkWeight. */
  readonly walkWeight?: number;
  /** With evidence: the weight of a symbol's own match in evidenceScore. Default DEFAULTS.symbolMatchWeight. */
  readonly symbolMatchWeight?: number;
  /** Passed to the walk (restart, iterations, maxHops, maxNodes...). */
  readonly walk?: Omit<RwrOptions, 'edgeWeight' | 'forward' | 'backward'>;
}

export interface RankedSymbol {
  readonly node: GraphNode;
  /** The final score: walk x boosts. */
  readonly score: number;
  /** Hops from the nearest seed. */
  readonly distance: number;
}

export interface Ranking {
  /** Best first; ties by qualified name. At most `candidates`. */
  readonly symbols: readonly RankedSymbol[];
  /** Showable symbols the walk reached (score > 0): what a large enough budget would include. */
  readonly available: number;
  /** The walk score of any node (0 when not reached): orders relations by relevance. */
  walkScore(hash: Hash): number;
}

/**
 * Laplace-smoothed usefulness, doubled: 1 with no votes, towards 2 for always useful and
 * towards 0 for never useful. A single vote moves a symbol by a third, not to an extreme.
 */
export function feedbackBoost(counts: FeedbackCounts | undefined): number {
  if (!counts) return 1;
  return (2 * (counts.useful + 1)) / (counts.useful + counts.notUseful + 2);
}

export function runtimeBoost(observations: number, weight: number): number {
  return 1 + weight * Math.log10(1 + Math.max(0, observations));
}

/** The degree correction of a walk score: 1 / (1 + inDegree)^exponent. */
export function degreeCorrection(inDegree: number, exponent: number): number {
  return exponent === 0 ? 1 : (1 + Math.max(0, inDegree)) ** -exponent;
}

function check(options: RankOptions): { runtimeWeight: number; candidates: number; degreeExponent: number; testWeight: number } & EvidenceWeights {
  const runtimeWeight = options.runtimeWeight ?? DEFAULTS.runtimeWeight;
  const walkWeight = options.walkWeight ?? DEFAULTS.walkWeight;
  const symbolMatchWeight = options.symbolMatchWeight ?? DEFAULTS.symbolMatchWeight;
  if (!(Number.isFinite(walkWeight) && walkWeight >= 0)) throw new Error('context/ranking: walkWeight must be a finite number >= 0');
  if (!(Number.isFinite(symbolMatchWeight) && symbolMatchWeight >= 0)) throw new Error('context/ranking: symbolMatchWeight must be a finite number >= 0');
  const candidates = options.candidates ?? DEFAULTS.candidates;
  const degreeExponent = options.degreeExponent ?? DEFAULTS.degreeExponent;
  const testWeight = options.testWeight ?? DEFAULTS.testWeight;
  if (!(Number.isFinite(degreeExponent) && degreeExponent >= 0)) throw new Error('context/ranking: degreeExponent must be a finite number >= 0');
  if (!(testWeight > 0 && testWeight <= 1)) throw new Error('context/ranking: testWeight must be in (0,1]');
  if (!(Number.isFinite(runtimeWeight) && runtimeWeight >= 0)) throw new Error('context/ranking: runtimeWeight must be a finite number >= 0');
  if (!Number.isInteger(candidates) || candidates < 1) throw new Error('context/ranking: candidates must be a positive integer');
  return { runtimeWeight, candidates, degreeExponent, testWeight, walkWeight, symbolMatchWeight };
}

/** Ranks the showable symbols around the seeds. No seeds: an empty ranking. */
export function rankSymbols(index: SymbolIndex, seeds: Seeds, options: RankOptions = {}): Ranking {
  const { runtimeWeight, candidates, degreeExponent, testWeight, walkWeight, symbolMatchWeight } = check(options);
  if (seeds.size === 0) return { symbols: [], available: 0, walkScore: () => 0 };
  const graph = index.walkGraph();
  const walk = randomWalkWithRestart(graph, seeds, { ...options.walk, forward: options.forward, backward: options.backward });

  const corrected = new Map<Hash, number>();
  for (const [hash, walkScore] of walk.scores) {
    if (!index.isShowable(index.view.nodes.get(hash)!)) continue;
    const id = graph.index.get(hash)!;
    corrected.set(hash, walkScore * degreeCorrection(graph.inStart[id + 1] - graph.inStart[id], degreeExponent));
  }
  const relevance = options.evidence ? withEvidence(index, corrected, options.evidence, { walkWeight, symbolMatchWeight }) : corrected;
  const reached: RankedSymbol[] = [];
  for (const [hash, relevant] of relevance) {
    const node = index.view.nodes.get(hash)!;
    const demoted = testWeight < 1 && isTestPath(index.view.pathOf(node)) ? relevant * testWeight : relevant;
    const score = demoted * runtimeBoost(runtimeObservations(index, hash), runtimeWeight);
    reached.push({ node, score, distance: walk.hops.get(hash) ?? 0 });
  }
  reached.sort(byScoreThenName);
  const top = reached.slice(0, candidates);
  const counts = options.feedback?.(top.map((s) => s.node.nodeHash));
  let boosted = counts
    ? top.map((s) => ({ ...s, score: s.score * feedbackBoost(counts.get(s.node.nodeHash)) })).sort(byScoreThenName)
    : top;
  if (options.liftedSeedsPerFile) {
    const lifted = bestSeedsPerFile(boosted, seeds, options.liftedSeedsPerFile);
    const lift = boosted.reduce((max, s) => (lifted.has(s.node.nodeHash) ? max : Math.max(max, s.score)), 0);
    boosted = boosted.map((s) => (lifted.has(s.node.nodeHash) ? { ...s, score: s.score + lift } : s)).sort(byScoreThenName);
  }
  return { symbols: boosted, available: reached.length, walkScore: (hash) => walk.scores.get(hash) ?? 0 };
}

/** The share of the weaker of a symbol's name and lines match that adds to the better one. */
const SECOND_MATCH_SHARE = 0.5;

/**
 * A symbol's relevance from what the query knows of it, each part relative to the best of
 * its kind (0..1): `walk` its walk score, `name` and `lines` how well its name and its own
 * lines match the task, `file` how well its file does (or, for changed files, how often it
 * changed with them). Its name and its lines are two views of one text (the definition
 * line holds the name, the doc comment sits in both), so the better of the two counts
 * and the other only at half: their agreement says less than two independent matches
 * would, and a symbol whose name and body repeat one common word of the task must not
 * outrank one whose file explains the task. A task weighs that match 4/3 of its file's
 * (a symbol matching fully both ways keeps the 2 the plain sum gave it) and its walk at
 * half: a task's walk starts at those same matches (its seeds), so it should bring in
 * what they reach, not count them again (MODE_SETTINGS in contextBuilder.ts).
 */
export function evidenceScore(parts: EvidenceParts, weights: EvidenceWeights = DEFAULTS): number {
  const own = Math.max(parts.name, parts.lines) + SECOND_MATCH_SHARE * Math.min(parts.name, parts.lines);
  return weights.walkWeight * parts.walk + parts.file + weights.symbolMatchWeight * own;
}

/** What evidenceScore weighs, each relative to the best of its kind (0..1). */
export interface EvidenceParts {
  readonly walk: number;
  readonly name: number;
  readonly lines: number;
  readonly file: number;
}

/** The weights of the walk and of a symbol's own match, beside its file's (1). */
export interface EvidenceWeights {
  readonly walkWeight: number;
  readonly symbolMatchWeight: number;
}

/**
 * Each symbol's evidenceScore: the walk says how close a symbol is to the seeds, the
 * evidence what the task's words or the history say of it and its file.
 */
function withEvidence(index: SymbolIndex, walk: ReadonlyMap<Hash, number>, evidence: Evidence, weights: EvidenceWeights): Map<Hash, number> {
  const best = Math.max(0, ...walk.values()) || 1;
  const combined = new Map<Hash, number>();
  const add = (hash: Hash, walkScore: number) => {
    const node = index.view.nodes.get(hash)!;
    combined.set(hash, evidenceScore({
      walk: walkScore / best,
      name: evidence.names.get(hash) ?? 0,
      lines: evidence.symbols.get(hash) ?? 0,
      file: evidence.files.get(node.fileHash) ?? 0,
    }, weights));
  };
  for (const [hash, score] of walk) add(hash, score);
  for (const hash of [...evidence.symbols.keys(), ...evidence.names.keys()]) {
    if (!combined.has(hash) && index.isShowable(index.view.nodes.get(hash)!)) add(hash, 0);
  }
  return combined;
}

/** The first `perFile` seeds of each file in a ranking (best first). */
function bestSeedsPerFile(ranked: readonly RankedSymbol[], seeds: Seeds, perFile: number): Set<Hash> {
  const taken = new Map<Hash, number>();
  const lifted = new Set<Hash>();
  for (const { node } of ranked) {
    if (!seeds.has(node.nodeHash)) continue;
    const count = taken.get(node.fileHash) ?? 0;
    if (count >= perFile) continue;
    taken.set(node.fileHash, count + 1);
    lifted.add(node.nodeHash);
  }
  return lifted;
}

function byScoreThenName(a: RankedSymbol, b: RankedSymbol): number {
  if (b.score !== a.score) return b.score - a.score;
  return a.node.qualifiedName < b.node.qualifiedName ? -1 : a.node.qualifiedName > b.node.qualifiedName ? 1 : 0;
}
