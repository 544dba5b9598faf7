import { type GraphEdge, type GraphNode, type Hash, Identity, NO_LATER_CALL_SITES } from '../model';
import { type GraphTables, type RuntimeWriter, type ServiceSeen, staticGeneration } from '../store';
import {
  type LifecycleWindows, computeConfidence, dayOf, lifecycleState, shouldGarbageCollect,
} from './confidence';
import { TRACE_INGESTION_DEFAULTS, type TraceIngestionConfig } from './config';
import { logEntryToSpan } from './accessLogs';
import {
  type EdgeObservations, type Observation, aggregate, mergeTraceIds, parseProvenance, provenanceWithTraceIds,
} from './observations';
import { RouteTable } from './routeMatcher';
import { ServiceMapper } from './serviceMapper';
import { type MappingTables, SpanMapper, UNRESOLVED_CONFIDENCE } from './spanMapper';
import type { HTTPLogEntry, TraceSpan } from './spans';

/** SPEC 2.9: what an ingest did to the graph. */
export interface IngestResult {
  readonly created: number;
  readonly updated: number;
}

/** SPEC 4.4 trace_stats / SPEC 2.9 RuntimeEdgeStats. */
export interface RuntimeEdgeStats {
  readonly TotalEdges: number;
  readonly ActiveEdges: number;
  readonly StaleEdges: number;
  readonly GCEligible: number;
  readonly ByEdgeType: Record<string, number>;
}

/** Counter names in the store's runtime_counters (reported in trace_stats' _meta). */
export const COUNTERS = {
  spansReceived: 'spans_received',
  spansMapped: 'spans_mapped',
  spansUnmapped: 'spans_unmapped',
  logEntriesReceived: 'log_entries_received',
  batchesDropped: 'batches_dropped',
  spansDropped: 'spans_dropped',
} as const;

export interface IngestorOptions {
  readonly config?: Partial<TraceIngestionConfig>;
  /** Unix seconds; tests pass a fake clock. */
  readonly now?: () => number;
}

/**
 * The runtime edge writer (SPEC 3.1-3.2, 2.9). Observations become edges with provenance
 * otel_trace (otel_access_log for logs) or runtime_unresolved; a new edge records an
 * 'added' event, later observations update it in place (hash, events unchanged). The
 * decay job ages confidence and collects edges past the GC threshold with a 'removed'
 * event. Edges open at their repo's next snapshot seq: no snapshot is ever created here.
 * SPEC names: IngestSpans -> ingestSpans, IngestHTTPLogs -> ingestHTTPLogs,
 * DecayConfidence -> decayConfidence, RuntimeEdgeStats -> runtimeEdgeStats.
 */
export class RuntimeIngestor {
  readonly config: TraceIngestionConfig;
  private readonly now: () => number;
  private readonly mapper = new SpanMapper();
  private tables: { store: RuntimeWriter; generation: number; tables: MappingTables } | undefined;

  constructor(private readonly store: () => RuntimeWriter, options: IngestorOptions = {}) {
    this.config = { ...TRACE_INGESTION_DEFAULTS, ...options.config };
    this.now = options.now ?? (() => Math.floor(Date.now() / 1000));
  }

  get windows(): LifecycleWindows {
    return this.config;
  }

  /** Spans held back one batch for their parent span. */
  get pendingSpans(): number {
    return this.mapper.pending;
  }

  /** Maps and writes a batch of spans. `final` (at shutdown) holds back no span. */
  async ingestSpans(spans: readonly TraceSpan[], final = false): Promise<IngestResult> {
    const { observations, unmapped } = this.mapper.map(spans, await this.mappingTables(), final);
    return this.write(observations, seenServices(spans.map((s) => s.serviceName), this.now()), {
      [COUNTERS.spansReceived]: spans.length, [COUNTERS.spansMapped]: observations.length, [COUNTERS.spansUnmapped]: unmapped,
    });
  }

  async ingestHTTPLogs(entries: readonly HTTPLogEntry[]): Promise<IngestResult> {
    const { observations } = this.mapper.map(entries.map(logEntryToSpan), await this.mappingTables(), true);
    const fromLogs = observations.map((o): Observation => (o.provenance === 'otel_trace' ? { ...o, provenance: 'otel_access_log' } : o));
    return this.write(fromLogs, seenServices(entries.map((e) => e.serviceName), this.now()), {
      [COUNTERS.logEntriesReceived]: entries.length,
    });
  }

  /** Adds to the ingest counters (the batch queue reports its drops here). */
  async count(deltas: Readonly<Record<string, number>>): Promise<void> {
    await this.store().runtimeTransaction((tx) => tx.addRuntimeCounters(deltas));
  }

  /**
   * The decay job's first half: observations older than the window are dropped, and every
   * runtime edge's count and confidence recomputed (stale: 0.2, GC-eligible: 0.0).
   * Returns the number of edges updated.
   */
  async decayConfidence(): Promise<number> {
    // No runtime edge means no observation either (removing an edge removes its
    // observations): no transaction then, so a graph without runtime data keeps its
    // generation when a server starts, and no replica refreshes for nothing.
    if ((await this.store().liveRuntimeEdges()).length === 0) return 0;
    const now = this.now();
    const since = this.windowStart(now);
    let updated = 0;
    await this.store().runtimeTransaction(async (tx) => {
      await tx.pruneObservations(since);
      const edges = await tx.liveRuntimeEdges();
      const totals = await tx.observationTotals('all', since);
      const caps = await tx.runtimeConfidenceCaps(edges.map((e) => e.edgeHash));
      for (const edge of edges) {
        const count = totals.get(edge.edgeHash) ?? 0;
        const confidence = computeConfidence(count, edge.lastObserved, now, caps.get(edge.edgeHash) ?? defaultCap(edge), this.windows);
        if (count === edge.observationCount && confidence === edge.confidence) continue;
        await tx.updateRuntimeEdge(edge.edgeHash, { observationCount: count, lastObserved: edge.lastObserved, confidence, provenance: edge.provenance });
        updated++;
      }
    });
    return updated;
  }

  /** The decay job's second half: edges past the GC threshold are collected with a 'removed' event. */
  async collectGarbage(): Promise<number> {
    const store = this.store();
    const now = this.now();
    const doomed = (await store.liveRuntimeEdges()).filter((e) => shouldGarbageCollect(e.lastObserved, now, this.config.gcThresholdDays));
    if (doomed.length === 0) return 0;
    await store.runtimeTransaction(async (tx) => {
      const seqOf = nextSeqs(tx);
      for (const edge of doomed) {
        const repoHash = (await tx.node(edge.sourceHash))?.repoHash ?? (await tx.node(edge.targetHash))?.repoHash ?? '';
        await tx.removeRuntimeEdge(edge.edgeHash, await seqOf(repoHash), now);
      }
      await tx.closeUntouchedPlaceholders([...new Set(doomed.flatMap((e) => [e.sourceHash, e.targetHash]))]);
    });
    return doomed.length;
  }

  async runtimeEdgeStats(): Promise<RuntimeEdgeStats> {
    return runtimeEdgeStats(await this.store().liveRuntimeEdges(), this.now(), this.windows);
  }

  private async write(observations: readonly Observation[], services: ServiceSeen[], counters: Record<string, number>): Promise<IngestResult> {
    const now = this.now();
    const edges = aggregate(observations);
    let created = 0;
    let updated = 0;
    await this.store().runtimeTransaction(async (tx) => {
      const hashes = edges.map(edgeHashOf);
      const live = new Map((await tx.liveEdgesByHash(hashes)).map((e) => [e.edgeHash, e]));
      for (let i = 0; i < edges.length; i++) for (const [day, count] of edges[i].byDay) await tx.addObservations(hashes[i], day, count);
      const totals = await tx.observationTotals(hashes, this.windowStart(now));
      const caps = await tx.runtimeConfidenceCaps([...live.keys()]);
      const seqOf = nextSeqs(tx);
      const placeholders = new Map<Hash, GraphNode[]>();
      for (let i = 0; i < edges.length; i++) {
        const edge = edges[i];
        const hash = hashes[i];
        const count = totals.get(hash) ?? edge.count;
        const old = live.get(hash);
        if (old) {
          const lastObserved = Math.min(now, Math.max(old.lastObserved, edge.lastObserved));
          const capChanged = caps.get(hash) !== edge.confidenceCap;
          await tx.updateRuntimeEdge(hash, {
            observationCount: count,
            lastObserved,
            confidence: computeConfidence(count, lastObserved, now, edge.confidenceCap, this.windows),
            provenance: provenanceWithTraceIds(edge.provenance, mergeTraceIds(edge.traceIds, parseProvenance(old.provenance).traceIds)),
            ...(capChanged ? { confidenceCap: edge.confidenceCap } : {}),
          });
          updated++;
          continue;
        }
        for (const end of [edge.source, edge.target]) {
          if (end.placeholder) placeholders.set(end.repoHash, [...(placeholders.get(end.repoHash) ?? []), end.placeholder]);
        }
        const seq = await seqOf(edge.source.repoHash);
        const lastObserved = Math.min(now, edge.lastObserved);
        await tx.insertRuntimeEdge(newEdge(hash, edge, count, lastObserved, computeConfidence(count, lastObserved, now, edge.confidenceCap, this.windows)),
          edge.source.repoHash, seq, edge.confidenceCap, now);
        created++;
      }
      for (const [repoHash, nodes] of placeholders) await tx.ensureRepoLevelNodes(nodes, await seqOf(repoHash));
      await tx.recordServicesSeen(services);
      await tx.addRuntimeCounters(counters);
    });
    return { created, updated };
  }

  /** The first day counted in the observation window. */
  private windowStart(now: number): number {
    return dayOf(now) - this.config.observationWindowDays + 1;
  }

  /** Route and service tables, rebuilt when the static graph changed (an index run); runtime writes keep them. */
  private async mappingTables(): Promise<MappingTables> {
    const store = this.store();
    const generation = staticGeneration(await store.generation());
    if (!this.tables || this.tables.store !== store || this.tables.generation !== generation) {
      const repos = await store.repos();
      this.tables = {
        store,
        generation,
        tables: { routes: new RouteTable(await store.routeSymbols()), services: new ServiceMapper(repos, this.config.serviceMap) },
      };
    }
    return this.tables.tables;
  }
}

/** Each repo's next snapshot seq, read once per transaction: where runtime rows open and close. */
function nextSeqs(tx: GraphTables): (repoHash: Hash) => Promise<number> {
  const seqs = new Map<Hash, number>();
  return async (repoHash) => {
    let seq = seqs.get(repoHash);
    if (seq === undefined) seqs.set(repoHash, (seq = await tx.nextSnapshotSeq(repoHash)));
    return seq;
  };
}

/** SPEC 4.4 trace_stats counts: the lifecycle states partition the edges. */
export function runtimeEdgeStats(edges: readonly GraphEdge[], now: number, windows: LifecycleWindows): RuntimeEdgeStats {
  let active = 0;
  let stale = 0;
  let gcEligible = 0;
  const byType = new Map<string, number>();
  for (const edge of edges) {
    const state = lifecycleState(edge.lastObserved, now, windows);
    if (state === 'gc_eligible') gcEligible++;
    else if (state === 'stale') stale++;
    else active++;
    byType.set(edge.edgeType, (byType.get(edge.edgeType) ?? 0) + 1);
  }
  return {
    TotalEdges: edges.length,
    ActiveEdges: active,
    StaleEdges: stale,
    GCEligible: gcEligible,
    ByEdgeType: Object.fromEntries([...byType].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
  };
}

function edgeHashOf(edge: EdgeObservations): Hash {
  return Identity.edge(edge.source.nodeHash, edge.target.nodeHash, edge.edgeType, edge.provenance);
}

function newEdge(edgeHash: Hash, edge: EdgeObservations, count: number, lastObserved: number, confidence: number): GraphEdge {
  return {
    edgeHash, sourceHash: edge.source.nodeHash, targetHash: edge.target.nodeHash, edgeType: edge.edgeType, confidence,
    provenance: provenanceWithTraceIds(edge.provenance, edge.traceIds), callSiteFile: '', callSiteLine: 0, callSiteCol: 0, laterCallSites: NO_LATER_CALL_SITES,
    observationCount: count, lastObserved, ownerFileHash: '',
  };
}

/** The cap of an edge written without one recorded (older rows): unresolved edges stay at 0.3. */
function defaultCap(edge: GraphEdge): number {
  return edge.provenance === 'runtime_unresolved' ? UNRESOLVED_CONFIDENCE : 0.95;
}

function seenServices(names: readonly string[], now: number): ServiceSeen[] {
  const counts = new Map<string, number>();
  for (const name of names) if (name !== '') counts.set(name, (counts.get(name) ?? 0) + 1);
  return [...counts].map(([serviceName, spans]) => ({ serviceName, firstSeen: now, lastSeen: now, spans }));
}

