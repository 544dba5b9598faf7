import * as assert from 'node:assert/strict';
import { exportJsonl } from '../../src/export/graphExport';
import { withCallSites } from '../../src/model';
import { openStore } from '../../src/store';
import { FILE, REPO, REPO_URL, edge, node } from '../store/contract/rows';

async function records(store: Awaited<ReturnType<typeof openStore>>): Promise<Record<string, unknown>[]> {
  const lines: string[] = [];
  for await (const line of exportJsonl(store)) lines.push(line);
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('export/graphExport', () => {
  it('writes every site of an edge as call_sites, the first being call_site_*', async () => {
    const store = await openStore(':memory:');
    const [f, g, h] = [node('f'), node('g'), node('h')];
    await store.upsertRepo({ repoHash: REPO, repoUrl: REPO_URL, rootPath: '/r', serviceName: 'r' });
    await store.replaceFileNodes(FILE, [f, g, h], 1);
    const sites = [{ file: 'a.ts', line: 9, col: 4 }, { file: 'a.ts', line: 2, col: 7 }, { file: 'b.ts', line: 1, col: 1 }];
    await store.replaceOwnedEdges(FILE, REPO, [withCallSites(edge(f, g), sites), edge(f, h, 5)], 1, 's1');
    const edges = (await records(store)).filter((r) => r.type === 'edge');
    const many = edges.find((r) => r.target === g.nodeHash)!;
    assert.deepEqual([many.call_site_file, many.call_site_line, many.call_site_col], ['a.ts', 2, 7]);
    assert.deepEqual(many.call_sites, [['a.ts', 2, 7], ['a.ts', 9, 4], ['b.ts', 1, 1]]);
    assert.deepEqual(edges.find((r) => r.target === h.nodeHash)!.call_sites, [['a.ts', 5, 3]]);
    await store.close();
  });
});

describe('export/graphExport of a large graph', () => {
  it('exports a repository of 150k nodes (no argument list of that length)', async () => {
    const nodes = Array.from({ length: 150_000 }, (_, i) => ({ ...node(`big${i}`), fileHash: '' }));
    const store = {
      repos: async () => [{ repoHash: REPO, repoUrl: REPO_URL }],
      liveFiles: async () => [],
      liveNodesOfRepo: async () => nodes,
      liveEdges: async () => [],
    } as unknown as Awaited<ReturnType<typeof openStore>>;
    let count = 0;
    for await (const line of exportJsonl(store)) if (line.startsWith('{"type":"node"')) count++;
    assert.equal(count, 150_000);
  });
});
