import type { ContextDocument, ContextSymbol } from '../document';
import {
  GCB_DIRECTIONS, GCB_EDGE_TYPES, GCB_KINDS, GCB_MAGIC, GCB_MODES, GCB_SOURCE_STATES, GCB_TRAFFIC_BANDS, GCB_TRAFFIC_STATUSES,
} from './gcbLayout';

/**
 * GCB, the binary format (docs/formats.md): magic `GCB1`, unsigned LEB128 varints,
 * one-byte enums, every string once in a table, hashes as 32 raw bytes. `content`
 * carries it base64-encoded; src/context/formats/gcbDecoder.ts reads it back into the
 * same ContextDocument.
 */
export function encodeGcb(doc: ContextDocument): Uint8Array {
  const strings = new StringTable();
  const body = new ByteWriter();
  body.varint(strings.id(doc.query));
  body.varint(doc.repos.length);
  for (const repo of doc.repos) body.varint(strings.id(repo));
  body.varint(doc.symbols.length);
  for (const symbol of doc.symbols) writeSymbol(body, strings, symbol);

  const out = new ByteWriter();
  for (const char of GCB_MAGIC) out.byte(char.charCodeAt(0));
  out.byte(enumByte(GCB_MODES, doc.mode, 'mode'));
  out.varint(doc.tokenBudget);
  out.varint(doc.symbolsIncluded);
  out.varint(doc.symbolsAvailable);
  out.varint(strings.values.length);
  for (const value of strings.values) {
    const bytes = Buffer.from(value, 'utf8');
    out.varint(bytes.length);
    out.bytes(bytes);
  }
  out.bytes(body.finish());
  return out.finish();
}

/** The base64 text that goes into `content`. */
export function renderGcb(doc: ContextDocument): string {
  return Buffer.from(encodeGcb(doc)).toString('base64');
}

function writeSymbol(out: ByteWriter, strings: StringTable, symbol: ContextSymbol): void {
  if (!/^[0-9a-f]{64}$/.test(symbol.hash)) throw new Error(`context/gcb: symbol ${symbol.name} has no 64-hex hash`);
  out.bytes(Buffer.from(symbol.hash, 'hex'));
  out.varint(strings.id(symbol.name));
  out.byte(enumByte(GCB_KINDS, symbol.kind, 'kind'));
  out.varint(symbol.repo);
  out.varint(strings.id(symbol.file));
  out.varint(symbol.line);
  out.varint(symbol.endLine);
  out.varint(strings.id(symbol.signature));
  out.varint(strings.id(symbol.doc));
  out.varint(symbol.distance);
  out.varint(symbol.relevance);
  out.varint(symbol.more.callers);
  out.varint(symbol.more.callees);
  out.varint(symbol.more.types);
  out.varint(symbol.relations.length);
  for (const relation of symbol.relations) {
    out.byte(enumByte(GCB_EDGE_TYPES, relation.edgeType, 'edge type'));
    out.byte(enumByte(GCB_DIRECTIONS, relation.direction, 'direction'));
    // Even: an included symbol's id; odd: a string-table name of one left out.
    out.varint('id' in relation.target ? 2 * relation.target.id : 2 * strings.id(relation.target.name) + 1);
  }
  out.byte(enumByte(GCB_SOURCE_STATES, symbol.sourceState, 'source state'));
  if (symbol.source) {
    out.varint(symbol.source.startLine);
    out.varint(strings.id(symbol.source.text));
    out.varint(symbol.source.truncatedLines);
  }
  const traffic = symbol.traffic;
  out.byte(enumByte(GCB_TRAFFIC_STATUSES, traffic?.status ?? 'none', 'traffic status'));
  if (traffic?.status === 'observed') {
    out.varint(traffic.observations);
    out.varint(traffic.edges);
    out.byte(enumByte(GCB_TRAFFIC_BANDS, traffic.confidence, 'traffic confidence'));
    out.varint(traffic.provenance.length);
    for (const name of traffic.provenance) out.varint(strings.id(name));
  } else if (traffic) {
    out.varint(strings.id(traffic.service));
  }
}

function enumByte<T>(values: readonly T[], value: T, what: string): number {
  const at = values.indexOf(value);
  if (at < 0) throw new Error(`context/gcb: no byte value for ${what} ${String(value)}`);
  return at;
}

class StringTable {
  readonly values: string[] = [];
  private readonly ids = new Map<string, number>();

  id(value: string): number {
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.values.length;
      this.values.push(value);
      this.ids.set(value, id);
    }
    return id;
  }
}

class ByteWriter {
  private chunks: Uint8Array[] = [];
  private current: number[] = [];

  byte(value: number): void {
    this.current.push(value & 0xff);
  }

  /** Unsigned LEB128, exact up to Number.MAX_SAFE_INTEGER (division, not 32-bit shifts). */
  varint(value: number): void {
    if (!Number.isSafeInteger(value) || value < 0) throw new Error(`context/gcb: varint must be a safe integer >= 0, got ${value}`);
    let rest = value;
    while (rest >= 0x80) {
      this.current.push((rest % 0x80) | 0x80);
      rest = Math.floor(rest / 0x80);
    }
    this.current.push(rest);
  }

  bytes(value: Uint8Array): void {
    this.flush();
    this.chunks.push(value);
  }

  finish(): Uint8Array {
    this.flush();
    return Buffer.concat(this.chunks);
  }

  private flush(): void {
    if (this.current.length > 0) {
      this.chunks.push(Uint8Array.from(this.current));
      this.current = [];
    }
  }
}
