import type { EnrichTarget } from '../enrich/enricher';
import { LSP_PROVENANCE } from '../enrich/edgePlan';
import type { GraphEdge, Hash } from '../model';
import type { GraphStore } from '../store/graphStore';

/** The graph as enrichment left it, taken just before an index write. */
export interface EnrichmentBaseline {
  /** Live `lsp_resolved` edges by hash. */
  readonly lspEdges: ReadonlyMap<Hash, GraphEdge>;
  /** Content hash of every live file, by file hash. */
  readonly content: ReadonlyMap<Hash, Hash>;
}

export function enrichmentBaseline(store: GraphStore): EnrichmentBaseline {
  const content = new Map<Hash, Hash>();
  for (const repo of store.repos()) for (const file of store.liveFiles(repo.repoHash)) content.set(file.fileHash, file.contentHash);
  return { lspEdges: new Map(store.liveEdges({ provenance: LSP_PROVENANCE }).map((e) => [e.edgeHash, e])), content };
}

/**
 * The files enrichment should visit after an index write (SPEC 2.3 rule 4, 3.2: a
 * re-indexed file's static edges replace all it owned, `lsp_resolved` ones included):
 * - files that are new or whose content changed;
 * - for each `lsp_resolved` edge the write took away, the file whose query made it: the
 *   owner for a `calls` edge (a definition query at its call site), the target's file for
 *   `implements` and `references` edges (implementation and reference queries on the
 *   target symbol). So a save that re-links a caller, or re-indexes a file holding
 *   references into another file, gets those edges back once the language server answers.
 * Files no longer live are left out.
 */
export function enrichTargetsSince(store: GraphStore, before: EnrichmentBaseline): EnrichTarget[] {
  const live = new Map<Hash, EnrichTarget & { contentHash: Hash }>();
  for (const repo of store.repos()) {
    for (const file of store.liveFiles(repo.repoHash)) live.set(file.fileHash, { repoHash: repo.repoHash, path: file.path, contentHash: file.contentHash });
  }
  const wanted = new Set<Hash>();
  for (const [fileHash, file] of live) if (before.content.get(fileHash) !== file.contentHash) wanted.add(fileHash);
  const still = new Set(store.liveEdges({ provenance: LSP_PROVENANCE }).map((e) => e.edgeHash));
  for (const [edgeHash, edge] of before.lspEdges) {
    if (still.has(edgeHash)) continue;
    const queried = edge.edgeType === 'calls' ? edge.ownerFileHash : store.node(edge.targetHash)?.fileHash;
    if (queried) wanted.add(queried);
  }
  return [...wanted].flatMap((fileHash) => {
    const file = live.get(fileHash);
    return file ? [{ repoHash: file.repoHash, path: file.path }] : [];
  });
}
