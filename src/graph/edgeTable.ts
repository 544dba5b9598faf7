import { type CallSite, type EdgeType, type GraphEdge, type Hash, NO_LATER_CALL_SITES } from '../model';

const HEX_HASH = /^[0-9a-f]{64}$/;
const HASH_BYTES = 32;

/**
 * Strings stored once, addressed by a small integer. A view's edges repeat few distinct
 * provenances, types and call-site files, so each edge holds an index, not a string.
 */
export class StringTable {
  readonly values: string[] = [];
  private ids: Map<string, number> | undefined = new Map();

  /** The id of a string, added on first sight. Only while building. */
  idOf(value: string): number {
    let id = this.ids!.get(value);
    if (id === undefined) {
      id = this.values.length;
      this.values.push(value);
      this.ids!.set(value, id);
    }
    return id;
  }

  /** Drops the lookup map once every string is in: reads need only `values`. */
  seal(): void {
    this.ids = undefined;
  }
}

/**
 * The edges of a view as columns of typed arrays, one row per edge in the order given:
 * about 100 bytes an edge instead of an object of thirteen fields with four 64-hex strings
 * of its own (about 600 bytes). Ends are integer ids of `endpoints` (the view's node ids,
 * then any end that is not a node); hashes are kept as 32 bytes; `edge(i)` builds the
 * GraphEdge when asked, equal field by field to the one stored.
 */
export class EdgeTable {
  readonly count: number;
  readonly source: Int32Array;
  readonly target: Int32Array;
  readonly type: Uint8Array;
  readonly confidence: Float64Array;
  readonly provenance: Int32Array;
  readonly strings = new StringTable();
  private readonly types = new StringTable();
  private readonly hashBytes: Uint8Array;
  /** Edge hashes that are not 64 lowercase hex (tests, hand-made graphs): kept as given. */
  private readonly oddHashes = new Map<number, string>();
  private readonly siteFile: Int32Array;
  private readonly siteLine: Float64Array;
  private readonly siteCol: Float64Array;
  private readonly observations: Float64Array;
  private readonly observedAt: Float64Array;
  private readonly owner: Int32Array;
  /** Edge `i`'s later call sites are sites `laterStart[i] .. laterStart[i + 1]` of the three site columns. */
  private readonly laterStart: Int32Array;
  private readonly laterFile: Int32Array;
  private readonly laterLine: Float64Array;
  private readonly laterCol: Float64Array;

  constructor(edges: readonly GraphEdge[], private readonly endpoints: { readonly hashes: readonly Hash[]; idOf(hash: Hash): number }) {
    const n = edges.length;
    this.count = n;
    this.source = new Int32Array(n);
    this.target = new Int32Array(n);
    this.type = new Uint8Array(n);
    this.confidence = new Float64Array(n);
    this.provenance = new Int32Array(n);
    this.hashBytes = new Uint8Array(n * HASH_BYTES);
    this.siteFile = new Int32Array(n);
    this.siteLine = new Float64Array(n);
    this.siteCol = new Float64Array(n);
    this.observations = new Float64Array(n);
    this.observedAt = new Float64Array(n);
    this.owner = new Int32Array(n);
    this.laterStart = new Int32Array(n + 1);
    let sites = 0;
    for (let i = 0; i < n; i++) this.laterStart[i + 1] = sites += edges[i]!.laterCallSites.length;
    this.laterFile = new Int32Array(sites);
    this.laterLine = new Float64Array(sites);
    this.laterCol = new Float64Array(sites);
    for (let i = 0; i < n; i++) {
      const edge = edges[i]!;
      this.source[i] = endpoints.idOf(edge.sourceHash);
      this.target[i] = endpoints.idOf(edge.targetHash);
      this.type[i] = typeCode(this.types, edge.edgeType);
      this.confidence[i] = edge.confidence;
      this.provenance[i] = this.strings.idOf(edge.provenance);
      this.siteFile[i] = this.strings.idOf(edge.callSiteFile);
      this.siteLine[i] = edge.callSiteLine;
      this.siteCol[i] = edge.callSiteCol;
      this.observations[i] = edge.observationCount;
      this.observedAt[i] = edge.lastObserved;
      this.owner[i] = this.strings.idOf(edge.ownerFileHash);
      let site = this.laterStart[i]!;
      for (const later of edge.laterCallSites) {
        this.laterFile[site] = this.strings.idOf(later.file);
        this.laterLine[site] = later.line;
        this.laterCol[site++] = later.col;
      }
      if (HEX_HASH.test(edge.edgeHash)) this.hashBytes.set(Buffer.from(edge.edgeHash, 'hex'), i * HASH_BYTES);
      else this.oddHashes.set(i, edge.edgeHash);
    }
    this.strings.seal();
    this.types.seal();
  }

  /** The type code of `edgeType` in this table, or -1 when no edge has it. */
  typeCodeOf(edgeType: EdgeType): number {
    return this.types.values.indexOf(edgeType);
  }

  /** The type name of edge `i`. */
  typeOf(i: number): EdgeType {
    return this.types.values[this.type[i]!] as EdgeType;
  }

  /** The hash of edge `i`'s source. */
  sourceHash(i: number): Hash {
    return this.endpoints.hashes[this.source[i]!]!;
  }

  /** The hash of edge `i`'s target. */
  targetHash(i: number): Hash {
    return this.endpoints.hashes[this.target[i]!]!;
  }

  /** Edge `i` as a GraphEdge: a new object on each call. */
  edge(i: number): GraphEdge {
    const strings = this.strings.values;
    return {
      edgeHash: this.oddHashes.get(i) ?? Buffer.from(this.hashBytes.buffer, this.hashBytes.byteOffset + i * HASH_BYTES, HASH_BYTES).toString('hex'),
      sourceHash: this.sourceHash(i),
      targetHash: this.targetHash(i),
      edgeType: this.types.values[this.type[i]!] as EdgeType,
      provenance: strings[this.provenance[i]!]!,
      confidence: this.confidence[i]!,
      callSiteFile: strings[this.siteFile[i]!]!,
      callSiteLine: this.siteLine[i]!,
      callSiteCol: this.siteCol[i]!,
      observationCount: this.observations[i]!,
      lastObserved: this.observedAt[i]!,
      ownerFileHash: strings[this.owner[i]!]!,
      laterCallSites: this.laterCallSites(i),
    };
  }

  private laterCallSites(i: number): readonly CallSite[] {
    const start = this.laterStart[i]!;
    const end = this.laterStart[i + 1]!;
    if (start === end) return NO_LATER_CALL_SITES;
    const sites: CallSite[] = [];
    for (let at = start; at < end; at++) sites.push({ file: this.strings.values[this.laterFile[at]!]!, line: this.laterLine[at]!, col: this.laterCol[at]! });
    return sites;
  }
}

/** Edge types have a table of their own and must fit a byte: a graph has a handful of them. */
function typeCode(types: StringTable, edgeType: string): number {
  const code = types.idOf(edgeType);
  if (code > 255) throw new Error(`graph/edgeTable: more than 256 edge types (at ${edgeType})`);
  return code;
}
