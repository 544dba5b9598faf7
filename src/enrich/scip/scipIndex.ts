import * as protobuf from 'protobufjs';
import { CkgError, type Hash, hashBytes } from '../../model';

/**
 * The parts of a SCIP index (Sourcegraph's Code Intelligence Protocol, scip.proto) that
 * ingest reads, decoded with protobufjs's wire Reader. Documentation strings, signatures,
 * diagnostics and syntax kinds are skipped unread: ingest needs positions, symbols and
 * relationships only.
 */
export interface ScipIndex {
  readonly toolName: string;
  readonly toolVersion: string;
  /** `file://` URI of the indexed directory (Metadata.project_root); '' when absent. */
  readonly projectRoot: string;
  readonly documents: readonly ScipDocument[];
}

export interface ScipDocument {
  /** '/'-separated, relative to the project root (checked by decodeScipIndex). */
  readonly relativePath: string;
  readonly language: string;
  readonly occurrences: readonly ScipOccurrence[];
  readonly symbols: readonly ScipSymbolInformation[];
  /** Document.text, when the indexer embedded it ('' otherwise). */
  readonly text: string;
  readonly positionEncoding: ScipPositionEncoding;
  /** SHA-256 of the document's encoded bytes: what incremental ingest compares. */
  readonly digest: Hash;
}

/** A 0-based range; `endLine` equals `startLine` for SCIP's three-element ranges. */
export interface ScipRange {
  readonly startLine: number;
  readonly startCharacter: number;
  readonly endLine: number;
  readonly endCharacter: number;
}

export interface ScipOccurrence {
  readonly range: ScipRange;
  readonly symbol: string;
  /** SymbolRole bit set (SCIP_ROLE). */
  readonly roles: number;
}

export interface ScipSymbolInformation {
  readonly symbol: string;
  /** SymbolInformation.Kind (0 when the indexer left it out). */
  readonly kind: number;
  readonly relationships: readonly ScipRelationship[];
}

export interface ScipRelationship {
  readonly symbol: string;
  readonly isReference: boolean;
  readonly isImplementation: boolean;
  readonly isTypeDefinition: boolean;
  readonly isDefinition: boolean;
}

/** SymbolRole bits (scip.proto): what an occurrence does with its symbol. */
export const SCIP_ROLE = { definition: 0x1, import: 0x2, writeAccess: 0x4, readAccess: 0x8, generated: 0x10, test: 0x20 } as const;

/** SymbolInformation.Kind values ingest tells apart. */
export const SCIP_KIND = { interface: 21 } as const;

/** Document.position_encoding: the units of a range's characters. */
export type ScipPositionEncoding = 'unspecified' | 'utf8' | 'utf16' | 'utf32';
const POSITION_ENCODINGS: readonly ScipPositionEncoding[] = ['unspecified', 'utf8', 'utf16', 'utf32'];

/** A file that is not a usable SCIP index: truncated, foreign, malformed, or with paths outside its root. */
export class ScipIndexError extends CkgError {
  readonly code = 'wire';
}

const WIRE = { varint: 0, fixed64: 1, bytes: 2, fixed32: 5 } as const;

/**
 * Decodes a whole SCIP index and checks it before anything uses it: every field has the
 * wire type scip.proto gives it, nothing ends early, metadata comes with a tool name,
 * and every document path is relative, canonical and inside the project root. `name`
 * (usually the file path) starts every error message.
 */
export function decodeScipIndex(bytes: Uint8Array, name: string): ScipIndex {
  const fail = (what: string): never => {
    throw new ScipIndexError(`${name}: not a readable SCIP index (${what}); expected the protobuf output of a SCIP indexer such as scip-typescript`);
  };
  if (bytes.length === 0) fail('the file is empty');
  let index: ScipIndex;
  try {
    index = readIndex(protobuf.Reader.create(bytes), bytes);
  } catch (error) {
    if (error instanceof ScipIndexError) fail(error.message);
    // protobufjs throws RangeError ("index out of range") where the bytes end early.
    return fail(error instanceof RangeError ? `it ends early: ${error.message}` : (error as Error).message);
  }
  if (!index.toolName) fail('no metadata naming the indexer that wrote it; is it a SCIP file?');
  for (const document of index.documents) {
    const problem = pathProblem(document.relativePath);
    if (problem) fail(`document path '${document.relativePath}' ${problem}`);
  }
  return index;
}

/** Why a Document.relative_path cannot be used, or undefined when it can. */
function pathProblem(relativePath: string): string | undefined {
  if (relativePath === '') return 'is empty';
  if (relativePath.startsWith('/') || /^[A-Za-z]:/.test(relativePath) || relativePath.includes('\\')) return 'is not a relative \'/\'-separated path';
  if (relativePath.split('/').some((part) => part === '' || part === '.' || part === '..')) return 'leaves the project root or is not canonical';
  return undefined;
}

class FormatProblem extends ScipIndexError {}

type FieldHandler = (reader: protobuf.Reader, wireType: number) => void;

/** Reads one message up to `end`, giving each known field to its handler and skipping the rest. */
function readFields(reader: protobuf.Reader, end: number, where: string, handlers: Record<number, FieldHandler>): void {
  while (reader.pos < end) {
    const tag = reader.uint32();
    const field = tag >>> 3;
    const wireType = tag & 7;
    if (field === 0) throw new FormatProblem(`field number 0 in ${where} at byte ${reader.pos}`);
    if (wireType !== WIRE.varint && wireType !== WIRE.fixed64 && wireType !== WIRE.bytes && wireType !== WIRE.fixed32) {
      throw new FormatProblem(`wire type ${wireType} in ${where} at byte ${reader.pos}`);
    }
    const handler = handlers[field];
    if (handler) handler(reader, wireType);
    else reader.skipType(wireType);
  }
  if (reader.pos !== end) throw new FormatProblem(`${where} overruns its length`);
}

function expect(wireType: number, wanted: number, field: string): void {
  if (wireType !== wanted) throw new FormatProblem(`${field} has wire type ${wireType}, expected ${wanted}`);
}

/** The end offset of a length-delimited field starting at the reader's position. */
function nested(reader: protobuf.Reader, wireType: number, field: string): number {
  expect(wireType, WIRE.bytes, field);
  const length = reader.uint32();
  const end = reader.pos + length;
  if (end > reader.len) throw new RangeError(`${field} needs ${length} bytes, ${reader.len - reader.pos} left`);
  return end;
}

function readIndex(reader: protobuf.Reader, bytes: Uint8Array): ScipIndex {
  let toolName = '';
  let toolVersion = '';
  let projectRoot = '';
  const documents: ScipDocument[] = [];
  readFields(reader, reader.len, 'Index', {
    1: (r, wt) => {
      const end = nested(r, wt, 'Index.metadata');
      readFields(r, end, 'Metadata', {
        1: (r2, wt2) => void (expect(wt2, WIRE.varint, 'Metadata.version'), r2.int32()),
        2: (r2, wt2) => {
          const toolEnd = nested(r2, wt2, 'Metadata.tool_info');
          readFields(r2, toolEnd, 'ToolInfo', {
            1: (r3, wt3) => void (toolName = readString(r3, wt3, 'ToolInfo.name')),
            2: (r3, wt3) => void (toolVersion = readString(r3, wt3, 'ToolInfo.version')),
          });
        },
        3: (r2, wt2) => void (projectRoot = readString(r2, wt2, 'Metadata.project_root')),
      });
    },
    2: (r, wt) => {
      const end = nested(r, wt, 'Index.documents');
      documents.push(readDocument(r, end, bytes));
    },
  });
  return { toolName, toolVersion, projectRoot, documents };
}

function readDocument(reader: protobuf.Reader, end: number, bytes: Uint8Array): ScipDocument {
  const start = reader.pos;
  let relativePath = '';
  let language = '';
  let text = '';
  let positionEncoding: ScipPositionEncoding = 'unspecified';
  const occurrences: ScipOccurrence[] = [];
  const symbols: ScipSymbolInformation[] = [];
  readFields(reader, end, 'Document', {
    1: (r, wt) => void (relativePath = readString(r, wt, 'Document.relative_path')),
    2: (r, wt) => {
      const occurrenceEnd = nested(r, wt, 'Document.occurrences');
      const occurrence = readOccurrence(r, occurrenceEnd);
      if (occurrence) occurrences.push(occurrence);
    },
    3: (r, wt) => symbols.push(readSymbolInformation(r, nested(r, wt, 'Document.symbols'))),
    4: (r, wt) => void (language = readString(r, wt, 'Document.language')),
    5: (r, wt) => void (text = readString(r, wt, 'Document.text')),
    6: (r, wt) => {
      expect(wt, WIRE.varint, 'Document.position_encoding');
      positionEncoding = POSITION_ENCODINGS[r.int32()] ?? 'unspecified';
    },
  });
  return { relativePath, language, occurrences, symbols, text, positionEncoding, digest: hashBytes(bytes.subarray(start, end)) };
}

/** An occurrence with a symbol and a well-formed range; highlighting-only occurrences give undefined. */
function readOccurrence(reader: protobuf.Reader, end: number): ScipOccurrence | undefined {
  let range: number[] = [];
  let symbol = '';
  let roles = 0;
  readFields(reader, end, 'Occurrence', {
    1: (r, wt) => void (range = readInt32s(r, wt, range)),
    2: (r, wt) => void (symbol = readString(r, wt, 'Occurrence.symbol')),
    3: (r, wt) => {
      expect(wt, WIRE.varint, 'Occurrence.symbol_roles');
      roles = r.int32();
    },
  });
  if (range.length !== 3 && range.length !== 4) {
    if (symbol === '') return undefined;
    throw new FormatProblem(`an occurrence of '${symbol}' has a range of ${range.length} numbers, expected 3 or 4`);
  }
  if (range.some((n) => n < 0)) throw new FormatProblem(`an occurrence of '${symbol}' has a negative position`);
  if (symbol === '') return undefined;
  const [startLine, startCharacter] = range;
  const [endLine, endCharacter] = range.length === 3 ? [startLine, range[2]] : [range[2], range[3]];
  return { range: { startLine, startCharacter, endLine, endCharacter }, symbol, roles };
}

function readSymbolInformation(reader: protobuf.Reader, end: number): ScipSymbolInformation {
  let symbol = '';
  let kind = 0;
  const relationships: ScipRelationship[] = [];
  readFields(reader, end, 'SymbolInformation', {
    1: (r, wt) => void (symbol = readString(r, wt, 'SymbolInformation.symbol')),
    4: (r, wt) => {
      const relationshipEnd = nested(r, wt, 'SymbolInformation.relationships');
      const relationship = { symbol: '', isReference: false, isImplementation: false, isTypeDefinition: false, isDefinition: false };
      readFields(r, relationshipEnd, 'Relationship', {
        1: (r2, wt2) => void (relationship.symbol = readString(r2, wt2, 'Relationship.symbol')),
        2: (r2, wt2) => void (relationship.isReference = readBool(r2, wt2, 'Relationship.is_reference')),
        3: (r2, wt2) => void (relationship.isImplementation = readBool(r2, wt2, 'Relationship.is_implementation')),
        4: (r2, wt2) => void (relationship.isTypeDefinition = readBool(r2, wt2, 'Relationship.is_type_definition')),
        5: (r2, wt2) => void (relationship.isDefinition = readBool(r2, wt2, 'Relationship.is_definition')),
      });
      relationships.push(relationship);
    },
    5: (r, wt) => {
      expect(wt, WIRE.varint, 'SymbolInformation.kind');
      kind = r.int32();
    },
  });
  return { symbol, kind, relationships };
}

function readString(reader: protobuf.Reader, wireType: number, field: string): string {
  expect(wireType, WIRE.bytes, field);
  return reader.string();
}

function readBool(reader: protobuf.Reader, wireType: number, field: string): boolean {
  expect(wireType, WIRE.varint, field);
  return reader.bool();
}

/** A repeated int32, packed (proto3's default) or one value per tag. */
function readInt32s(reader: protobuf.Reader, wireType: number, into: number[]): number[] {
  if (wireType === WIRE.varint) return [...into, reader.int32()];
  const end = nested(reader, wireType, 'Occurrence.range');
  const values = [...into];
  while (reader.pos < end) values.push(reader.int32());
  if (reader.pos !== end) throw new FormatProblem('Occurrence.range overruns its length');
  return values;
}
