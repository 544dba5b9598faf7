import { ConfigError, type TraceIngestionConfig, parseTraceIngestion } from '../runtime/config';
import { type RunningRuntime, type RuntimeHost, startRuntimeService } from '../runtime/runtimeService';
import type { GraphService } from './graphService';
import type { TraceIngestionSettings, TraceReceiverResult } from './protocol';

/** A running OTLP receiver. */
export interface RunningTraceReceiver {
  readonly description: string;
  /** The runtime engine behind it (tests read its addresses and ingestor). */
  readonly runtime: RunningRuntime;
  stop(): Promise<void>;
}

/** Where the settings come from, in error messages. */
const SETTINGS = 'Code Graph settings (codeKnowledgeGraph.traceIngestion)';

/**
 * The `trace_ingestion` settings (SPEC §8 keys, durations in seconds) as the runtime
 * engine's config, checked as `ckg serve` checks its config file. The user asked for the
 * receiver, so it runs whatever `enabled` says (that setting only starts it with the server).
 */
export function receiverConfig(settings: TraceIngestionSettings): TraceIngestionConfig {
  return parseTraceIngestion({ ...settings, enabled: true }, SETTINGS);
}

/**
 * Starts the OTLP/gRPC and OTLP/HTTP receivers of `ckg serve` over the extension's graph:
 * spans are batched, mapped and written through the service's write queue (never
 * interleaved with an index run or an enrichment batch), the decay job runs, and the
 * graph is saved as the service saves after any write.
 */
export async function startTraceReceiver(
  service: GraphService, settings: TraceIngestionSettings, log: (message: string) => void = () => undefined,
): Promise<RunningTraceReceiver> {
  const config = receiverConfig(settings);
  const host: RuntimeHost = {
    store: () => service.store(),
    withFreshGraph: (work) => service.write(work),
    persist: () => service.flush(),
    now: () => service.now(),
  };
  const runtime = await startRuntimeService(host, { config, log });
  return {
    description: `OTLP/gRPC on ${runtime.grpcAddress}, OTLP/HTTP on http://${runtime.httpAddress}/v1/traces`,
    runtime,
    stop: () => runtime.close(),
  };
}

/** Start/stop bookkeeping the server's requests use. */
export class TraceReceiverControl {
  private running: RunningTraceReceiver | undefined;
  private starting: Promise<TraceReceiverResult> | undefined;

  constructor(private readonly service: GraphService, private readonly log: (message: string) => void = () => undefined) {}

  /** The running receiver, if any. */
  get receiver(): RunningTraceReceiver | undefined {
    return this.running;
  }

  start(settings: TraceIngestionSettings): Promise<TraceReceiverResult> {
    // Two quick Start commands must not race for the same ports.
    this.starting ??= this.startOnce(settings).finally(() => {
      this.starting = undefined;
    });
    return this.starting;
  }

  async stop(): Promise<TraceReceiverResult> {
    await this.starting?.catch(() => undefined);
    if (!this.running) return { running: false, message: 'the trace receiver is not running' };
    const receiver = this.running;
    this.running = undefined;
    await receiver.stop();
    return { running: false, message: 'trace receiver stopped; every span received was written to the graph' };
  }

  private async startOnce(settings: TraceIngestionSettings): Promise<TraceReceiverResult> {
    if (this.running) return { running: true, message: `already running: ${this.running.description}` };
    try {
      this.running = await startTraceReceiver(this.service, settings, this.log);
    } catch (error) {
      const reason = error instanceof ConfigError ? error.message : `cannot start the trace receiver: ${(error as Error).message}`;
      return { running: false, message: reason };
    }
    return { running: true, message: `receiving traces: ${this.running.description}` };
  }
}
