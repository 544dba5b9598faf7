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

/** Integer ids of hashes, given on first sight: the view's nodes and its edges' ends. */
export class HashIds {
  readonly hashes: Hash[] = [];
  private readonly ids = new Map<Hash, number>();

  /** The id of a hash, given one on first sight. */
  idOf(hash: Hash): number {
    let id = this.ids.get(hash);
    if (id === undefined) {
      id = this.hashes.length;
      this.hashes.push(hash);
      this.ids.set(hash, id);
    }
    return id;
  }

  /** The id of a hash, or undefined when it has none. */
  known(hash: Hash): number | undefined {
    return this.ids.get(hash);
  }

  get size(): number {
    return this.hashes.length;
  }
}

/** Columns while edges are appended: plain arrays, made typed arrays by seal(). */
interface Building {
  source: number[]; target: number[]; type: number[]; confidence: number[]; provenance: number[]; siteFile: number[];
  siteLine: number[]; siteCol: number[]; observations: number[]; observedAt: number[]; owner: number[];
  laterStart: number[]; laterFile: number[]; laterLine: number[]; laterCol: number[]; hashBytes: Buffer;
}

/**
 * The edges of a view as columns of typed arrays, one row per edge in the order appended:
 * about 100 bytes an edge instead of an object of thirteen fields with four 64-hex strings
 * of its own (about 600 bytes). Ends are ids of `endpoints` (HashIds shared with the view);
 * hashes are kept as 32 bytes; `edge(i)` builds the GraphEdge when asked, equal field by
 * field to the one appended. Append every edge, then seal() before reading.
 */
export class EdgeTable {
  count = 0;
  source = new Int32Array(0);
  target = new Int32Array(0);
  type = new Uint8Array(0);
  confidence = new Float64Array(0);
  provenance = new Int32Array(0);
  readonly strings = new StringTable();
  private readonly types = new StringTable();
  private hashBytes = Buffer.alloc(0);
  /** Edge hashes that are not 64 lowercase hex (tests, hand-made graphs): kept as given. */
  private readonly oddHashes = new Map<number, string>();
  private siteFile = new Int32Array(0);
  private siteLine = new Float64Array(0);
  private siteCol = new Float64Array(0);
  private observations = new Float64Array(0);
  private observedAt = new Float64Array(0);
  private owner = new Int32Array(0);
  /** Edge `i`'s later call sites are sites `laterStart[i] .. laterStart[i + 1]` of the three site columns. */
  private laterStart = new Int32Array(1);
  private laterFile = new Int32Array(0);
  private laterLine = new Float64Array(0);
  private laterCol = new Float64Array(0);
  private building: Building | undefined = {
    source: [], target: [], type: [], confidence: [], provenance: [], siteFile: [], siteLine: [], siteCol: [], observations: [],
    observedAt: [], owner: [], laterStart: [0], laterFile: [], laterLine: [], laterCol: [], hashBytes: Buffer.alloc(1024 * HASH_BYTES),
  };

  constructor(readonly endpoints: HashIds) {}

  /** A sealed table of these edges. */
  static of(edges: Iterable<GraphEdge>, endpoints: HashIds): EdgeTable {
    const table = new EdgeTable(endpoints);
    for (const edge of edges) table.append(edge);
    table.seal();
    return table;
  }

  /** Adds a row for `edge`; only before seal(). */
  append(edge: GraphEdge): void {
    const b = this.building;
    if (!b) throw new Error('graph/edgeTable: the table is sealed');
    const i = this.count++;
    b.source.push(this.endpoints.idOf(edge.sourceHash));
    b.target.push(this.endpoints.idOf(edge.targetHash));
    b.type.push(typeCode(this.types, edge.edgeType));
    b.confidence.push(edge.confidence);
    b.provenance.push(this.strings.idOf(edge.provenance));
    b.siteFile.push(this.strings.idOf(edge.callSiteFile));
    b.siteLine.push(edge.callSiteLine);
    b.siteCol.push(edge.callSiteCol);
    b.observations.push(edge.observationCount);
    b.observedAt.push(edge.lastObserved);
    b.owner.push(this.strings.idOf(edge.ownerFileHash));
    for (const later of edge.laterCallSites) {
      b.laterFile.push(this.strings.idOf(later.file));
      b.laterLine.push(later.line);
      b.laterCol.push(later.col);
    }
    b.laterStart.push(b.laterFile.length);
    if ((i + 1) * HASH_BYTES > b.hashBytes.length) {
      const grown = Buffer.alloc(b.hashBytes.length * 2);
      b.hashBytes.copy(grown);
      b.hashBytes = grown;
    }
    if (HEX_HASH.test(edge.edgeHash)) b.hashBytes.write(edge.edgeHash, i * HASH_BYTES, HASH_BYTES, 'hex');
    else this.oddHashes.set(i, edge.edgeHash);
  }

  /** Makes the columns typed arrays of their final length; the table is read-only from here. */
  seal(): void {
    const b = this.building;
    if (!b) return;
    this.building = undefined;
    this.source = Int32Array.from(b.source);
    this.target = Int32Array.from(b.target);
    this.type = Uint8Array.from(b.type);
    this.confidence = Float64Array.from(b.confidence);
    this.provenance = Int32Array.from(b.provenance);
    this.siteFile = Int32Array.from(b.siteFile);
    this.siteLine = Float64Array.from(b.siteLine);
    this.siteCol = Float64Array.from(b.siteCol);
    this.observations = Float64Array.from(b.observations);
    this.observedAt = Float64Array.from(b.observedAt);
    this.owner = Int32Array.from(b.owner);
    this.laterStart = Int32Array.from(b.laterStart);
    this.laterFile = Int32Array.from(b.laterFile);
    this.laterLine = Float64Array.from(b.laterLine);
    this.laterCol = Float64Array.from(b.laterCol);
    this.hashBytes = Buffer.from(b.hashBytes.subarray(0, this.count * HASH_BYTES)); // a copy: the grown buffer goes
    this.strings.seal();
    this.types.seal();
  }

  /** How many edge types the table has (type codes are below it). */
  get typeCount(): number {
    return this.types.values.length;
  }

  /** The type code of `edgeType` in this table, or -1 when no edge has it. */
  typeCodeOf(edgeType: EdgeType): number {
    return this.types.values.indexOf(edgeType);
  }

  /** The type name of edge `i`. */
  typeOf(i: number): EdgeType {
    return this.types.values[this.type[i]!] as EdgeType;
  }

  /** The hash of edge `i`. */
  edgeHash(i: number): Hash {
    return this.oddHashes.get(i) ?? this.hashBytes.toString('hex', i * HASH_BYTES, (i + 1) * HASH_BYTES);
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
      edgeHash: this.edgeHash(i),
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
