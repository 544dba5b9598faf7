import type { FileRecord, GraphEdge, GraphNode, RouteSymbolRow } from '../model';

/** SPEC §2 record shapes, as tools return them. Internal records are camelCase. */

export interface WireNode {
  readonly NodeHash: string;
  readonly FileHash: string;
  readonly QualifiedName: string;
  readonly Kind: string;
  readonly Line: number;
  readonly Signature: string;
}

export interface WireEdge {
  readonly EdgeHash: string;
  readonly SourceHash: string;
  readonly TargetHash: string;
  readonly EdgeType: string;
  readonly Confidence: number;
  readonly Provenance: string;
  readonly CallSiteLine: number;
  readonly CallSiteCol: number;
  readonly CallSiteFile: string;
  readonly ObservationCount: number;
  readonly LastObserved: number;
}

export interface WireFile {
  readonly FileHash: string;
  readonly RepoHash: string;
  readonly Path: string;
  readonly ContentHash: string;
}

export interface WireRouteSymbol {
  readonly ServiceName: string;
  readonly RoutePattern: string;
  readonly MappingType: string;
  readonly NodeHash: string;
  readonly CreatedAt: number;
}

export function wireNode(node: GraphNode): WireNode {
  return {
    NodeHash: node.nodeHash,
    FileHash: node.fileHash,
    QualifiedName: node.qualifiedName,
    Kind: node.kind,
    Line: node.line,
    Signature: node.signature,
  };
}

export function wireEdge(edge: GraphEdge): WireEdge {
  return {
    EdgeHash: edge.edgeHash,
    SourceHash: edge.sourceHash,
    TargetHash: edge.targetHash,
    EdgeType: edge.edgeType,
    Confidence: edge.confidence,
    Provenance: edge.provenance,
    CallSiteLine: edge.callSiteLine,
    CallSiteCol: edge.callSiteCol,
    CallSiteFile: edge.callSiteFile,
    ObservationCount: edge.observationCount,
    LastObserved: edge.lastObserved,
  };
}

export function wireFile(file: FileRecord): WireFile {
  return { FileHash: file.fileHash, RepoHash: file.repoHash, Path: file.path, ContentHash: file.contentHash };
}

export function wireRouteSymbol(row: RouteSymbolRow): WireRouteSymbol {
  return {
    ServiceName: row.serviceName,
    RoutePattern: row.routePattern,
    MappingType: row.mappingType,
    NodeHash: row.nodeHash,
    CreatedAt: row.createdAt,
  };
}
