import type { GraphExtension } from '../graphExtension';
import { TraceStatsPanel } from '../panels/traceStatsPanel';

/** Open Trace Stats: the trace_stats panel. */
export const openTraceStats = (ext: GraphExtension) => async () => TraceStatsPanel.createOrShow(ext.context.extensionUri, ext.client).update();
