import type { GraphNode, GraphStore, Hash, Identity } from '../../src/lib';

/** The synthetic hub graph of syntheticHub.mjs, as written. */
export interface SyntheticHub {
  readonly hub: GraphNode;
  readonly repoHash: Hash;
  readonly nodes: number;
  readonly edges: number;
  readonly callers: number;
}

/** Writes a hub with `levels[i]` callers at depth i + 1 and `others` unrelated functions (see syntheticHub.mjs). */
export function writeSyntheticHub(
  store: GraphStore, model: { readonly Identity: typeof Identity },
  options: { readonly repoUrl?: string; readonly levels: readonly number[]; readonly others?: number },
): Promise<SyntheticHub>;
