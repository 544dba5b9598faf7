import * as vscode from 'vscode';
import type { GraphSettings } from '../server/protocol';
import { type DatabaseChoice, databaseOfSetting } from './databaseSetting';

export const SECTION = 'codeKnowledgeGraph';

/** What applying a settings change takes. */
export type ChangeEffect = 'live' | 'reindex' | 'restartReceiver' | 'restartServer';

/** Which keys take what to apply; the rest apply live (the server gets them at once). */
const EFFECTS: Record<string, ChangeEffect> = {
  'indexing.exclude': 'reindex',
  'indexing.maxFileSize': 'reindex',
  'traceIngestion': 'restartReceiver',
  'database': 'restartServer',
};

export const DEFAULT_EXCLUDE = ['**/node_modules/**', '**/dist/**', '**/out/**', '**/build/**', '**/vendor/**', '**/*.min.js'];

/**
 * The extension's settings, typed, read once per change. The server receives them as
 * GraphSettings; keys under `traceIngestion` mirror the SPEC's `trace_ingestion`.
 */
export class GraphConfig {
  constructor(private readonly read: vscode.WorkspaceConfiguration = vscode.workspace.getConfiguration(SECTION)) {}

  static current(): GraphConfig {
    return new GraphConfig();
  }

  get codeLensEnabled(): boolean {
    return this.read.get<boolean>('codeLens.enabled', true);
  }

  /** The budget Copy Context offers first; SPEC defaults apply when empty. */
  get contextBudget(): number | undefined {
    return this.read.get<number | null>('context.defaultTokenBudget', null) ?? undefined;
  }

  /** What the Communities view does with communities made mostly of test code. */
  get communitiesTestCode(): 'group' | 'exclude' | 'include' {
    const mode = this.read.get<string>('communities.testCode', 'group');
    return mode === 'exclude' || mode === 'include' ? mode : 'group';
  }

  /** Where the graph server keeps the graph: a shared database (databaseSetting.ts), else the workspace's own file. */
  get database(): DatabaseChoice {
    return databaseOfSetting(this.read.get<unknown>('database', ''));
  }

  get contextFormat(): string {
    return this.read.get<string>('context.defaultFormat', 'xml');
  }

  settings(): GraphSettings {
    const r = this.read;
    return {
      exclude: r.get<string[]>('indexing.exclude', DEFAULT_EXCLUDE),
      maxFileBytes: positiveInteger(r.get<number>('indexing.maxFileSize', 1024 * 1024), 1024 * 1024),
      enrichment: {
        enabled: r.get<boolean>('enrichment.enabled', true),
        timeoutMs: positiveInteger(r.get<number>('enrichment.timeoutMs', 5000), 5000),
        batchSize: positiveInteger(r.get<number>('enrichment.batchSize', 50), 50),
      },
      tokenCap: Math.max(1000, positiveInteger(r.get<number>('mcp.tokenCap', 25000), 25000)),
      traceIngestion: {
        enabled: r.get<boolean>('traceIngestion.enabled', false),
        otlp_endpoint: r.get<string>('traceIngestion.otlpEndpoint', '127.0.0.1:4317'),
        batch_size: positiveInteger(r.get<number>('traceIngestion.batchSize', 1000), 1000),
        batch_interval: positiveInteger(r.get<number>('traceIngestion.batchInterval', 10), 10),
        confidence_decay_interval: positiveInteger(r.get<number>('traceIngestion.confidenceDecayInterval', 3600), 3600),
        gc_threshold_days: positiveInteger(r.get<number>('traceIngestion.gcThresholdDays', 90), 90),
        service_map: r.get<Record<string, unknown>>('traceIngestion.serviceMap', {}),
      },
    };
  }
}

/** The strongest effect of a configuration change on our section, or undefined when it does not touch it. */
export function effectOf(event: vscode.ConfigurationChangeEvent): ChangeEffect | undefined {
  if (!event.affectsConfiguration(SECTION)) return undefined;
  const effects = Object.entries(EFFECTS).filter(([key]) => event.affectsConfiguration(`${SECTION}.${key}`)).map(([, effect]) => effect);
  if (effects.includes('restartServer')) return 'restartServer';
  return effects.includes('reindex') ? 'reindex' : effects.includes('restartReceiver') ? 'restartReceiver' : 'live';
}

function positiveInteger(value: number | undefined, fallback: number): number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : fallback;
}
