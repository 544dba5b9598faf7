import type { GraphSettings } from '../../src/server/protocol';

/** The settings the extension sends by default (package.json contributes.configuration). */
export function defaultSettings(overrides: Partial<GraphSettings> = {}): GraphSettings {
  return {
    exclude: ['**/node_modules/**', '**/dist/**'],
    maxFileBytes: 1_048_576,
    enrichment: { enabled: true, timeoutMs: 5000, batchSize: 50 },
    tokenCap: 25_000,
    traceIngestion: {
      enabled: false, otlp_endpoint: '127.0.0.1:4317', batch_size: 1000, batch_interval: 10, confidence_decay_interval: 3600,
      gc_threshold_days: 90, service_map: {},
    },
    ...overrides,
  };
}
