import type { ContextDocument, ContextRelation, ContextSymbol } from '../document';
import type { SourceExcerpt } from '../sourceReader';
import type { SymbolTraffic } from '../traffic';
import {
  GCB_DIRECTIONS, GCB_EDGE_TYPES, GCB_KINDS, GCB_MAGIC, GCB_MODES, GCB_SOURCE_STATES, GCB_TRAFFIC_BANDS, GCB_TRAFFIC_STATUSES,
} from './gcbLayout';

/**
 * Reads a GCB block (bytes, or the base64 text of a context's `content`) back into the
 * ContextDocument it was written from. Every read is bounds-checked: a cut or corrupted
 * block is an error naming what was being read, never a partial document.
 */
export function decodeGcb(input: Uint8Array | string): ContextDocument {
  const bytes = typeof input === 'string' ? base64Bytes(input) : input;
  const r = new ByteReader(bytes);
  const magic = String.fromCharCode(...r.bytes(4, 'magic'));
  if (magic !== GCB_MAGIC) throw new Error(`context/gcb: not a ${GCB_MAGIC} block (magic ${JSON.stringify(magic)})`);
  const mode = r.enum(GCB_MODES, 'mode');
  const tokenBudget = r.varint('token budget');
  const symbolsIncluded = r.varint('symbols included');
  const symbolsAvailable = r.varint('symbols available');
  const strings: string[] = [];
  const stringCount = r.varint('string count');
  for (let i = 0; i < stringCount; i++) strings.push(Buffer.from(r.bytes(r.varint('string length'), 'string')).toString('utf8'));
  const string = (what: string): string => {
    const id = r.varint(what);
    if (id >= strings.length) throw new Error(`context/gcb: ${what} refers to string ${id} of ${strings.length}`);
    return strings[id];
  };

  const query = string('query');
  const repos: string[] = [];
  const repoCount = r.varint('repo count');
  for (let i = 0; i < repoCount; i++) repos.push(string('repo'));
  const symbolCount = r.varint('symbol count');
  if (symbolCount !== symbolsIncluded) throw new Error(`context/gcb: ${symbolCount} symbols, header says ${symbolsIncluded}`);
  const symbols: ContextSymbol[] = [];
  for (let id = 0; id < symbolCount; id++) {
    const hash = Buffer.from(r.bytes(32, 'hash')).toString('hex');
    const name = string('name');
    const kind = r.enum(GCB_KINDS, 'kind');
    const repo = r.varint('repo');
    if (repo >= repos.length) throw new Error(`context/gcb: symbol ${id} refers to repo ${repo} of ${repos.length}`);
    const file = string('file');
    const line = r.varint('line');
    const endLine = r.varint('end line');
    const signature = string('signature');
    const doc = string('doc');
    const distance = r.varint('distance');
    const relevance = r.varint('relevance');
    const more = { callers: r.varint('more callers'), callees: r.varint('more callees'), types: r.varint('more types') };
    const relations: ContextRelation[] = [];
    const relationCount = r.varint('relation count');
    for (let i = 0; i < relationCount; i++) {
      const edgeType = r.enum(GCB_EDGE_TYPES, 'edge type');
      const direction = r.enum(GCB_DIRECTIONS, 'direction');
      const target = r.varint('relation target');
      if (target % 2 === 0 && target / 2 >= symbolCount) throw new Error(`context/gcb: relation to symbol ${target / 2} of ${symbolCount}`);
      if (target % 2 === 1 && (target - 1) / 2 >= strings.length) throw new Error('context/gcb: relation name out of the string table');
      relations.push({ edgeType, direction, target: target % 2 === 0 ? { id: target / 2 } : { name: strings[(target - 1) / 2] } });
    }
    const sourceState = r.enum(GCB_SOURCE_STATES, 'source state');
    let source: SourceExcerpt | undefined;
    if (sourceState === 'included') {
      source = { startLine: r.varint('source start'), text: string('source text'), truncatedLines: r.varint('truncated lines') };
    }
    let traffic: SymbolTraffic | undefined;
    const status = r.enum(GCB_TRAFFIC_STATUSES, 'traffic status');
    if (status === 'observed') {
      const observations = r.varint('traffic observations');
      const edges = r.varint('traffic edges');
      const confidence = r.enum(GCB_TRAFFIC_BANDS, 'traffic confidence');
      const provenance: string[] = [];
      for (let i = r.varint('traffic provenance count'); i > 0; i--) provenance.push(string('traffic provenance'));
      traffic = { status, observations, edges, provenance, confidence };
    } else if (status !== 'none') {
      traffic = { status, service: string('traffic service') };
    }
    symbols.push({
      id, name, hash, repo, kind, file, line, endLine, signature, doc, distance, relevance, relations, more, sourceState,
      ...(source ? { source } : {}),
      ...(traffic ? { traffic } : {}),
    });
  }
  if (!r.atEnd()) throw new Error(`context/gcb: ${r.remaining} bytes after the last symbol`);
  return { mode, query, tokenBudget, symbolsIncluded, symbolsAvailable, repos, symbols };
}

function base64Bytes(text: string): Uint8Array {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) throw new Error('context/gcb: content is not base64');
  return Buffer.from(text, 'base64');
}

class ByteReader {
  private at = 0;

  constructor(private readonly data: Uint8Array) {}

  get remaining(): number {
    return this.data.length - this.at;
  }

  atEnd(): boolean {
    return this.at === this.data.length;
  }

  bytes(length: number, what: string): Uint8Array {
    if (this.at + length > this.data.length) throw new Error(`context/gcb: truncated while reading ${what}`);
    const out = this.data.subarray(this.at, this.at + length);
    this.at += length;
    return out;
  }

  byte(what: string): number {
    return this.bytes(1, what)[0];
  }

  varint(what: string): number {
    let value = 0;
    let scale = 1;
    for (;;) {
      const b = this.byte(what);
      value += (b & 0x7f) * scale;
      if (!Number.isSafeInteger(value)) throw new Error(`context/gcb: ${what} overflows a safe integer`);
      if ((b & 0x80) === 0) return value;
      scale *= 0x80;
    }
  }

  enum<T>(values: readonly T[], what: string): T {
    const b = this.byte(what);
    if (b >= values.length) throw new Error(`context/gcb: unknown ${what} byte ${b}`);
    return values[b];
  }
}
