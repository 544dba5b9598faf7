import * as path from 'node:path';
import type { GraphEdge, GraphNode, Hash, RepoRecord } from '../model';
import type { GraphStore, LiveFile } from '../store/graphStore';
import type { SourceLocation } from './oracle';

export interface LocatedFile {
  readonly repo: RepoRecord;
  readonly file: LiveFile;
  readonly absolutePath: string;
}

/** Kinds that can enclose code: the source of a call or reference found inside them. */
const ENCLOSING_KINDS = new Set(['function', 'method', 'test', 'type', 'interface', 'variable', 'constant']);
const CONSTRUCTOR_NAMES = new Set(['constructor', '__init__']);

/**
 * Maps editor locations to graph nodes: the declaration a definition answer points at,
 * and the symbol a call or reference sits in. Built over the live graph of one moment;
 * make a new one after a write.
 */
export class NodeLocator {
  private readonly byPath = new Map<string, LocatedFile>();
  private readonly byFileHash = new Map<Hash, LocatedFile>();
  private readonly nodesByFile = new Map<Hash, GraphNode[]>();
  private readonly edgesByOwner = new Map<Hash, GraphEdge[]>();

  constructor(private readonly store: GraphStore) {
    for (const repo of store.repos()) {
      for (const file of store.liveFiles(repo.repoHash)) {
        const absolutePath = path.join(repo.rootPath, file.path);
        const located = { repo, file, absolutePath };
        this.byPath.set(absolutePath, located);
        this.byFileHash.set(file.fileHash, located);
      }
    }
  }

  nodeByHash(nodeHash: Hash): GraphNode | undefined {
    return this.store.node(nodeHash);
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

  /** The live edges a file owns, read once per locator. */
  ownedEdges(fileHash: Hash): GraphEdge[] {
    let edges = this.edgesByOwner.get(fileHash);
    if (!edges) this.edgesByOwner.set(fileHash, (edges = this.store.liveEdgesOwnedBy(fileHash)));
    return edges;
  }

  nodesOf(fileHash: Hash): GraphNode[] {
    let nodes = this.nodesByFile.get(fileHash);
    if (!nodes) this.nodesByFile.set(fileHash, (nodes = this.store.liveNodesOfFile(fileHash)));
    return nodes;
  }

  /**
   * The node declared at a location (a definition answer points at the name token, where
   * nodes are positioned). Falls back to the innermost node on that line starting at or
   * before it. A class with a declared constructor stands for its constructor, as the
   * linker links instantiations.
   */
  declarationAt(location: SourceLocation): GraphNode | undefined {
    const located = this.fileAt(location.path);
    if (!located) return undefined;
    const nodes = this.nodesOf(located.file.fileHash).filter((n) => n.kind !== 'module' && n.kind !== 'route');
    // An interface's methods share its position: the interface is what sits there.
    const exact = nodes.filter((n) => n.line === location.line && n.column === location.character)
      .sort((a, b) => Number(a.kind === 'method') - Number(b.kind === 'method'))[0];
    const onLine = exact ?? nodes
      .filter((n) => n.line === location.line && n.column <= location.character)
      .sort((a, b) => b.column - a.column)[0];
    if (!onLine) return undefined;
    return onLine.kind === 'type' ? this.constructorOf(onLine, nodes) ?? onLine : onLine;
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
