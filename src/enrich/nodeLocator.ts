import * as fs from 'node:fs';
import * as path from 'node:path';
import type { GraphEdge, GraphNode, Hash, RepoRecord } from '../model';
import type { GraphReader, LiveFile, SnapshotLog } from '../store';
import type { LocationAnswers, SourceLocation } from './oracle';

export interface LocatedFile {
  readonly repo: RepoRecord;
  readonly file: LiveFile;
  readonly absolutePath: string;
}

/** Kinds that can enclose code: the source of a call or reference found inside them. */
const ENCLOSING_KINDS = new Set(['function', 'method', 'test', 'type', 'interface', 'variable', 'constant']);
const CONSTRUCTOR_NAMES = new Set(['constructor', '__init__']);
/** Kinds whose declaration is a function value: `const f = (a) => ...` is answered at its `(`. */
const FUNCTION_KINDS = new Set(['function', 'method', 'test']);
/** Kinds whose declaration holds a value an implementation answer can point into. */
const VALUE_KINDS = new Set(['constant', 'variable']);
const IDENTIFIER = /^[\p{L}_$][\p{L}\p{N}_$]*/u;
/** The start of a function value: `(a) =>`, `a =>`, `async (a) =>`, `function (`. */
const FUNCTION_VALUE_START = /^(?:async\s*)?(?:\(|function\b|[\p{L}_$][\p{L}\p{N}_$]*\s*=>)/u;

/**
 * Maps editor locations to graph nodes: the declaration a definition answer points at,
 * and the symbol a call or reference sits in. Built over the live graph of one moment;
 * make a new one after a write. The store is read up front (`prepare`), so the planning
 * that asks many small questions runs without a round trip each.
 */
export class NodeLocator {
  private readonly byPath = new Map<string, LocatedFile>();
  private readonly byFileHash = new Map<Hash, LocatedFile>();
  private readonly nodesByFile = new Map<Hash, GraphNode[]>();
  private readonly edgesByOwner = new Map<Hash, GraphEdge[]>();
  private readonly nodes = new Map<Hash, GraphNode>();
  /** Source lines of answer files, read when a location is not at a node's name. */
  private readonly sourceLines = new Map<string, readonly string[]>();

  private constructor(private readonly store: GraphReader) {}

  /** A locator over every live file of every repository. */
  static async open(store: GraphReader & SnapshotLog): Promise<NodeLocator> {
    const locator = new NodeLocator(store);
    for (const repo of await store.repos()) {
      for (const file of await store.liveFiles(repo.repoHash)) {
        const absolutePath = path.join(repo.rootPath, file.path);
        const located = { repo, file, absolutePath };
        locator.byPath.set(absolutePath, located);
        locator.byFileHash.set(file.fileHash, located);
      }
    }
    return locator;
  }

  /** Reads the nodes and owned edges of these files, and the nodes their edges point at. */
  async prepare(fileHashes: Iterable<Hash>): Promise<void> {
    const targets = new Set<Hash>();
    for (const fileHash of new Set(fileHashes)) {
      if (this.nodesByFile.has(fileHash)) continue;
      const nodes = await this.store.liveNodesOfFile(fileHash);
      this.nodesByFile.set(fileHash, nodes);
      for (const node of nodes) this.nodes.set(node.nodeHash, node);
      const edges = await this.store.liveEdgesOwnedBy(fileHash);
      this.edgesByOwner.set(fileHash, edges);
      for (const edge of edges) targets.add(edge.targetHash);
    }
    const unknown = [...targets].filter((hash) => !this.nodes.has(hash));
    for (const node of await this.store.liveNodesByHash(unknown)) this.nodes.set(node.nodeHash, node);
  }

  /** prepare() for the indexed files the answers point into. */
  async prepareAnswers(...answerLists: LocationAnswers[]): Promise<void> {
    const files = answerLists.flatMap((answers) => answers.flatMap((answer) => answer ?? []))
      .flatMap((location) => this.fileAt(location.path)?.file.fileHash ?? []);
    await this.prepare(files);
  }

  /** A live node read by prepare(); planning asks only about nodes of prepared files and their edges' targets. */
  nodeByHash(nodeHash: Hash): GraphNode | undefined {
    return this.nodes.get(nodeHash);
  }

  fileAt(absolutePath: string): LocatedFile | undefined {
    return this.byPath.get(path.resolve(absolutePath));
  }

  fileByHash(fileHash: Hash): LocatedFile | undefined {
    return this.byFileHash.get(fileHash);
  }

  fileOfNode(node: GraphNode): LocatedFile | undefined {
    return node.fileHash ? this.byFileHash.get(node.fileHash) : undefined;
  }

  /** The live edges a prepared file owns. */
  ownedEdges(fileHash: Hash): GraphEdge[] {
    return this.prepared(this.edgesByOwner, fileHash);
  }

  /** The live nodes of a prepared file. */
  nodesOf(fileHash: Hash): GraphNode[] {
    return this.prepared(this.nodesByFile, fileHash);
  }

  private prepared<T>(rows: ReadonlyMap<Hash, T[]>, fileHash: Hash): T[] {
    const found = rows.get(fileHash);
    if (found) return found;
    // A file outside the graph has nothing; an indexed one must have been prepared first.
    if (!this.byFileHash.has(fileHash)) return [];
    throw new Error(`enrich/NodeLocator: file ${fileHash} was not prepared`);
  }

  /**
   * The node declared at a location (a definition answer points at the name token, where
   * nodes are positioned). Off a node's name, two more places are that node: a function
   * value on a function's own line (`const f = (a) => ...` answered at its `(`), and
   * another declaration of the node's name in the node's scope (an overload: tsserver
   * answers the matching signature, SCIP the first; a redefinition under an `if`), as
   * the graph keeps one node per name. A parameter, a default value, a literal or a
   * property of a type is no node. A class with a declared constructor stands for its
   * constructor, as the linker links instantiations.
   */
  declarationAt(location: SourceLocation): GraphNode | undefined {
    const located = this.fileAt(location.path);
    if (!located) return undefined;
    const nodes = this.nodesOf(located.file.fileHash).filter((n) => n.kind !== 'module' && n.kind !== 'route');
    // An interface's methods share its position: the interface is what sits there.
    const exact = nodes.filter((n) => n.line === location.line && n.column === location.character)
      .sort((a, b) => Number(a.kind === 'method') - Number(b.kind === 'method'))[0];
    const found = exact ?? this.functionValueAt(location, nodes) ?? this.sameNameInScope(location, located.file.fileHash, nodes);
    if (!found) return undefined;
    return found.kind === 'type' ? this.constructorOf(found, nodes) ?? found : found;
  }

  /**
   * What an implementation answer names: a declaration, or a constant whose object literal
   * starts at the location (`const impl: Service = {`, answered at its `{`).
   */
  implementorAt(location: SourceLocation): GraphNode | undefined {
    const declared = this.declarationAt(location);
    if (declared) return declared;
    const located = this.fileAt(location.path);
    const onLine = located && this.innermostOnLine(location, this.nodesOf(located.file.fileHash));
    return onLine && VALUE_KINDS.has(onLine.kind) && this.textAt(location).startsWith('{') ? onLine : undefined;
  }

  /** The function whose value starts at the location, on the function's own line. */
  private functionValueAt(location: SourceLocation, nodes: readonly GraphNode[]): GraphNode | undefined {
    const onLine = this.innermostOnLine(location, nodes);
    return onLine && FUNCTION_KINDS.has(onLine.kind) && FUNCTION_VALUE_START.test(this.textAt(location)) ? onLine : undefined;
  }

  /** The node starting last on the location's line at or before it. */
  private innermostOnLine(location: SourceLocation, nodes: readonly GraphNode[]): GraphNode | undefined {
    return nodes
      .filter((n) => n.line === location.line && n.column <= location.character && n.kind !== 'module' && n.kind !== 'route')
      .sort((a, b) => b.column - a.column)[0];
  }

  /** The node of the name at the location declared in the location's scope (its other declarations). */
  private sameNameInScope(location: SourceLocation, fileHash: Hash, nodes: readonly GraphNode[]): GraphNode | undefined {
    const name = IDENTIFIER.exec(this.textAt(location))?.[0];
    const scope = name ? this.enclosing(fileHash, location.line) : undefined;
    if (!name || !scope) return undefined;
    const names = new Set([`${scope.qualifiedName}.${name}`, `${scope.qualifiedName}>${name}`]);
    return nodes.find((n) => names.has(n.qualifiedName));
  }

  /** The source text from a location to the end of its line ('' when the file cannot be read). */
  private textAt(location: SourceLocation): string {
    let lines = this.sourceLines.get(location.path);
    if (!lines) {
      try {
        lines = fs.readFileSync(location.path, 'utf8').split('\n');
      } catch {
        lines = [];
      }
      this.sourceLines.set(location.path, lines);
    }
    return (lines[location.line - 1] ?? '').slice(location.character);
  }

  /** The innermost symbol whose span holds the line; the file's module node for top-level code. */
  enclosing(fileHash: Hash, line: number): GraphNode | undefined {
    const nodes = this.nodesOf(fileHash);
    const inside = nodes
      .filter((n) => ENCLOSING_KINDS.has(n.kind) && n.line <= line && line <= n.endLine)
      .sort((a, b) => (b.line - a.line) || (a.endLine - b.endLine))[0];
    return inside ?? nodes.find((n) => n.kind === 'module');
  }

  private constructorOf(type: GraphNode, nodes: GraphNode[]): GraphNode | undefined {
    return nodes.find((n) => n.kind === 'method' && isConstructorOf(n.qualifiedName, type.qualifiedName));
  }
}

/** `pkg.Foo.constructor` of `pkg.Foo`: calls linked to either mean the same thing. */
export function isConstructorOf(candidate: string, typeName: string): boolean {
  if (!candidate.startsWith(`${typeName}.`)) return false;
  return CONSTRUCTOR_NAMES.has(candidate.slice(typeName.length + 1));
}
