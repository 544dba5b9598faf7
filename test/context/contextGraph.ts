import { InMemoryGraphView } from '../../src/graph/graphView';
import {
  type EdgeType, type FileRecord, type GraphEdge, type GraphNode, type Hash, Identity, type NodeKind, QualifiedName,
  type RepoRecord, hashBytes,
} from '../../src/model';

/**
 * Inline graphs for context tests: nodes named by their local part (`pkg.fn`), in files of
 * one repository whose root may be a real directory (for source excerpts).
 */
export class ContextGraph {
  readonly nodes: GraphNode[] = [];
  readonly edges: GraphEdge[] = [];
  readonly files = new Map<Hash, FileRecord>();
  readonly repos = new Map<Hash, RepoRecord>();

  constructor(readonly repoUrl = 'example.com/app', rootPath = '') {
    this.addRepo(repoUrl, rootPath);
  }

  addRepo(repoUrl: string, rootPath = ''): Hash {
    const repoHash = Identity.repo(repoUrl);
    this.repos.set(repoHash, { repoHash, repoUrl, rootPath, serviceName: repoUrl });
    return repoHash;
  }

  file(path: string, content = '', repoUrl = this.repoUrl): Hash {
    const repoHash = Identity.repo(repoUrl);
    const fileHash = Identity.file(repoHash, path);
    this.files.set(fileHash, { fileHash, repoHash, path, contentHash: hashBytes(content), language: 'typescript', sizeBytes: content.length });
    return fileHash;
  }

  node(local: string, options: {
    kind?: NodeKind; file?: string; line?: number; endLine?: number; signature?: string; doc?: string; repoUrl?: string;
  } = {}): GraphNode {
    const repoUrl = options.repoUrl ?? this.repoUrl;
    const repoHash = Identity.repo(repoUrl);
    const qualifiedName = local.startsWith('UNRESOLVED/') ? QualifiedName.unresolved(repoUrl, local.slice(11)) : `${repoUrl}://${local}`;
    const kind = options.kind ?? 'function';
    const fileHash = options.file === undefined ? '' : Identity.file(repoHash, options.file);
    if (options.file !== undefined && !this.files.has(fileHash)) this.file(options.file, '', repoUrl);
    const node: GraphNode = {
      nodeHash: Identity.node(repoUrl, qualifiedName, kind), fileHash, repoHash, qualifiedName, kind,
      line: options.line ?? 1, column: 0, endLine: options.endLine ?? options.line ?? 1,
      signature: options.signature ?? '', bodyHash: '', doc: options.doc ?? '',
    };
    this.nodes.push(node);
    return node;
  }

  edge(from: GraphNode, to: GraphNode, edgeType: EdgeType = 'calls', extra: Partial<GraphEdge> = {}): GraphEdge {
    const provenance = extra.provenance ?? 'ast_inferred';
    const edge: GraphEdge = {
      edgeHash: Identity.edge(from.nodeHash, to.nodeHash, edgeType, provenance), sourceHash: from.nodeHash, targetHash: to.nodeHash,
      edgeType, confidence: 0.7, provenance, callSiteFile: '', callSiteLine: 0, callSiteCol: 0, laterCallSites: [], observationCount: 0, lastObserved: 0,
      ownerFileHash: from.fileHash, ...extra,
    };
    this.edges.push(edge);
    return edge;
  }

  view(): InMemoryGraphView {
    return new InMemoryGraphView(this.nodes, this.edges, this.files, this.repos);
  }
}
