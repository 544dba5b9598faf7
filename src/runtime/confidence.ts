import { TRACE_INGESTION_DEFAULTS } from './config';

/**
 * The runtime edge lifecycle as pure functions of counts and times (SPEC 3.1-3.2). "now"
 * is always passed in, so a test can move time. SPEC names: ComputeConfidence ->
 * computeConfidence, ShouldGarbageCollect -> shouldGarbageCollect.
 */
export const SECONDS_PER_DAY = 86_400;

export interface LifecycleWindows {
  /** No observation for this long: stale, confidence 0.2. */
  readonly staleAfterDays: number;
  /** No observation for longer: GC-eligible, confidence 0.0. */
  readonly gcThresholdDays: number;
  /** Days of observations ObservationCount counts (trace_ingestion.observation_window_days); 7 when absent. */
  readonly observationWindowDays?: number;
}

export const LIFECYCLE_DEFAULTS: LifecycleWindows = {
  staleAfterDays: TRACE_INGESTION_DEFAULTS.staleAfterDays,
  gcThresholdDays: TRACE_INGESTION_DEFAULTS.gcThresholdDays,
};

export type LifecycleState = 'active' | 'stale' | 'gc_eligible';

/** SPEC 3.1: confidence from the observation count in the window. */
export function confidenceForCount(count: number): number {
  if (count > 1000) return 0.95;
  if (count >= 100) return 0.85;
  if (count >= 10) return 0.7;
  if (count >= 1) return 0.5;
  return 0.2;
}

/** SPEC 3.2: active, stale (no observation for staleAfterDays), GC-eligible (beyond the GC threshold). */
export function lifecycleState(lastObserved: number, now: number, windows: LifecycleWindows = LIFECYCLE_DEFAULTS): LifecycleState {
  if (shouldGarbageCollect(lastObserved, now, windows.gcThresholdDays)) return 'gc_eligible';
  if (now - lastObserved >= windows.staleAfterDays * SECONDS_PER_DAY) return 'stale';
  return 'active';
}

/**
 * SPEC 3.1-3.2 ComputeConfidence: the count bracket while active, 0.2 once stale, 0.0
 * once GC-eligible; never above `cap` (0.3 for heuristic service mappings and
 * unresolved routes). Between 0 and 30 days age does not lower it beyond what the
 * window count already says (SPEC leaves the mix open; this is the choice).
 */
export function computeConfidence(
  windowCount: number, lastObserved: number, now: number, cap = 0.95, windows: LifecycleWindows = LIFECYCLE_DEFAULTS,
): number {
  switch (lifecycleState(lastObserved, now, windows)) {
    case 'gc_eligible':
      return 0;
    case 'stale':
      return Math.min(0.2, cap);
    default:
      return Math.min(confidenceForCount(windowCount), cap);
  }
}

/** SPEC 3.2: true when now - lastObserved exceeds gc_threshold_days x 86400 seconds. */
export function shouldGarbageCollect(lastObserved: number, now: number, gcThresholdDays = LIFECYCLE_DEFAULTS.gcThresholdDays): boolean {
  return now - lastObserved > gcThresholdDays * SECONDS_PER_DAY;
}

/** SPEC 4.10.3 confidence band of an existing edge. */
export type ConfidenceBand = 'high' | 'low' | 'stale';

export function confidenceBand(confidence: number, lastObserved: number, now: number, windows: LifecycleWindows = LIFECYCLE_DEFAULTS): ConfidenceBand {
  if (lifecycleState(lastObserved, now, windows) !== 'active') return 'stale';
  return confidence >= 0.7 ? 'high' : 'low';
}

/** The Unix day number of a time: observation buckets are per UTC day. */
export function dayOf(seconds: number): number {
  return Math.floor(seconds / SECONDS_PER_DAY);
}
