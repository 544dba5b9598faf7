/**
 * What a snapshot's hold on other repositories' runtime edges (migration 011, SPEC 3.5)
 * must change to, worked out the same way for both backends: a hold is an interval in the
 * repository's own snapshot seqs pointing at one version (edge id, the row's added_in) of
 * the edge row.
 */

/** A hold still open: the edge version it points at, and the seq it opened at. */
export interface HeldSpan {
  readonly edgeId: number;
  readonly edgeAddedIn: number;
  readonly addedIn: number;
}

export interface HeldSpanChanges {
  /** Holds opened at this very seq that no longer apply: deleted, as if never opened. */
  readonly drop: readonly HeldSpan[];
  /** Older holds that no longer apply: closed at this seq. */
  readonly close: readonly HeldSpan[];
  /** Edge versions to hold from this seq on: [edge id, the row's added_in]. */
  readonly open: ReadonlyArray<readonly [number, number]>;
}

/** The changes that make the open holds exactly `wanted` (edge id -> the row's added_in) at `seq`. */
export function heldSpanChanges(wanted: ReadonlyMap<number, number>, held: readonly HeldSpan[], seq: number): HeldSpanChanges {
  const toOpen = new Map(wanted);
  const drop: HeldSpan[] = [];
  const close: HeldSpan[] = [];
  for (const span of held) {
    if (toOpen.get(span.edgeId) === span.edgeAddedIn) toOpen.delete(span.edgeId);
    else if (span.addedIn === seq) drop.push(span);
    else close.push(span);
  }
  return { drop, close, open: [...toOpen] };
}
