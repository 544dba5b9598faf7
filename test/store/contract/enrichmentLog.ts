import * as assert from 'node:assert/strict';
import type { GraphStore } from '../../../src/store';
import { FILE, OTHER_FILE, REPO, file, snapshot } from './rows';

/** EnrichmentLog: which files compiler-grade passes visited, in what state. */
export function enrichmentLogContract(open: () => Promise<GraphStore>): void {
  let store: GraphStore;
  beforeEach(async () => {
    store = await open();
  });
  afterEach(async () => {
    await store.close();
  });

  const visit = (fileHash: string, source: string, contentHash: string, at: number) => ({
    fileHash, source, contentHash, inputDigest: 'tsserver 5.9', edgesDigest: `e-${at}`, at,
  });

  it('keeps the latest visit per file and source, and answers by source', async () => {
    await store.recordEnrichment([visit(FILE, 'lsp:tsserver', 'c1', 10), visit(FILE, 'scip', 'c1', 11)]);
    await store.recordEnrichment([visit(FILE, 'lsp:tsserver', 'c2', 20)]);
    assert.deepEqual(await store.enrichmentStates('lsp:tsserver', [FILE, OTHER_FILE]), [visit(FILE, 'lsp:tsserver', 'c2', 20)]);
    assert.deepEqual(await store.enrichmentStates('scip', [FILE]), [visit(FILE, 'scip', 'c1', 11)]);
    assert.deepEqual(await store.enrichmentStates('scip', []), []);
  });

  it('summarises visits of live files in their current content only, and is no graph write', async () => {
    await store.insertSnapshot(snapshot(1));
    await store.openFile(file('a.ts', 'c1'), 1);
    await store.openFile(file('b.ts', 'c1'), 1);
    const before = await store.generation();
    await store.recordEnrichment([visit(FILE, 'lsp:tsserver', 'c1', 10), visit(OTHER_FILE, 'lsp:tsserver', 'old', 30)]);
    assert.deepEqual(await store.generation(), before);
    assert.deepEqual(await store.enrichmentSummary(REPO), [{ source: 'lsp:tsserver', files: 1, lastAt: 10 }]);
    assert.deepEqual(await store.enrichmentSummary('0'.repeat(64)), []);
    await assert.rejects(store.recordEnrichment([visit(FILE, '', 'c1', 1)]), /source must not be empty/);
  });
}
