import type { GraphStore } from '../store/graphStore';
import { BatchQueue } from './batchQueue';
import { type TraceIngestionConfig, endpointAt } from './config';
import { startDecayJob } from './decayJob';
import { DropWarnings } from './dropWarnings';
import { CollectorLink } from './forwarder/collectorLink';
import { grpcTransport } from './forwarder/grpcTransport';
import { COUNTERS, RuntimeIngestor } from './ingestor';
import { checkReceiverBinds } from './receivers/access';
import { startGrpcReceiver } from './receivers/grpcReceiver';
import { startHttpReceiver } from './receivers/httpReceiver';
import type { RequestSink, RunningReceiver } from './receivers/receiver';
import { type Scheduler, realScheduler } from './scheduler';

/** The graph the runtime engine writes into: the MCP server's deps satisfy it. */
export interface RuntimeHost {
  store(): GraphStore;
  /** Runs a write against the newest graph file (re-read first when another process wrote it). */
  withFreshGraph?<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Runs a write as the graph's one writer, holding its writer lock until the next
   * persist(); preferred over withFreshGraph when the host has it (`ckg serve`).
   */
  withGraphWrite?<T>(work: () => Promise<T>): Promise<T>;
  /** Saves the graph file (and lets go of the writer lock). */
  persist(): Promise<void>;
  /** Unix seconds. */
  now(): number;
}

export interface RuntimeServiceOptions {
  readonly config: TraceIngestionConfig;
  readonly log: (message: string) => void;
  readonly scheduler?: Scheduler;
  /** The serve token (`--token`, CKG_TOKEN): when set, both receivers require `Bearer <token>`. */
  readonly token?: string;
  /** Saves at most this often while spans arrive (default: the batch interval). */
  readonly persistIntervalMs?: number;
}

export interface RunningRuntime {
  readonly grpcAddress: string;
  readonly httpAddress: string;
  readonly ingestor: RuntimeIngestor;
  readonly link: CollectorLink;
  readonly queue: BatchQueue;
  /** Stops receiving, writes every queued span, stops the decay job and the forwarder, saves. */
  close(): Promise<void>;
}

/**
 * The runtime half of `ckg serve`: OTLP/gRPC and OTLP/HTTP receivers feeding the batch
 * queue, the single writer (RuntimeIngestor) draining it into the graph, the decay job,
 * and the forwarder link when trace_ingestion.forward_endpoint is set. Writes are saved
 * to the graph file at most every persistIntervalMs, and on close.
 */
export async function startRuntimeService(host: RuntimeHost, options: RuntimeServiceOptions): Promise<RunningRuntime> {
  const { config, log } = options;
  const scheduler = options.scheduler ?? realScheduler;
  const ingestor = new RuntimeIngestor(() => host.store(), { config, now: () => host.now() });
  const write = <T>(work: () => Promise<T>): Promise<T> => {
    if (host.withGraphWrite) return host.withGraphWrite(work);
    return host.withFreshGraph ? host.withFreshGraph(work) : Promise.resolve().then(work);
  };

  let dirty = false;
  let saveTimer: unknown;
  let saving: Promise<void> = Promise.resolve();
  const save = (): Promise<void> => {
    scheduler.clearTimeout(saveTimer);
    saveTimer = undefined;
    if (!dirty) return saving;
    dirty = false;
    saving = saving.then(() => host.persist()).catch((error: unknown) => log(`ckg serve: cannot save the graph: ${(error as Error).message}`));
    return saving;
  };
  const changed = (): void => {
    dirty = true;
    saveTimer ??= scheduler.setTimeout(() => void save(), options.persistIntervalMs ?? config.batchIntervalMs);
  };

  const grpcAt = endpointAt(config.otlpGrpcEndpoint, 'trace_ingestion.otlp_endpoint');
  const httpAt = endpointAt(config.otlpHttpEndpoint, 'trace_ingestion.otlp_endpoint.http');
  checkReceiverBinds(config, options.token, log);

  // spans_received counts every span a receiver accepted: a written batch counts its spans
  // in ingestSpans, a dropped or failed one here, so received = written + dropped + failed.
  const counting = new Set<Promise<void>>();
  const countLost = (deltas: Record<string, number>): void => {
    const done = write(() => ingestor.count(deltas)).then(changed, (error: unknown) => log(`ckg serve: cannot count lost spans: ${(error as Error).message}`));
    counting.add(done);
    void done.finally(() => counting.delete(done));
  };
  const dropWarnings = new DropWarnings(scheduler, log, config.queueSize);
  const queue = new BatchQueue({
    batchSize: config.batchSize,
    batchIntervalMs: config.batchIntervalMs,
    queueSize: config.queueSize,
    scheduler,
    process: async (batch) => {
      try {
        await write(() => ingestor.ingestSpans(batch));
      } catch (error) {
        countLost({ [COUNTERS.spansReceived]: batch.length });
        throw error;
      }
      changed();
    },
    onDrop: (batch) => {
      dropWarnings.dropped(batch.length);
      countLost({ [COUNTERS.batchesDropped]: 1, [COUNTERS.spansDropped]: batch.length, [COUNTERS.spansReceived]: batch.length });
    },
    onError: (error) => log(`ckg serve: a trace batch could not be written: ${(error as Error).stack ?? String(error)}`),
  });

  const link = new CollectorLink({
    endpoint: config.forwardEndpoint,
    enabled: config.enabled,
    transport: config.forwardEndpoint ? grpcTransport(config.forwardEndpoint) : undefined,
    scheduler,
    log,
  });

  const sink: RequestSink = (request, protobuf) => {
    if (request.spans.length === 0) return;
    queue.add(request.spans);
    if (link.state !== 'DISABLED') link.forward(protobuf(), request.spans.length);
  };
  const receivers: RunningReceiver[] = [];
  try {
    receivers.push(await startGrpcReceiver({ ...grpcAt, maxMessageBytes: config.maxMessageBytes, sink, log, token: options.token }));
    receivers.push(await startHttpReceiver({ ...httpAt, maxMessageBytes: config.maxMessageBytes, sink, log, token: options.token }));
  } catch (error) {
    await Promise.all(receivers.map((r) => r.close()));
    link.close();
    throw error;
  }

  const decay = startDecayJob({
    intervalMs: config.confidenceDecayIntervalMs,
    scheduler,
    run: async () => {
      const result = await write(async () => ({ decayed: await ingestor.decayConfidence(), collected: await ingestor.collectGarbage() }));
      if (result.decayed + result.collected > 0) changed();
      // Nothing to save: let the writer lock go now. Kept until a later save, a run with no
      // change (every start) held it until spans arrived, and `ckg index` waited that long.
      else await host.persist();
    },
    onError: (error) => log(`ckg serve: the confidence decay job failed: ${(error as Error).message}`),
  });

  return {
    grpcAddress: receivers[0].address,
    httpAddress: receivers[1].address,
    ingestor,
    link,
    queue,
    async close() {
      await Promise.all(receivers.map((r) => r.close()));
      await queue.flush();
      if (ingestor.pendingSpans > 0) {
        await write(() => ingestor.ingestSpans([], true));
        changed();
      }
      dropWarnings.flush();
      await Promise.all(counting);
      await decay.stop();
      link.close();
      await save();
    },
  };
}
