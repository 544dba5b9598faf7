import type { FileFacts } from '../extract/facts';
import { languageForPath } from '../extract/registry';
import {
  type GraphEdge, type GraphNode, type Hash, Identity, QualifiedName, type RouteSymbolRow, type ServiceFolder, serviceOfPath,
} from '../model';
import type { ForeignModules } from '../resolve/foreignModules';
import type { LanguageResolver } from '../resolve/languages/languageResolver';
import { type LinkContext, linkFile } from '../resolve/linker';
import { type SymbolTable, grpcServiceKey, grpcShortServiceName } from '../resolve/symbolTable';
import type { FactsCache, GraphReader, GraphTables, LiveFile } from '../store';
import { readFacts, releaseFactsBody } from './factsCodec';
import type { LiveFiles } from './liveFiles';
import type { ProgressListener } from './progress';

/** What the link writer needs to know of the repository being indexed. */
export interface RepoState {
  readonly root: string;
  readonly repoUrl: string;
  readonly repoHash: Hash;
  readonly serviceName: string;
  /** The services a monorepo declares for its folders (`.ckg.yaml` services). */
  readonly services?: readonly ServiceFolder[];
}

/**
 * The resolve-and-write half of an index run: which files a change can affect, and
 * writing their nodes, edges and routes in an order that survives symbols moving
 * between files.
 */
export class LinkWriter {
  constructor(
    private readonly store: GraphReader & FactsCache,
    private readonly resolverFor: (facts: Pick<FileFacts, 'language'>) => LanguageResolver,
  ) {}

  /**
   * Files whose edges may change: the parsed ones, and when a file's export surface
   * changed (or it was removed): files with edges into its nodes or its package's node,
   * files with dangling edges a new name may now satisfy, and for package-scoped
   * languages (Go) the other files of its package.
   */
  async filesToRelink(
    repo: RepoState, table: SymbolTable, parsedPaths: string[], surfaceChanged: string[], removed: LiveFile[], live: LiveFiles,
  ): Promise<Set<string>> {
    const relink = new Set(parsedPaths);
    const changed = [...surfaceChanged, ...removed.map((f) => f.path)];
    if (changed.length === 0) return relink;
    const targets: Hash[] = [];
    for (const p of changed) {
      if (!(await live.has(p))) continue;
      for (const node of await this.store.liveNodesOfFile(Identity.file(repo.repoHash, p))) targets.push(node.nodeHash);
    }
    const packageScoped = new Set<string>();
    for (const p of changed) {
      const resolver = this.resolverFor({ language: languageForPath(p)?.id ?? 'typescript' });
      if (!resolver.packageScope) continue;
      const packagePath = table.packageOf(p) ?? resolver.packagePath(p);
      packageScoped.add(packagePath);
      // Dependants import the package, not the file: they may hold only an imports edge.
      targets.push(Identity.node(repo.repoUrl, QualifiedName.module(repo.repoUrl, packagePath), 'module'));
    }
    const newNames = new Set(surfaceChanged.flatMap((p) => table.factsOf(p)?.symbols.map((s) => lastSegment(s.name)) ?? []));
    if (newNames.size > 0) {
      for (const node of await this.store.liveRepoLevelNodes(repo.repoHash)) {
        if (newNames.has(lastSegment(node.qualifiedName))) targets.push(node.nodeHash);
      }
    }
    const pathOfFileHash = new Map([...(await live.all()).values()].map((f) => [f.fileHash, f.path]));
    for (const owner of await this.store.ownersOfEdgesInto(targets)) {
      const p = pathOfFileHash.get(owner);
      if (p && table.factsOf(p)) relink.add(p);
    }
    for (const packagePath of packageScoped) for (const sibling of table.filesOfPackage(packagePath)) relink.add(sibling);
    // Links by key had no edge to follow back when the key's holder is new.
    const newKeys = surfaceChanged.flatMap((p) => table.factsOf(p)?.symbols.flatMap((s) => s.keys ?? []) ?? []);
    for (const p of table.filesLookingUp(newKeys)) relink.add(p);
    // A proto's declared-only routes fill in again for the patterns a removed handler mapped.
    const removedGrpc: FileFacts['routes'][number][] = [];
    for (const file of removed) {
      const routes = (await readFacts(this.store, file.fileHash, file.contentHash))?.routes ?? [];
      removedGrpc.push(...routes.filter((r) => r.mappingType === 'grpc_method'));
    }
    for (const route of removedGrpc) {
      for (const { entry } of table.lookupKeys([[grpcServiceKey(grpcShortServiceName(route.path))]])) relink.add(entry.file);
    }
    return relink;
  }

  /**
   * Writes the relinked files' nodes, edges and routes through a transaction's handle.
   * `bulk` (a first index, on a backend with the bulk path) loads them in one go;
   * `foreign`, the other repositories of the graph imports may land in.
   */
  async writeLinks(
    tx: GraphTables, repo: RepoState, table: SymbolTable, relink: Set<string>, seq: number, snapshotHash: Hash,
    progress: ProgressListener, bulk: boolean, foreign?: ForeignModules,
  ): Promise<void> {
    const ctx = linkContextOf(repo, table, this.resolverFor, foreign);
    const batch = [...relink].sort().flatMap((p) => {
      const facts = table.factsOf(p);
      if (!facts) return [];
      const linked = linkFile(ctx, facts);
      releaseFactsBody(facts);
      return [{ fileHash: Identity.file(repo.repoHash, p), linked }];
    });
    // Close what disappears everywhere first, so a node or edge that moved from one file
    // to another in this batch is re-opened by its new file whatever the order. A bulk
    // load (a first index) has nothing live to close or read back.
    if (!bulk) {
      for (const { fileHash, linked } of batch) {
        await tx.retainFileNodes(fileHash, new Set(linked.nodes.map((n) => n.nodeHash)), seq);
        await tx.retainOwnedEdges(fileHash, new Set(linked.edges.map((e) => e.edgeHash)), seq, snapshotHash);
      }
    }
    const write = async (): Promise<void> => {
      // Taken out of writeLinks' scope: once written, the linked rows are garbage before a
      // bulk load rebuilds its indexes (at 2.85M lines they were most of the JS heap then).
      const written = batch.splice(0);
      // First writer wins on an identity two files claim, as the unique live indexes do.
      const nodesSeen = new Set<Hash>();
      const edgesSeen = new Set<Hash>();
      const newNodes: GraphNode[] = [];
      const newEdges: GraphEdge[] = [];
      let done = 0;
      for (const { fileHash, linked } of written) {
        const repoLevel = linked.repoLevelNodes.filter((n) => !nodesSeen.has(n.nodeHash));
        for (const node of repoLevel) nodesSeen.add(node.nodeHash);
        await tx.ensureRepoLevelNodes(repoLevel, seq);
        const nodes = firstClaims(linked.nodes, (n) => n.nodeHash, nodesSeen);
        const edges = firstClaims(linked.edges, (e) => e.edgeHash, edgesSeen);
        if (bulk) {
          newNodes.push(...nodes);
          newEdges.push(...edges);
        } else {
          await tx.replaceFileNodes(fileHash, nodes, seq);
          await tx.replaceOwnedEdges(fileHash, repo.repoHash, edges, seq, snapshotHash);
          progress({ phase: 'write', done: ++done, total: written.length });
        }
        if (linked.fallbackRoutes.length === 0) await tx.replaceFileRoutes(fileHash, linked.routes);
      }
      if (bulk) await tx.insertNewRows(newNodes, newEdges, repo.repoHash, seq, (rows, total) => progress({ phase: 'write', done: rows, total }));
      // Declared-only and handler-less routes go last: they fill the patterns no handler maps
      // after this batch. A file's handler rows are written again with them, all but those a
      // later file of the batch took over, so handlers keep the batch order.
      const lastHandlerOf = new Map<string, number>();
      written.forEach(({ linked }, index) => {
        for (const row of linked.routes) lastHandlerOf.set(routeKey(row), index);
      });
      for (const [index, { fileHash, linked }] of written.entries()) {
        if (linked.fallbackRoutes.length === 0) continue;
        const kept = linked.routes.filter((row) => lastHandlerOf.get(routeKey(row)) === index);
        await tx.replaceFileRoutes(fileHash, kept, linked.fallbackRoutes);
      }
    };
    if (bulk) await tx.bulkLoad(repo.repoHash, seq, snapshotHash, write);
    else await write();
  }
}

/** The items whose key no earlier file claimed; records the new claims. */
function firstClaims<T>(items: readonly T[], key: (item: T) => Hash, claimed: Set<Hash>): T[] {
  return items.filter((item) => {
    const k = key(item);
    if (claimed.has(k)) return false;
    claimed.add(k);
    return true;
  });
}

/** route_symbols' primary key (SPEC 2.7). */
function routeKey(row: RouteSymbolRow): string {
  return `${row.serviceName}\0${row.routePattern}\0${row.mappingType}`;
}

function lastSegment(name: string): string {
  return name.slice(Math.max(name.lastIndexOf('.'), name.lastIndexOf('/')) + 1);
}

/**
 * A run's link context, made outside writeLinks on purpose: closures share the context of
 * the function that makes them, and the symbol table keeps `serviceOf` (resolve/httpRoutes
 * caches it per table), so one made in writeLinks kept that run's whole batch of linked
 * nodes and edges reachable after the run (about 45 MiB on a 462k-line repository).
 */
function linkContextOf(repo: RepoState, table: SymbolTable, resolverFor: LinkContext['resolverFor'], foreign: ForeignModules | undefined): LinkContext {
  return {
    repoUrl: repo.repoUrl,
    repoHash: repo.repoHash,
    serviceOf: (p) => serviceOfPath(repo, p),
    table,
    resolverFor,
    fileHashOf: (p) => Identity.file(repo.repoHash, p),
    foreign,
  };
}
