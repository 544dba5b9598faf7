import type { GraphStore } from '../../../src/store';
import { callSitesContract } from './callSites';
import { enrichmentLogContract } from './enrichmentLog';
import { fileStatCacheContract } from './fileStatCache';
import { lifecycleContract } from './lifecycle';
import { providesRegistryContract } from './providesRegistry';
import { requestsRegistryContract } from './requestsRegistry';
import { runtimeAndFeedbackContract } from './runtimeAndFeedback';
import { staticGraphContract } from './staticGraph';

/**
 * The behaviour every store backend owes its callers, by role. A backend's test calls
 * this with a factory that opens a fresh, empty store; a new backend passes it unchanged.
 */
export function describeStoreContract(backend: string, open: () => Promise<GraphStore>): void {
  describe(`store contract: ${backend}`, () => {
    describe('static graph (SnapshotLog, GraphReader, StaticGraphWriter, FactsCache)', () => staticGraphContract(open));
    describe('every call site of an edge', () => callSitesContract(open));
    describe('runtime edges and feedback', () => runtimeAndFeedbackContract(open));
    describe('transactions, generations, bulk load, persistence', () => lifecycleContract(open));
    describe('enrichment visits (EnrichmentLog)', () => enrichmentLogContract(open));
    describe('file stats (FileStatCache)', () => fileStatCacheContract(open));
    describe('what repositories provide (ProvidesRegistry)', () => providesRegistryContract(open));
    describe('which services repositories request (RequestsRegistry)', () => requestsRegistryContract(open));
  });
}
