import type { StoreGeneration } from './records';
import type { GraphTables, StoreLifecycle } from './roles';

/** What a store can do beyond the static graph (SPEC §1.5). Tools check these first. */
export interface StoreCapabilities {
  readonly runtime: boolean;
  readonly feedback: boolean;
  readonly testScope: boolean;
  /** BulkGraphWriter is a fast path: without it a first load is written row by row. */
  readonly bulkLoad: boolean;
}

/** A backend: every role, with its lifecycle and what it can do. */
export type GraphStore = GraphTables & StoreLifecycle & { readonly capabilities: StoreCapabilities };

/** Counts the writes that changed the static graph (every write but runtime-only ones). */
export function staticGeneration(generation: StoreGeneration): number {
  return generation.total - generation.runtime;
}
