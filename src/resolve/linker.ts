import type { CalleeExpr, FileFacts, LinkEnd, LinkFact, MessagingFact, RouteFact, SymbolFact } from '../extract/facts';
import {
  type EdgeType, type GraphEdge, type GraphNode, type Hash, Identity, NO_LATER_CALL_SITES, type NodeKind, PROVENANCE_CONFIDENCE,
  type Provenance, QualifiedName, type RouteSymbolRow,
} from '../model';
import { declaredSymbols } from './declaredSymbols';
import { FileEdges } from './fileEdges';
import type { ForeignModules } from './foreignModules';
import { goInterfacesImplemented } from './goImplements';
import type { LanguageResolver } from './languages/languageResolver';
import { topicNode } from './messaging';
import { mountedRoutePaths } from './routeMounts';
import { FileScope, type Resolution } from './scope';
import { type GrpcService, grpcServerMethods, grpcServiceNamed, rpcCalledThrough, rpcOfUnresolvedStubCall, servesByDeclaration } from './grpcServices';
import { routeRequested } from './httpRoutes';
import { handlerFits } from './routeHandlers';
import type { SymbolTable } from './symbolTable';
import { visibleFiles } from './visibleFiles';

export interface LinkContext {
  readonly repoUrl: string;
  readonly repoHash: Hash;
  /** The service owning a file (a monorepo's folder service, else the repository's): its route rows carry it. */
  serviceOf(path: string): string;
  readonly table: SymbolTable;
  resolverFor(facts: FileFacts): LanguageResolver;
  fileHashOf(path: string): Hash;
  /** The other repositories of the graph that imports leaving this one may land in. */
  readonly foreign?: ForeignModules;
}

/** Everything one file contributes to the graph. */
export interface LinkedFile {
  readonly nodes: GraphNode[];
  readonly edges: GraphEdge[];
  readonly routes: RouteSymbolRow[];
  /**
   * Routes whose node only declares them (a proto rpc): stored unless a handler in code
   * maps the same pattern, which always wins (route_symbols holds one node per pattern).
   */
  readonly fallbackRoutes: RouteSymbolRow[];
  /** Packages and unresolved placeholders its edges point at; owned by no file. */
  readonly repoLevelNodes: GraphNode[];
}

type SymbolResolution = Extract<Resolution, { kind: 'symbol' }>;

/**
 * Turns one file's facts into nodes and edges against the repo's symbol table. Calls
 * whose target cannot be pinned down produce no edge; targets outside the repo become
 * dangling edges to `<repo>://UNRESOLVED/<name>` placeholders (DESIGN §4).
 */
export function linkFile(ctx: LinkContext, facts: FileFacts): LinkedFile {
  return new FileLinker(ctx, facts).link();
}

class FileLinker {
  private readonly resolver: LanguageResolver;
  private readonly scope: FileScope;
  private readonly packagePath: string;
  private readonly fileHash: Hash;
  private readonly moduleNode: GraphNode;
  private readonly symbolHashes = new Map<string, Hash>();
  private readonly nodes: GraphNode[] = [];
  private readonly edges = new FileEdges();
  private readonly routes: RouteSymbolRow[] = [];
  private readonly fallbackRoutes: RouteSymbolRow[] = [];
  private readonly repoLevel = new Map<Hash, GraphNode>();
  /**
   * What a callee or a referenced expression, as written (its JSON), links to in this file.
   * Resolving it reads only the expression and the file's scope, and a file writes the same
   * few over and over (`require.NoError` in a Go test): 30% of prometheus's call facts are
   * distinct within their file, 22% of its references.
   */
  private readonly callTargets = new Map<string, readonly LinkTarget[]>();
  /** `line:col` of the indexed calls (Go `F[T](x)`) that linked: their name is no reference as well. */
  private readonly instantiatedCallSites = new Set<string>();
  private readonly referenceTargets = new Map<string, Hash | undefined>();
  private visible: ReadonlySet<string> | undefined;

  constructor(private readonly ctx: LinkContext, private readonly facts: FileFacts) {
    this.resolver = ctx.resolverFor(facts);
    this.packagePath = this.resolver.packagePath(facts.path, facts);
    this.scope = new FileScope(facts, this.packagePath, ctx.table, this.resolver, ctx.foreign);
    this.fileHash = ctx.fileHashOf(facts.path);
    this.moduleNode = this.fileNode(QualifiedName.module(ctx.repoUrl, this.resolver.moduleNodePath(facts.path, facts)), 'module', {
      line: 1, col: 0, endLine: 1, signature: '', bodyHash: '', doc: '',
    });
  }

  link(): LinkedFile {
    if (this.facts.skipReason) return { nodes: [], edges: [], routes: [], fallbackRoutes: [], repoLevelNodes: [] };
    this.nodes.push(this.moduleNode);
    for (const symbol of declaredSymbols(this.facts)) this.addSymbolNode(symbol);
    this.linkImports();
    this.linkCalls();
    this.linkHttpCalls();
    this.linkReferences();
    this.linkImplements();
    for (const route of this.facts.routes) this.linkRoute(route);
    for (const link of this.facts.links ?? []) this.linkTyped(link);
    for (const fact of this.facts.messaging ?? []) this.linkMessaging(fact);
    return {
      nodes: this.nodes, edges: this.edges.toArray(), routes: this.routes, fallbackRoutes: this.fallbackRoutes, repoLevelNodes: [...this.repoLevel.values()],
    };
  }

  private addSymbolNode(symbol: SymbolFact): void {
    const packagePath = symbol.packagePath ?? this.packagePath;
    const id = localId(packagePath, symbol.name);
    if (this.symbolHashes.has(id)) return;
    const storedName = this.ctx.table.storedName(this.facts.path, packagePath, symbol.name);
    const node = this.fileNode(QualifiedName.symbol(this.ctx.repoUrl, packagePath, storedName), symbol.kind, symbol);
    this.symbolHashes.set(id, node.nodeHash);
    this.nodes.push(node);
  }

  private fileNode(
    qualifiedName: string,
    kind: NodeKind,
    at: { line: number; col: number; endLine: number; signature: string; bodyHash: string; doc: string },
  ): GraphNode {
    return {
      nodeHash: Identity.node(this.ctx.repoUrl, qualifiedName, kind),
      fileHash: this.fileHash,
      repoHash: this.ctx.repoHash,
      qualifiedName,
      kind,
      line: at.line,
      column: at.col,
      endLine: at.endLine,
      signature: at.signature,
      bodyHash: at.bodyHash,
      doc: at.doc,
    };
  }

  /** The enclosing symbol's node, or the file's module node at top level. */
  private sourceOf(symbolName: string, packagePath = this.packagePath): Hash {
    return this.symbolHashes.get(localId(packagePath, symbolName)) ?? this.moduleNode.nodeHash;
  }

  private linkImports(): void {
    for (const fact of this.facts.imports) {
      const target = this.resolver.resolveImport(fact.source, this.facts.path);
      const targetHash = target.inRepo
        ? this.moduleTarget(target.packagePath)
        : this.foreignModuleTarget(target.module) ?? this.placeholder(target.module, 'module');
      if (targetHash === this.moduleNode.nodeHash) continue;
      this.addEdge(this.moduleNode.nodeHash, targetHash, 'imports', 'ast_inferred', fact);
    }
  }

  /** TS/Python modules are files; a Go package is a repo-level node of its own. */
  private moduleTarget(packagePath: string): Hash {
    const qualifiedName = QualifiedName.module(this.ctx.repoUrl, packagePath);
    const nodeHash = Identity.node(this.ctx.repoUrl, qualifiedName, 'module');
    if (this.resolver.packageScope) this.addRepoLevelNode(nodeHash, qualifiedName, 'module');
    return nodeHash;
  }

  /** The module node of another repository's package an import loads (its package node, or its file's). */
  private foreignModuleTarget(module: string): Hash | undefined {
    const found = this.ctx.foreign?.packageOf(module, this.facts.language);
    const home = found?.table.home;
    if (!found || !home) return undefined;
    const file = [...found.table.filesOfPackage(found.packagePath)].sort()[0];
    const facts = file === undefined ? undefined : found.table.factsOf(file);
    if (!file || !facts) return undefined;
    const qualifiedName = QualifiedName.module(home.repoUrl, home.resolverFor(facts).moduleNodePath(file, facts));
    return Identity.node(home.repoUrl, qualifiedName, 'module');
  }

  private linkCalls(): void {
    const importsGrpc = this.facts.imports.some((i) => i.source === GO_GRPC);
    for (const call of this.facts.calls) {
      const key = JSON.stringify(call.callee);
      let targets = this.callTargets.get(key);
      if (!targets) this.callTargets.set(key, (targets = this.callTargetsOf(call.callee, importsGrpc)));
      for (const target of targets) this.addEdge(this.sourceOf(call.caller), target.hash, 'calls', target.provenance, call);
      if (targets.length > 0 && call.callee.form !== 'new' && call.callee.instantiated) this.instantiatedCallSites.add(`${call.line}:${call.col}`);
    }
  }

  /** The nodes a call of `callee` links to, in the order its edges are added. */
  private callTargetsOf(callee: CalleeExpr, importsGrpc: boolean): LinkTarget[] {
    const linked: LinkTarget[] = [];
    const targets = this.scope.resolveCallees(callee);
    const untyped = targets.length === 0 ? rpcOfUnresolvedStubCall(this.scope, callee, importsGrpc, this.ctx.table) : undefined;
    if (untyped) linked.push({ hash: this.symbolHash(untyped), provenance: 'ast_inferred' });
    for (const target of targets) {
      const targetHash = this.targetHash(target, 'function');
      if (!targetHash) continue;
      const provenance: Provenance =
        this.facts.language === 'python' && target.kind === 'symbol' && !target.entry.foreign && target.packagePath === this.packagePath
          ? 'ast_resolved'
          : 'ast_inferred';
      linked.push({ hash: targetHash, provenance });
      // A generated client stub's method sends the rpc: the caller calls the rpc too.
      const rpc = rpcCalledThrough(target, this.facts.language, importsGrpc, this.ctx.table);
      if (rpc) linked.push({ hash: this.symbolHash(rpc), provenance: 'ast_inferred' });
    }
    return linked;
  }

  /** An HTTP request to a URL the code writes calls the route of the repository that serves it (httpRoutes.ts). */
  private linkHttpCalls(): void {
    for (const call of this.facts.httpCalls ?? []) {
      const route = routeRequested(this.ctx, call, this.facts.path);
      if (route) this.addEdge(this.sourceOf(call.caller), route, 'calls', 'ast_inferred', call);
    }
  }

  private linkReferences(): void {
    for (const reference of this.facts.references) {
      if (this.instantiatedCallSites.has(`${reference.line}:${reference.col}`)) continue;
      const key = JSON.stringify(reference.target);
      let targetHash = this.referenceTargets.get(key);
      if (!this.referenceTargets.has(key)) {
        const target = this.resolveExpression(reference.target);
        targetHash = target?.kind === 'symbol' ? this.symbolHash(target) : undefined;
        this.referenceTargets.set(key, targetHash);
      }
      if (targetHash === undefined) continue;
      const sourceHash = this.sourceOf(reference.from);
      if (targetHash !== sourceHash) this.addEdge(sourceHash, targetHash, 'references', 'ast_inferred', reference);
    }
  }

  /** Go: method sets against every interface of the repo; elsewhere: declared bases that are interfaces. */
  private linkImplements(): void {
    const types = this.facts.symbols.filter((s) => s.kind === 'type');
    if (types.length === 0) return;
    if (this.facts.language === 'go') {
      for (const type of types) {
        const entry = this.ctx.table.lookup(this.packagePath, type.name);
        if (entry?.file !== this.facts.path) continue;
        for (const iface of goInterfacesImplemented({ kind: 'symbol', packagePath: this.packagePath, entry }, this.scope, this.ctx.table)) {
          this.addEdge(this.sourceOf(type.name), this.symbolHash(iface), 'implements', 'ast_inferred', type);
        }
      }
      return;
    }
    for (const type of types) {
      for (const base of type.bases ?? []) {
        const resolved = this.scope.resolveTypeName(base);
        if (resolved?.kind === 'symbol' && resolved.entry.kind === 'interface') {
          this.addEdge(this.sourceOf(type.name), this.symbolHash(resolved), 'implements', 'ast_inferred', type);
        }
      }
    }
  }

  /**
   * A route and the symbol registered as its handler. When the handler cannot be pinned to
   * a symbol (an inline function, a value of unknown type) the route keeps its node but no
   * symbol is said to handle it: the function that registers a route does not serve it.
   */
  private linkRoute(route: RouteFact): void {
    const handler = this.ownDeclaration(route.handler) ?? (route.handler ? this.resolveExpression(route.handler) : undefined);
    const handlerHash = handler?.kind === 'symbol' ? this.symbolHash(handler) : undefined;
    if (route.handlerMust && !(handler?.kind === 'symbol' && handlerFits(handler.entry.fact, route.handlerMust))) return;
    if (route.mappingType !== 'grpc_method') {
      for (const path of mountedRoutePaths(this.ctx, this.packagePath, route)) this.addRoute(route, `${route.method} ${path}`, handlerHash);
      return;
    }
    const slash = route.path.indexOf('/');
    const written = slash < 0 ? route.path : route.path.slice(0, slash);
    // A proto file names its own services exactly; a package-less one has no package to add.
    const service: GrpcService = this.facts.language === 'proto' ? { fullName: written } : grpcServiceNamed(this.ctx.table, written);
    if (slash >= 0) {
      const declarationOnly = handler?.kind === 'symbol' && handler.entry.kind === 'rpc';
      this.addRoute(route, `${service.fullName}${route.path.slice(slash)}`, handlerHash, declarationOnly);
      if (!declarationOnly) this.dispatch(service.rpcs?.get(route.path.slice(slash + 1)), handlerHash, route);
    } else if (handler?.kind === 'symbol' && handler.entry.kind === 'type') {
      if (servesByDeclaration(this.ctx.table, handler, route)) return;
      for (const method of grpcServerMethods(this.ctx.table, handler, service.rpcs && [...service.rpcs.keys()])) {
        const methodHash = this.symbolHash(method.resolution);
        this.addRoute(route, `${service.fullName}/${method.name}`, methodHash);
        this.dispatch(service.rpcs?.get(method.name), methodHash, route);
      }
    } else {
      this.addRoute(route, `${service.fullName}/*`, handlerHash);
    }
  }

  /**
   * A handler named bare that this file itself declares: that declaration, even where
   * another file of the package owns the plain name (each copy of a vendored proto
   * handles its own rpcs).
   */
  private ownDeclaration(handler: CalleeExpr | null): SymbolResolution | undefined {
    if (handler?.form !== 'name') return undefined;
    const fact = declaredSymbols(this.facts).find((s) => s.name === handler.name && (s.packagePath ?? this.packagePath) === this.packagePath);
    return fact && { kind: 'symbol', packagePath: this.packagePath, entry: { name: fact.name, kind: fact.kind, file: this.facts.path, fact } };
  }

  /**
   * The gRPC server dispatches an rpc to the method registered for it: a `calls` edge from
   * the proto's rpc to the handler, so the handler's callers include every client of the
   * rpc (grpcServices.ts) and a client's callees reach what the handler calls.
   */
  private dispatch(rpc: SymbolResolution | undefined, handlerHash: Hash | undefined, route: RouteFact): void {
    if (rpc && handlerHash) this.addEdge(this.symbolHash(rpc), handlerHash, 'calls', 'ast_inferred', route);
  }

  /**
   * The route node, the handler's handles_route edge, and the route_symbols row. Without a
   * handler the row names the route node itself and only fills a pattern no handler maps
   * (like a proto rpc's own row), so runtime spans still land on the registration.
   */
  private addRoute(route: RouteFact, pattern: string, handlerHash: Hash | undefined, declarationOnly = false): void {
    const routeName = route.mappingType === 'grpc_method' ? `GRPC ${pattern}` : pattern;
    const node = this.fileNode(QualifiedName.symbol(this.ctx.repoUrl, this.packagePath, routeName), 'route', {
      line: route.line, col: route.col, endLine: route.line, signature: `${route.framework} ${routeName}`, bodyHash: '', doc: '',
    });
    if (!this.nodes.some((n) => n.nodeHash === node.nodeHash)) this.nodes.push(node);
    if (handlerHash) this.addEdge(handlerHash, node.nodeHash, 'handles_route', 'ast_inferred', route);
    (declarationOnly || !handlerHash ? this.fallbackRoutes : this.routes).push({
      serviceName: this.ctx.serviceOf(this.facts.path),
      routePattern: pattern,
      mappingType: route.mappingType,
      nodeHash: handlerHash ?? node.nodeHash,
      createdAt: Math.floor(Date.now() / 1000),
    });
  }

  /** A LinkFact: each resolved source to each resolved target, or to its placeholder. */
  private linkTyped(link: LinkFact): void {
    const sources = this.endHashes(link.from);
    if (sources.length === 0) return;
    let targets = this.endHashes(link.to);
    if (targets.length === 0 && link.unresolved) targets = [this.placeholder(link.unresolved.name, link.unresolved.kind)];
    for (const source of sources) {
      for (const target of targets) if (source !== target) this.addEdge(source, target, link.edgeType, 'ast_inferred', link);
    }
  }

  /** A publish or consumer to its topic node; a consumer's handler (else the registering symbol or module) also gets the topic's queue_topic row. */
  private linkMessaging(fact: MessagingFact): void {
    const topic = topicNode(fact.system, fact.topic, this.ctx.repoHash);
    if (!this.repoLevel.has(topic.nodeHash)) this.repoLevel.set(topic.nodeHash, topic);
    const handler = fact.handler && (this.ownDeclaration(fact.handler) ?? this.resolveExpression(fact.handler));
    const source = handler?.kind === 'symbol' ? this.symbolHash(handler) : this.sourceOf(fact.caller);
    this.addEdge(source, topic.nodeHash, fact.role, 'ast_inferred', fact);
    if (fact.role !== 'subscribes') return;
    this.routes.push({
      serviceName: this.ctx.serviceOf(this.facts.path), routePattern: fact.topic, mappingType: 'queue_topic', nodeHash: source, createdAt: Math.floor(Date.now() / 1000),
    });
  }

  private endHashes(end: LinkEnd): Hash[] {
    switch (end.form) {
      case 'local':
        return [this.sourceOf(end.name, end.packagePath)];
      case 'expr': {
        const target = this.resolveExpression(end.expr);
        return target?.kind === 'symbol' ? [this.symbolHash(target)] : [];
      }
      case 'keys': {
        const admits = end.within === 'imports' ? this.importedFiles() : undefined;
        return this.ctx.table.lookupKeys(end.candidates, admits && ((file) => admits.has(file)))
          .map(({ packagePath, entry }) => this.symbolHash({ kind: 'symbol', packagePath, entry }));
      }
    }
  }

  /** This file and the files it sees through its imports, computed once per file. */
  private importedFiles(): ReadonlySet<string> {
    this.visible ??= visibleFiles(this.facts, this.resolver, this.ctx.table);
    return this.visible;
  }

  private resolveExpression(expression: CalleeExpr): Resolution | undefined {
    if (expression.form === 'name') {
      return this.scope.resolveName(expression.name, false) ?? this.scope.resolveTypeName(expression.name);
    }
    if (expression.form === 'new') return expression.object ? this.scope.callTarget(expression) : this.scope.resolveTypeName(expression.name);
    // A reference or a handler names what it names: a Go type written `pkg.T` is a type here, not a conversion.
    return this.scope.callTarget(expression);
  }

  private targetHash(target: Resolution | undefined, placeholderKind: NodeKind): Hash | undefined {
    if (!target) return undefined;
    if (target.kind === 'symbol') return this.symbolHash(target);
    if (target.kind === 'external') return this.placeholder(target.name, placeholderKind);
    return undefined;
  }

  /** The node of a symbol: of this repository, or of the other one whose table it came from. */
  private symbolHash(target: SymbolResolution): Hash {
    const table = target.entry.foreign ?? this.ctx.table;
    const repoUrl = table.home?.repoUrl ?? this.ctx.repoUrl;
    const storedName = table.storedName(target.entry.file, target.packagePath, target.entry.name);
    return Identity.node(repoUrl, QualifiedName.symbol(repoUrl, target.packagePath, storedName), target.entry.kind);
  }

  private placeholder(name: string, kind: NodeKind): Hash {
    const qualifiedName = QualifiedName.unresolved(this.ctx.repoUrl, name);
    const nodeHash = Identity.node(this.ctx.repoUrl, qualifiedName, kind);
    this.addRepoLevelNode(nodeHash, qualifiedName, kind);
    return nodeHash;
  }

  private addRepoLevelNode(nodeHash: Hash, qualifiedName: string, kind: NodeKind): void {
    if (this.repoLevel.has(nodeHash)) return;
    this.repoLevel.set(nodeHash, {
      nodeHash, fileHash: '', repoHash: this.ctx.repoHash, qualifiedName, kind,
      line: 0, column: 0, endLine: 0, signature: '', bodyHash: '', doc: '',
    });
  }

  private addEdge(sourceHash: Hash, targetHash: Hash, edgeType: EdgeType, provenance: Provenance, at: { line: number; col: number }): void {
    this.edges.add({
      edgeHash: Identity.edge(sourceHash, targetHash, edgeType, provenance),
      sourceHash,
      targetHash,
      edgeType,
      provenance,
      confidence: PROVENANCE_CONFIDENCE[provenance],
      callSiteFile: this.facts.path,
      callSiteLine: at.line,
      callSiteCol: at.col + 1,
      laterCallSites: NO_LATER_CALL_SITES,
      observationCount: 0,
      lastObserved: 0,
      ownerFileHash: this.fileHash,
    });
  }
}

/** A node a call links to, with the provenance of the edge. */
interface LinkTarget {
  readonly hash: Hash;
  readonly provenance: Provenance;
}

/** Go's gRPC package: a file importing it may hold clients of generated stubs of packages outside the graph. */
const GO_GRPC = 'google.golang.org/grpc';

/** Within a file a symbol is identified by its package path and name. */
function localId(packagePath: string, name: string): string {
  return `${packagePath}\0${name}`;
}
