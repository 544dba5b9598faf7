import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CkgError, type GraphNode, type Hash, type NodeKind, type RepoRecord } from '../../model';
import type { EnrichmentState, GraphStore } from '../../store';
import { SCIP_PROVENANCE } from '../edgePlan';
import { type EnrichTarget, enrichFiles } from '../enricher';
import { type LocatedFile, NodeLocator } from '../nodeLocator';
import { EnrichmentReport } from '../report';
import { type ScipDocument, type ScipIndex, decodeScipIndex } from './scipIndex';
import { definitionNodes } from './definitionNodes';
import { ScipOracle, readFromDisk } from './scipOracle';
import { contentOnDisk, digestOf, ownedEdgeDigests } from '../visits';

/** The enrichment-log source of SCIP ingest (migration 008). */
export const SCIP_SOURCE = 'scip';

/** An index answers every reference at once, so values and fields are asked about too, not only functions. */
const SCIP_REFERENCE_KINDS: ReadonlySet<NodeKind> = new Set(['function', 'method', 'field', 'variable', 'constant']);

/** A SCIP index that names no indexed repository. */
export class ScipRepoError extends CkgError {
  readonly code = 'invalid_argument';
}

export interface ScipIngestOptions {
  /** The indexed repository the index describes; default: the one whose root is the index's project_root. */
  readonly repoUrl?: string;
  /** Hears how many of the documents to ask about are done. */
  readonly onProgress?: (done: number, total: number) => void;
  readonly signal?: AbortSignal;
}

/** What one ingest did. */
export interface ScipIngestSummary {
  readonly repo: RepoRecord;
  /** `scip-typescript 0.4.0`. */
  readonly tool: string;
  readonly documents: number;
  /** Documents asked about this run (changed ones and their neighbours). */
  readonly asked: number;
  /** Documents not asked: input, file content and owned edges as the last ingest left them, and no symbol shared with a changed one. */
  readonly unchanged: number;
  /** Documents with no live file in the graph (not indexed, or skipped by the indexer). */
  readonly notInGraph: readonly string[];
  /** Documents whose file on disk is not what the graph holds: re-index, then ingest again. */
  readonly changedOnDisk: readonly string[];
  /** Per pass and language: confirmed, added, contradicted (EnrichmentReport.lines()). */
  readonly report: EnrichmentReport;
  /** Nodes added this run for in-repo definitions the static pass did not model (fields, properties, enum members, variables). */
  readonly nodesCreated: number;
  /** In-repo definitions left without a node (no owner or package known for their name), by SCIP descriptor kind (type, method, term). */
  readonly definitionsWithoutNode: Readonly<Record<string, number>>;
  readonly seconds: number;
}

/** Reads and decodes a SCIP index file; every problem is a ScipIndexError naming the file. */
export function readScipIndexFile(file: string): ScipIndex {
  return decodeScipIndex(fs.readFileSync(file), file);
}

/**
 * Writes a decoded SCIP index into the graph as `scip_resolved` edges (SPEC 2.5, 2.6):
 * the enricher's rules with a ScipOracle for an oracle, so calls are judged at our call
 * sites, references at non-call occurrences and implements from `is_implementation`.
 * Incremental by document: a document whose bytes, file content and owned edges are as
 * the last ingest recorded is not asked again, and neither are its neighbours unless a
 * changed document shares a symbol with them. In-repo definitions the static pass did not
 * model get nodes first (addDefinitionNodes), so edges can point at them.
 */
export async function ingestScipIndex(store: GraphStore, index: ScipIndex, options: ScipIngestOptions = {}): Promise<ScipIngestSummary> {
  const started = Date.now();
  const repo = await repoOfIndex(store, index, options.repoUrl);
  const locator = await NodeLocator.open(store);
  const inGraph = new Map<ScipDocument, LocatedFile>();
  const notInGraph: string[] = [];
  const changedOnDisk: string[] = [];
  for (const document of index.documents) {
    const located = locator.fileAt(path.join(repo.rootPath, document.relativePath));
    if (!located || located.repo.repoHash !== repo.repoHash) notInGraph.push(document.relativePath);
    else if (contentOnDisk(located.absolutePath) !== located.file.contentHash) changedOnDisk.push(document.relativePath);
    else inGraph.set(document, located);
  }

  const recorded = new Map((await store.enrichmentStates(SCIP_SOURCE, [...inGraph.values()].map((f) => f.file.fileHash))).map((s) => [s.fileHash, s]));
  const changed: ScipDocument[] = [];
  const digests = await ownedEdgeDigests(store, repo.repoHash, { nodes: true });
  for (const [document, located] of inGraph) {
    const state = recorded.get(located.file.fileHash);
    const same = state !== undefined && state.inputDigest === document.digest && state.contentHash === located.file.contentHash
      && state.edgesDigest === digestOf(digests, located.file.fileHash);
    if (!same) changed.push(document);
  }
  const toAsk = [...withNeighbours(changed, [...inGraph.keys()])];
  const targets: EnrichTarget[] = toAsk.map((d) => ({ repoHash: repo.repoHash, path: inGraph.get(d)!.file.path }));

  const oracle = new ScipOracle(index, repo.rootPath);
  const definitions = await addDefinitionNodes(store, repo, oracle, inGraph);
  const report = targets.length === 0
    ? new EnrichmentReport()
    : await enrichFiles(store, oracle, targets, {
      provenance: SCIP_PROVENANCE, onProgress: options.onProgress, signal: options.signal, referenceKinds: SCIP_REFERENCE_KINDS,
    });
  if (targets.length > 0 && !report.cancelled && report.skippedFiles === 0) await recordVisits(store, repo, inGraph);
  return {
    repo,
    tool: `${index.toolName} ${index.toolVersion}`.trim(),
    documents: index.documents.length,
    asked: targets.length,
    unchanged: inGraph.size - targets.length,
    notInGraph,
    changedOnDisk,
    report,
    nodesCreated: definitions.created,
    definitionsWithoutNode: definitions.withoutNode,
    seconds: (Date.now() - started) / 1000,
  };
}

/**
 * The repository an index describes: the one named by `repoUrl`, or the one whose root is
 * the index's project_root. Errors list the indexed repositories.
 */
async function repoOfIndex(store: GraphStore, index: ScipIndex, repoUrl: string | undefined): Promise<RepoRecord> {
  const repos = await store.repos();
  const known = repos.length === 0 ? 'none; run ckg index first' : repos.map((r) => `${r.repoUrl} (${r.rootPath})`).join(', ');
  if (repoUrl !== undefined) {
    const named = repos.find((r) => r.repoUrl === repoUrl);
    if (!named) throw new ScipRepoError(`--repo-url ${repoUrl}: no indexed repository has that URL (indexed: ${known})`);
    return named;
  }
  if (!index.projectRoot.startsWith('file://')) {
    throw new ScipRepoError(`the index's project_root '${index.projectRoot}' is not a file:// URI; name the repository with --repo-url (indexed: ${known})`);
  }
  const root = canonical(fileURLToPath(index.projectRoot));
  const found = repos.find((r) => canonical(r.rootPath) === root);
  if (!found) throw new ScipRepoError(`no indexed repository has the index's project root ${root}; index it first or name one with --repo-url (indexed: ${known})`);
  return found;
}

/**
 * The changed documents and every document sharing a symbol with one: a changed file's
 * calls may now point into another, and another's references may now come from it.
 */
function withNeighbours(changed: readonly ScipDocument[], documents: readonly ScipDocument[]): Set<ScipDocument> {
  const result = new Set(changed);
  if (changed.length === 0 || changed.length === documents.length) return result;
  const globalSymbols = (document: ScipDocument): string[] => [
    ...document.occurrences.map((o) => o.symbol),
    ...document.symbols.flatMap((s) => s.relationships.map((r) => r.symbol)),
  ].filter((s) => !s.startsWith('local '));
  const touched = new Set(changed.flatMap(globalSymbols));
  for (const document of documents) {
    if (!result.has(document) && globalSymbols(document).some((s) => touched.has(s))) result.add(document);
  }
  return result;
}

/** Records every document in the graph as visited, with the edges its file owns now. */
async function recordVisits(store: GraphStore, repo: RepoRecord, inGraph: ReadonlyMap<ScipDocument, LocatedFile>): Promise<void> {
  const at = Math.floor(Date.now() / 1000);
  const digests = await ownedEdgeDigests(store, repo.repoHash, { nodes: true });
  const states: EnrichmentState[] = [...inGraph].map(([document, located]) => ({
    fileHash: located.file.fileHash, source: SCIP_SOURCE, contentHash: located.file.contentHash,
    inputDigest: document.digest, edgesDigest: digestOf(digests, located.file.fileHash), at,
  }));
  await store.transaction(async (tx) => tx.recordEnrichment(states));
}

/**
 * Gives the documents' in-repo definitions the static pass did not model a node each
 * (definitionNodes), written into their files at the repository's latest snapshot so a
 * re-index of a file replaces them with the rest of its nodes. Returns how many were
 * made, and the definitions still without a node by descriptor kind.
 */
async function addDefinitionNodes(
  store: GraphStore, repo: RepoRecord, oracle: ScipOracle, inGraph: ReadonlyMap<ScipDocument, LocatedFile>,
): Promise<{ created: number; withoutNode: Record<string, number> }> {
  const locator = await NodeLocator.open(store);
  await locator.prepare([...inGraph.values()].map((f) => f.file.fileHash));
  const withoutNode: Record<string, number> = {};
  const createdByFile = new Map<Hash, GraphNode[]>();
  for (const [document, located] of inGraph) {
    const result = definitionNodes({
      file: located,
      definitions: oracle.definitionsIn(located.absolutePath),
      kindOf: new Map(document.symbols.map((s) => [s.symbol, s.kind])),
      lines: linesOf(document, located.absolutePath),
    }, locator);
    for (const [kind, count] of Object.entries(result.withoutNode)) withoutNode[kind] = (withoutNode[kind] ?? 0) + count;
    if (result.created.length > 0) createdByFile.set(located.file.fileHash, result.created);
  }
  if (createdByFile.size > 0) {
    await store.transaction(async (tx) => {
      const snapshot = await tx.latestSnapshot(repo.repoHash);
      if (!snapshot) return;
      for (const [fileHash, created] of createdByFile) {
        await tx.replaceFileNodes(fileHash, [...(await tx.liveNodesOfFile(fileHash)), ...created], snapshot.seq);
      }
    });
  }
  return { created: [...createdByFile.values()].reduce((sum, nodes) => sum + nodes.length, 0), withoutNode };
}

/** A document's source lines: its embedded text, else the file's (the caller checked they are the graph's). */
function linesOf(document: ScipDocument, absolutePath: string): string[] {
  return (document.text || readFromDisk(absolutePath) || '').split('\n');
}

function canonical(directory: string): string {
  try {
    return fs.realpathSync(directory);
  } catch {
    return path.resolve(directory);
  }
}
