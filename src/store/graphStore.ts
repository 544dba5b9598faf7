import type { StoreGeneration } from './records';
import type { GraphReader, GraphTables, NeighbourhoodReader, RuntimeEdgeStore, SnapshotLog, StoreLifecycle } from './roles';

/** What a store can do beyond the static graph (SPEC §1.5). Tools check these first. */
export interface StoreCapabilities {
  readonly runtime: boolean;
  readonly feedback: boolean;
  readonly testScope: boolean;
  /** BulkGraphWriter is a fast path: without it a first load is written row by row. */
  readonly bulkLoad: boolean;
  /**
   * `lockForWriting({ repository })` locks that repository alone, so writers of other
   * repositories go on meanwhile; whatever such a writer writes beyond its repository (an
   * index's linking and its re-link of other repositories' files) it writes under the
   * graph's lock, `lockForWriting()`. Absent: every writer lock is the whole graph's.
   */
  readonly repositoryLocks?: boolean;
}

/**
 * A backend: every role, with its lifecycle and what it can do; `neighbourhood` when it
 * answers point queries by bounded reads instead of a whole-graph view (a server database).
 */
export type GraphStore = GraphTables & StoreLifecycle & {
  readonly capabilities: StoreCapabilities;
  readonly neighbourhood?: NeighbourhoodReader;
};

/** What graph views are built from: the graph's reads, and the generation they are cached by. */
export type ViewSource = GraphReader & SnapshotLog & RuntimeEdgeStore & Pick<GraphStore, 'generation' | 'capabilities' | 'neighbourhood'>;

/** What trace ingest writes through: runtime rows in runtime-only transactions, and the routes it maps to. */
export type RuntimeWriter = ViewSource & Pick<GraphStore, 'runtimeTransaction'>;

/** Counts the writes that changed the static graph (every write but runtime-only ones). */
export function staticGeneration(generation: StoreGeneration): number {
  return generation.total - generation.runtime;
}
