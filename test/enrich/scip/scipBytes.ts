import * as protobuf from 'protobufjs';

/** A SCIP index for tests, encoded field by field as scip.proto numbers them. */
export interface TestIndex {
  readonly projectRoot?: string;
  readonly tool?: string;
  readonly documents: ReadonlyArray<{
    readonly path: string;
    readonly occurrences?: ReadonlyArray<{ readonly range: readonly number[]; readonly symbol: string; readonly roles?: number; readonly packed?: boolean }>;
    readonly symbols?: ReadonlyArray<{ readonly symbol: string; readonly kind?: number; readonly implements?: readonly string[] }>;
    readonly positionEncoding?: number;
    readonly text?: string;
  }>;
}

/** Encodes a TestIndex; unknown fields an indexer might add are written too, for the decoder to skip. */
export function encodeTestIndex(index: TestIndex): Uint8Array {
  const writer = protobuf.Writer.create();
  writer.uint32((1 << 3) | 2).fork();
  writer.uint32((1 << 3) | 0).int32(0);
  if (index.tool !== '') writer.uint32((2 << 3) | 2).fork().uint32((1 << 3) | 2).string(index.tool ?? 'test-indexer').uint32((2 << 3) | 2).string('1.0').ldelim();
  writer.uint32((3 << 3) | 2).string(index.projectRoot ?? 'file:///repo');
  writer.ldelim();
  for (const document of index.documents) {
    writer.uint32((2 << 3) | 2).fork();
    writer.uint32((4 << 3) | 2).string('typescript');
    writer.uint32((1 << 3) | 2).string(document.path);
    for (const occurrence of document.occurrences ?? []) {
      writer.uint32((2 << 3) | 2).fork();
      if (occurrence.packed === false) for (const n of occurrence.range) writer.uint32((1 << 3) | 0).int32(n);
      else {
        writer.uint32((1 << 3) | 2).fork();
        for (const n of occurrence.range) writer.int32(n);
        writer.ldelim();
      }
      writer.uint32((2 << 3) | 2).string(occurrence.symbol);
      if (occurrence.roles) writer.uint32((3 << 3) | 0).int32(occurrence.roles);
      writer.uint32((5 << 3) | 0).int32(6); // syntax_kind: skipped
      writer.ldelim();
    }
    for (const symbol of document.symbols ?? []) {
      writer.uint32((3 << 3) | 2).fork();
      writer.uint32((1 << 3) | 2).string(symbol.symbol);
      writer.uint32((3 << 3) | 2).string('documentation: skipped');
      for (const target of symbol.implements ?? []) {
        writer.uint32((4 << 3) | 2).fork().uint32((1 << 3) | 2).string(target).uint32((3 << 3) | 0).bool(true).ldelim();
      }
      if (symbol.kind) writer.uint32((5 << 3) | 0).int32(symbol.kind);
      writer.ldelim();
    }
    if (document.text !== undefined) writer.uint32((5 << 3) | 2).string(document.text);
    if (document.positionEncoding !== undefined) writer.uint32((6 << 3) | 0).int32(document.positionEncoding);
    writer.uint32((99 << 3) | 5).fixed32(7); // a field from a newer scip.proto: skipped
    writer.ldelim();
  }
  return writer.finish();
}
