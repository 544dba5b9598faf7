import type { GraphExtension } from '../graphExtension';

/** Show Output: the Code Graph output channel (server log, index runs, enrichment rates). */
export const showOutput = (ext: GraphExtension) => () => ext.output.show(true);
