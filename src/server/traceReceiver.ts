import type { GraphService } from './graphService';
import type { TraceIngestionSettings, TraceReceiverResult } from './protocol';

/** A running OTLP receiver, as the runtime module will provide it. */
export interface RunningTraceReceiver {
  readonly description: string;
  stop(): Promise<void>;
}

/**
 * The seam for the runtime issue's OTLP receiver (src/runtime, `ckg serve`): it is not
 * part of this build. When it lands, this function starts it over `service` (whose
 * store and write queue it must use) with `settings`, and returns it; until then it
 * says so, and nothing pretends to receive traces.
 */
export async function startTraceReceiver(service: GraphService, settings: TraceIngestionSettings): Promise<RunningTraceReceiver | undefined> {
  void service;
  void settings;
  return undefined;
}

export const RECEIVER_UNAVAILABLE =
  'The trace receiver is not available in this build of Code Graph: runtime ingestion (OTLP) is not included yet. '
  + 'Dead Routes and Trace Stats show runtime edges once a receiver has written them.';

/** Start/stop bookkeeping the server's requests use. */
export class TraceReceiverControl {
  private running: RunningTraceReceiver | undefined;

  constructor(private readonly service: GraphService) {}

  async start(settings: TraceIngestionSettings): Promise<TraceReceiverResult> {
    if (this.running) return { running: true, message: `already running: ${this.running.description}` };
    const receiver = await startTraceReceiver(this.service, settings);
    if (!receiver) return { running: false, message: RECEIVER_UNAVAILABLE };
    this.running = receiver;
    return { running: true, message: `receiving traces: ${receiver.description}` };
  }

  async stop(): Promise<TraceReceiverResult> {
    if (!this.running) return { running: false, message: 'the trace receiver is not running' };
    await this.running.stop();
    this.running = undefined;
    return { running: false, message: 'trace receiver stopped' };
  }
}
