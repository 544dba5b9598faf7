import { InMemoryGraphView } from '../../src/graph/graphView';
import {
  type EdgeType, type FileRecord, type GraphEdge, type GraphNode, type Hash, Identity, type NodeKind, PROVENANCE_CONFIDENCE,
  type RepoRecord,
} from '../../src/model';

export interface NodeOptions {
  readonly kind?: NodeKind;
  /** Repo-relative path of the owning file; omitted for repo-level nodes. */
  readonly file?: string;
  readonly repo?: string;
  readonly line?: number;
  readonly signature?: string;
  readonly bodyHash?: string;
}

export interface EdgeOptions {
  readonly provenance?: string;
  readonly confidence?: number;
  readonly line?: number;
}

/**
 * A tiny builder for inline test graphs. Nodes are named by the local part of their
 * qualified name (`pkg.Fn`); the repo URL comes from `repo` or the builder's default, so
 * `g.node('pkg.Fn')` is `<repo>://pkg.Fn`. Edges name their ends the same way, or by the
 * full qualified name for another repo. Declare a node before the edges that use it: an
 * edge to an unknown name creates a plain function. Defining a name again with the same
 * kind replaces the node; with another kind adds a second node (the name then refers to it).
 */
export class GraphBuilder {
  /** By identity (name and kind); `byName` points at the last node defined under a name. */
  private readonly nodes = new Map<Hash, GraphNode>();
  private readonly byName = new Map<string, Hash>();
  private readonly edges: GraphEdge[] = [];
  private readonly files = new Map<Hash, FileRecord>();
  private readonly repos = new Map<Hash, RepoRecord>();

  constructor(private readonly defaultRepo = 'example.com/app') {}

  node(local: string, options: NodeOptions = {}): this {
    const repoUrl = options.repo ?? this.defaultRepo;
    const repoHash = this.ensureRepo(repoUrl);
    const qualifiedName = `${repoUrl}://${local}`;
    const kind = options.kind ?? 'function';
    const fileHash = options.file === undefined ? '' : this.ensureFile(repoHash, options.file);
    const nodeHash = Identity.node(repoUrl, qualifiedName, kind);
    this.byName.set(qualifiedName, nodeHash);
    this.nodes.set(nodeHash, {
      nodeHash, fileHash, repoHash, qualifiedName, kind,
      line: options.line ?? 1, column: 0, endLine: (options.line ?? 1) + 1,
      signature: options.signature ?? `${kind} ${local}`, bodyHash: options.bodyHash ?? `body:${local}`, doc: '',
    });
    return this;
  }

  /** A `calls` edge; both ends are created as plain functions when missing. */
  calls(from: string, to: string, options: EdgeOptions = {}): this {
    return this.edge(from, to, 'calls', options);
  }

  edge(from: string, to: string, edgeType: EdgeType, options: EdgeOptions = {}): this {
    const source = this.get(from);
    const target = this.get(to);
    const provenance = options.provenance ?? 'ast_inferred';
    const confidence = options.confidence
      ?? (PROVENANCE_CONFIDENCE as Record<string, number>)[provenance] ?? PROVENANCE_CONFIDENCE.ast_inferred;
    this.edges.push({
      edgeHash: Identity.edge(source.nodeHash, target.nodeHash, edgeType, provenance), sourceHash: source.nodeHash,
      targetHash: target.nodeHash, edgeType, confidence, provenance, callSiteFile: '', callSiteLine: options.line ?? 0,
      callSiteCol: 0, laterCallSites: [], observationCount: 0, lastObserved: 0, ownerFileHash: source.fileHash,
    });
    return this;
  }

  /** The node hash of a local name (`pkg.Fn`, or `<repo>://pkg.Fn` for another repo). */
  hash(name: string): Hash {
    return this.get(name).nodeHash;
  }

  build(): InMemoryGraphView {
    return new InMemoryGraphView(this.nodes.values(), [...this.edges], new Map(this.files), new Map(this.repos));
  }

  private get(name: string): GraphNode {
    const qualifiedName = name.includes('://') ? name : `${this.defaultRepo}://${name}`;
    if (!this.byName.has(qualifiedName)) {
      const at = qualifiedName.indexOf('://');
      this.node(qualifiedName.slice(at + 3), { repo: qualifiedName.slice(0, at) });
    }
    return this.nodes.get(this.byName.get(qualifiedName)!)!;
  }

  private ensureRepo(repoUrl: string): Hash {
    const repoHash = Identity.repo(repoUrl);
    if (!this.repos.has(repoHash)) this.repos.set(repoHash, { repoHash, repoUrl, rootPath: '', serviceName: repoUrl });
    return repoHash;
  }

  private ensureFile(repoHash: Hash, path: string): Hash {
    const fileHash = Identity.file(repoHash, path);
    if (!this.files.has(fileHash)) {
      this.files.set(fileHash, { fileHash, repoHash, path, contentHash: Identity.file(fileHash, 'content'), language: languageOf(path), sizeBytes: 0 });
    }
    return fileHash;
  }
}

function languageOf(path: string): string {
  if (path.endsWith('.go')) return 'go';
  if (path.endsWith('.py')) return 'python';
  if (path.endsWith('.tsx')) return 'tsx';
  if (path.endsWith('.ts')) return 'typescript';
  if (path.endsWith('.js')) return 'javascript';
  if (path.endsWith('.java')) return 'java';
  if (path.endsWith('.cs')) return 'csharp';
  if (path.endsWith('.rs')) return 'rust';
  return 'unknown';
}
