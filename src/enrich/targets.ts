import type { IndexSummary } from '../index/repoIndexer';
import type { Hash } from '../model';
import type { GraphReader, SnapshotLog } from '../store';
import { LSP_PROVENANCE, SCIP_PROVENANCE } from './edgePlan';
import type { EnrichTarget } from './enricher';

/**
 * The files enrichment should visit after an index write (SPEC 2.3 rule 4, 3.2: a
 * re-indexed file's static edges replace all it owned, `lsp_resolved` ones included):
 * - files whose facts the run extracted (new or changed content);
 * - for each `lsp_resolved` edge the run replaced, the file whose query made it: the owner
 *   for a `calls` edge (a definition query at its call site), the target's file for
 *   `implements` and `references` edges (implementation and reference queries on the
 *   target symbol). So a save that re-links a caller, or re-indexes a file holding
 *   references into another file, gets those edges back once the language server answers.
 * Files no longer live are left out. Costs follow the size of the change, not the graph.
 */
export async function enrichTargetsOf(
  store: GraphReader & SnapshotLog, summary: Pick<IndexSummary, 'repoHash' | 'parsedPaths' | 'replacedNonStaticEdges'>,
): Promise<EnrichTarget[]> {
  const targets = new Map<string, EnrichTarget>();
  const add = (repoHash: Hash, path: string): void => void targets.set(`${repoHash}:${path}`, { repoHash, path });
  for (const path of summary.parsedPaths) add(summary.repoHash, path);
  const replaced = summary.replacedNonStaticEdges.filter((e) => e.provenance === LSP_PROVENANCE || e.provenance === SCIP_PROVENANCE);
  if (replaced.length === 0) return [...targets.values()];
  const liveFiles = new Map<Hash, { repoHash: Hash; path: string }>();
  for (const repo of await store.repos()) for (const file of await store.liveFiles(repo.repoHash)) liveFiles.set(file.fileHash, { repoHash: repo.repoHash, path: file.path });
  for (const edge of replaced) {
    const queried = edge.edgeType === 'calls' ? edge.ownerFileHash : (await store.node(edge.targetHash))?.fileHash;
    const file = queried ? liveFiles.get(queried) : undefined;
    if (file) add(file.repoHash, file.path);
  }
  return [...targets.values()];
}
