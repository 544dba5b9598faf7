import type { GraphExtension } from '../graphExtension';

/** Load more (a row of the Blast Radius view): the next page of callers at a depth. */
export const loadMoreCallers = (ext: GraphExtension) => (depth: number): void => {
  if (Number.isInteger(depth)) ext.blastRadius.loadMore(depth);
};
