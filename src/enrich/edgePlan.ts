import {
  type CallSite, type EdgeType, type GraphEdge, type Hash, Identity, NO_LATER_CALL_SITES, PROVENANCE_CONFIDENCE, callSitesOf, withCallSites,
} from '../model';
import type { GraphReader, SnapshotLog, StaticGraphWriter } from '../store';

export const LSP_PROVENANCE = 'lsp_resolved';
export const SCIP_PROVENANCE = 'scip_resolved';

/** The provenances a compiler-grade pass writes: a language server's answers, or a SCIP index. */
export type ResolvedProvenance = typeof LSP_PROVENANCE | typeof SCIP_PROVENANCE;

/** What enrichment changes in the edges one file owns. */
interface OwnerChanges {
  readonly repoHash: Hash;
  /** The file's content when the answers were read: a file edited since is left alone. */
  readonly contentHash: Hash;
  readonly remove: Set<Hash>;
  readonly add: Map<Hash, GraphEdge>;
}

/** An edge of a compiler-grade pass (SPEC 2.6: lsp_resolved 0.9, scip_resolved 0.95) owned by the file of its source. */
export function resolvedEdge(
  provenance: ResolvedProvenance, sourceHash: Hash, targetHash: Hash, edgeType: EdgeType, ownerFileHash: Hash, sites: readonly CallSite[],
): GraphEdge {
  return withCallSites({
    edgeHash: Identity.edge(sourceHash, targetHash, edgeType, provenance),
    sourceHash, targetHash, edgeType,
    confidence: PROVENANCE_CONFIDENCE[provenance],
    provenance,
    callSiteFile: '', callSiteLine: 0, callSiteCol: 0,
    laterCallSites: NO_LATER_CALL_SITES,
    observationCount: 0, lastObserved: 0,
    ownerFileHash,
  }, sites);
}

/** An `lsp_resolved` edge (SPEC 2.6, confidence 0.9) owned by the file of its source. */
export function lspEdge(sourceHash: Hash, targetHash: Hash, edgeType: EdgeType, ownerFileHash: Hash, site: CallSite | undefined): GraphEdge {
  return resolvedEdge(LSP_PROVENANCE, sourceHash, targetHash, edgeType, ownerFileHash, site ? [site] : []);
}

/**
 * Whether a pass writing `provenance` may replace an edge: only static edges it outranks
 * (SPEC 2.3 rule 4). A SCIP edge is never downgraded by a later language-server pass,
 * and `ast_resolved` edges are already certain.
 */
export function outranks(provenance: ResolvedProvenance, edge: GraphEdge): boolean {
  return edge.confidence < PROVENANCE_CONFIDENCE[provenance] && (edge.provenance === 'ast_inferred' || edge.provenance === LSP_PROVENANCE);
}

/**
 * The edge changes of one enrichment batch, per owner file. Provenance is part of an
 * edge's identity (SPEC 2.3 rule 4), so an upgrade is a removal plus an insertion; the
 * store's replace records both edge events. An added edge that is already live and not
 * removed keeps its sites and gains the new ones; removing an edge and adding one with the
 * same hash replaces it (fewer sites).
 */
export class EdgePlan {
  private readonly owners = new Map<Hash, OwnerChanges>();

  remove(ownerFileHash: Hash, repoHash: Hash, contentHash: Hash, edgeHash: Hash): void {
    this.changesOf(ownerFileHash, repoHash, contentHash).remove.add(edgeHash);
  }

  add(repoHash: Hash, contentHash: Hash, edge: GraphEdge): void {
    const changes = this.changesOf(edge.ownerFileHash, repoHash, contentHash);
    // The server names one declaration from several sites: one edge keeps them all.
    const known = changes.add.get(edge.edgeHash);
    changes.add.set(edge.edgeHash, known ? withCallSites(known, [...callSitesOf(known), ...callSitesOf(edge)]) : edge);
  }

  get size(): number {
    return this.owners.size;
  }

  /**
   * Writes the plan, inside the caller's transaction, at each repo's latest snapshot. A file whose
   * content changed since its answers were read is skipped (its re-index already
   * replaced its edges; it is enriched again). Returns the files skipped.
   */
  async apply(tx: GraphReader & SnapshotLog & StaticGraphWriter): Promise<number> {
    let skipped = 0;
    const liveContent = new Map<Hash, Map<Hash, Hash>>();
    for (const [ownerFileHash, changes] of this.owners) {
      let files = liveContent.get(changes.repoHash);
      if (!files) liveContent.set(changes.repoHash, (files = new Map((await tx.liveFiles(changes.repoHash)).map((f) => [f.fileHash, f.contentHash]))));
      const snapshot = await tx.latestSnapshot(changes.repoHash);
      if (!snapshot || files.get(ownerFileHash) !== changes.contentHash) {
        skipped++;
        continue;
      }
      const kept = new Map((await tx.liveEdgesOwnedBy(ownerFileHash)).filter((e) => !changes.remove.has(e.edgeHash)).map((e) => [e.edgeHash, e]));
      for (const edge of changes.add.values()) {
        const live = kept.get(edge.edgeHash);
        kept.set(edge.edgeHash, live ? withCallSites(live, [...callSitesOf(live), ...callSitesOf(edge)]) : edge);
      }
      await tx.replaceOwnedEdges(ownerFileHash, changes.repoHash, [...kept.values()], snapshot.seq, snapshot.snapshotHash);
    }
    return skipped;
  }

  private changesOf(ownerFileHash: Hash, repoHash: Hash, contentHash: Hash): OwnerChanges {
    let changes = this.owners.get(ownerFileHash);
    if (!changes) this.owners.set(ownerFileHash, (changes = { repoHash, contentHash, remove: new Set(), add: new Map() }));
    return changes;
  }
}
