import { z } from 'zod';
import { type CallSite, type FileRecord, type GraphEdge, type GraphNode, type RouteSymbolRow, callSitesOf } from '../model';

/**
 * SPEC §2 record shapes, as tools return them (internal records are camelCase), and the
 * output-schema pieces the tools build their schemas from. Output schemas describe
 * `structuredContent`: a SPEC array result is wrapped as `{ items, truncated, hint? }`,
 * a SPEC object result is itself, plus `truncated: true` and `hint` when the reply cap cut
 * it (docs/mcp.md). SPEC records (Node, Edge, File, RouteSymbolRow) and results SPEC fixes
 * completely are exact; results where SPEC leaves fields open ("not shown") are loose
 * objects, so an added field never fails a call while the named ones are still checked.
 */

/** A node as SPEC §2 spells it. */
export interface WireNode {
  readonly NodeHash: string;
  readonly FileHash: string;
  readonly QualifiedName: string;
  readonly Kind: string;
  readonly Line: number;
  readonly Signature: string;
}

/** An edge as SPEC §2 spells it. */
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

/** A file as SPEC §2 spells it. */
export interface WireFile {
  readonly FileHash: string;
  readonly RepoHash: string;
  readonly Path: string;
  readonly ContentHash: string;
}

/** A route_symbols row as SPEC 2.7 spells it. */
export interface WireRouteSymbol {
  readonly ServiceName: string;
  readonly RoutePattern: string;
  readonly MappingType: string;
  readonly NodeHash: string;
  readonly CreatedAt: number;
}

/** A graph node in its SPEC shape. */
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

/** A graph edge in its SPEC shape. */
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

/** A file record in its SPEC shape. */
export function wireFile(file: FileRecord): WireFile {
  return { FileHash: file.fileHash, RepoHash: file.repoHash, Path: file.path, ContentHash: file.contentHash };
}

/** A route row in its SPEC shape. */
export function wireRouteSymbol(row: RouteSymbolRow): WireRouteSymbol {
  return {
    ServiceName: row.serviceName,
    RoutePattern: row.routePattern,
    MappingType: row.mappingType,
    NodeHash: row.nodeHash,
    CreatedAt: row.createdAt,
  };
}

/** An integer field of an output schema. */
export const integer = z.number().int();

/** The schema of a WireNode. */
export const WireNodeSchema = z.object({
  NodeHash: z.string(),
  FileHash: z.string(),
  QualifiedName: z.string(),
  Kind: z.string(),
  Line: integer,
  Signature: z.string().optional(),
});

/** The schema of a WireEdge. */
export const WireEdgeSchema = z.object({
  EdgeHash: z.string(),
  SourceHash: z.string(),
  TargetHash: z.string(),
  EdgeType: z.string(),
  Confidence: z.number(),
  Provenance: z.string(),
  CallSiteLine: integer,
  CallSiteCol: integer,
  CallSiteFile: z.string(),
  ObservationCount: integer,
  LastObserved: integer,
});

/** The schema of a WireFile. */
export const WireFileSchema = z.object({
  FileHash: z.string(),
  RepoHash: z.string(),
  Path: z.string(),
  ContentHash: z.string(),
});

/** The schema of a WireRouteSymbol. */
export const WireRouteSymbolSchema = z.object({
  ServiceName: z.string(),
  RoutePattern: z.string(),
  MappingType: z.string(),
  NodeHash: z.string(),
  CreatedAt: integer,
});

/** `{Node, Depth}`: one symbol a walk reached and its hop count. */
export const NodeDepthSchema = z.looseObject({ Node: WireNodeSchema, Depth: integer });

/**
 * One call site, added to the SPEC caller shapes (issue 13): an object, not a tuple, so the
 * reply cap, which cuts every list, never cuts a site in half.
 */
export interface WireCallSite {
  readonly File: string;
  readonly Line: number;
  /** 1-based, as CallSiteCol. */
  readonly Col: number;
}

export const WireCallSiteSchema = z.object({ File: z.string(), Line: integer, Col: integer });

/** Every site of an edge, in source order: the first is its CallSite* (none for a runtime edge). */
export function wireCallSites(edge: GraphEdge | undefined): WireCallSite[] {
  return edge ? callSitesOf(edge).map(wireCallSite) : [];
}

function wireCallSite(site: CallSite): WireCallSite {
  return { File: site.file, Line: site.line, Col: site.col };
}

const capFields = { truncated: z.boolean().optional(), hint: z.string().optional() };

/** `{ items, truncated, hint? }` around a SPEC array. */
export function listOutput(item: z.ZodType) {
  return z.object({ items: z.array(item), truncated: z.boolean(), hint: z.string().optional() });
}

/** A SPEC object result that SPEC fixes completely. */
export function exactOutput(shape: z.ZodRawShape) {
  return z.object({ ...shape, ...capFields });
}

/** A SPEC object result with fields SPEC leaves open. */
export function objectOutput(shape: z.ZodRawShape) {
  return z.looseObject({ ...shape, ...capFields });
}

/** SPEC 4.5 `{source_name, target_name, edge_type, confidence}` of semantic_diff and pr_impact. */
export const NamedEdgeSchema = z.looseObject({ source_name: z.string(), target_name: z.string(), edge_type: z.string(), confidence: z.number() });
