import type { LocationAnswers } from '../enrich/oracle';

/**
 * When to conclude that a language has no language server, from the answers to a probe: a
 * definition query at declarations the graph knows (every real language server answers a
 * declaration's own name with that declaration).
 * - Any answer naming a location: the language has a server.
 * - Only empty answers: VS Code answers an empty list at once when no definition provider is
 *   registered for a document's language (the bridge first lets the extensions that activate
 *   on that language start), so that is the clear "no server" signal. One more probe after
 *   the first delay covers a provider registered just after its extension activated.
 * - No answer (null: timed out, cancelled): a provider may be there and still loading its
 *   project, so the probe is made again after each delay; after the last, no server.
 * The delays sum to about a minute and a quarter, each probe is one request of a few
 * queries, and a language with no provider at all is concluded in seconds.
 */
export const PROBE_POLICY = {
  /** Wait before the next probe, by probes made so far; probes made in all: one more than these. */
  delaysMs: [2_000, 5_000, 10_000, 20_000, 40_000] as readonly number[],
  /** Probes with only empty answers after which the language has no server. */
  maxEmpty: 2,
  /** Declarations asked about in one probe. */
  sites: 3,
};

export type ProbePolicy = typeof PROBE_POLICY;

/** Probes made so far for one language. */
export interface ProbeTally {
  readonly probes: number;
  readonly empty: number;
}

/** What to do after a probe: use the server, give up on the language, or probe again after `delayMs`. */
export type ProbeVerdict =
  | { readonly kind: 'answers'; readonly tally: ProbeTally }
  | { readonly kind: 'none'; readonly tally: ProbeTally }
  | { readonly kind: 'again'; readonly tally: ProbeTally; readonly delayMs: number };

/** The verdict on one more probe's answers, given the probes made before it. */
export function judgeProbe(before: ProbeTally, answers: LocationAnswers, policy: ProbePolicy = PROBE_POLICY): ProbeVerdict {
  const allEmpty = answers.length > 0 && answers.every((answer) => answer !== null && answer.length === 0);
  const tally = { probes: before.probes + 1, empty: before.empty + (allEmpty ? 1 : 0) };
  if (answers.some((answer) => answer !== null && answer.length > 0)) return { kind: 'answers', tally };
  if (tally.empty >= policy.maxEmpty || tally.probes > policy.delaysMs.length) return { kind: 'none', tally };
  return { kind: 'again', tally, delayMs: policy.delaysMs[tally.probes - 1] };
}
