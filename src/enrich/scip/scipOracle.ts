import * as fs from 'node:fs';
import * as path from 'node:path';
import type { LocationAnswers, LocationOracle, LocationQueryKind, SourceLocation } from '../oracle';
import { SCIP_KIND, SCIP_ROLE, type ScipDocument, type ScipIndex, type ScipOccurrence } from './scipIndex';
import { type LineText, utf16Column } from './positionEncoding';

/** An occurrence placed in the graph's units: 1-based line, UTF-16 columns. */
interface PlacedOccurrence {
  readonly line: number;
  readonly start: number;
  /** Exclusive, on `line`; an occurrence spanning lines reaches the end of its first line. */
  readonly end: number;
  readonly symbol: string;
  readonly roles: number;
}

const QUERY_KINDS: ReadonlySet<string> = new Set<LocationQueryKind>(['definition', 'implementation', 'references']);

/** Reads a document's file text (for UTF-8 or UTF-32 positions); undefined when unreadable. */
export type TextReader = (absolutePath: string) => string | undefined;

/** A document's file text as it is on disk (what an index without embedded text describes). */
export const readFromDisk: TextReader = (absolutePath) => {
  try {
    return fs.readFileSync(absolutePath, 'utf8');
  } catch {
    return undefined;
  }
};

/**
 * A location oracle answering from a SCIP index, as a language server would from its
 * compiler: `definition` gives where the symbol occurring at a position is defined,
 * `implementation` the definitions of the symbols that declare (directly or through
 * each other) an `is_implementation` relationship to it, `references` its occurrences
 * that are not definitions. A position with no occurrence in a document the index has
 * is answered [] (the index knows the file and found nothing there); a file the index
 * lacks is answered null, so enrichment leaves it as it was. Local symbols are told
 * apart per document, as SCIP scopes them.
 */
export class ScipOracle implements LocationOracle {
  private readonly occurrencesByPath = new Map<string, Map<number, PlacedOccurrence[]>>();
  private readonly definitions = new Map<string, SourceLocation[]>();
  private readonly references = new Map<string, SourceLocation[]>();
  /** Symbol -> the symbols that declare they implement it. */
  private readonly implementors = new Map<string, string[]>();
  private readonly interfaces = new Set<string>();

  /** Places every document of the index under `rootPath`, the repository's root. */
  constructor(index: ScipIndex, rootPath: string, readText: TextReader = readFromDisk) {
    for (const document of index.documents) {
      const absolutePath = path.join(rootPath, document.relativePath);
      const lines = lineTextOf(document, absolutePath, readText);
      const byLine = new Map<number, PlacedOccurrence[]>();
      this.occurrencesByPath.set(absolutePath, byLine);
      for (const occurrence of document.occurrences) {
        const placed = place(occurrence, symbolKey(document, occurrence.symbol), document, lines);
        const onLine = byLine.get(placed.line);
        if (onLine) onLine.push(placed);
        else byLine.set(placed.line, [placed]);
        const location = { path: absolutePath, line: placed.line, character: placed.start };
        push((placed.roles & SCIP_ROLE.definition) !== 0 ? this.definitions : this.references, placed.symbol, location);
      }
      for (const info of document.symbols) {
        const symbol = symbolKey(document, info.symbol);
        if (info.kind === SCIP_KIND.interface) this.interfaces.add(symbol);
        for (const relationship of info.relationships) {
          if (relationship.isImplementation) push(this.implementors, symbolKey(document, relationship.symbol), symbol);
        }
      }
    }
  }

  /** The definition occurrences of a document, in the graph's units (local symbols too). */
  definitionsIn(absolutePath: string): Array<{ readonly symbol: string; readonly line: number; readonly character: number }> {
    const byLine = this.occurrencesByPath.get(path.resolve(absolutePath));
    return [...(byLine?.values() ?? [])].flat()
      .filter((o) => (o.roles & SCIP_ROLE.definition) !== 0)
      .map((o) => ({ symbol: o.symbol, line: o.line, character: o.start }));
  }

  async locations(kind: LocationQueryKind, queries: readonly SourceLocation[]): Promise<LocationAnswers> {
    if (!QUERY_KINDS.has(kind)) throw new Error(`enrich/scip: kind must be definition, implementation or references, got ${String(kind)}`);
    return queries.map((query) => {
      const byLine = this.occurrencesByPath.get(path.resolve(query.path));
      if (!byLine) return null;
      const symbols = new Set(occurrencesAt(byLine.get(query.line) ?? [], query.character).map((o) => o.symbol));
      return [...symbols].flatMap((symbol) => this.answer(kind, symbol));
    });
  }

  private answer(kind: LocationQueryKind, symbol: string): SourceLocation[] {
    switch (kind) {
      case 'definition': return this.definitions.get(symbol) ?? [];
      case 'references': return this.references.get(symbol) ?? [];
      case 'implementation': return this.implementationsOf(symbol);
    }
  }

  /** Definitions of the symbols implementing `symbol`, through chains (a class extending an implementor); interfaces left out. */
  private implementationsOf(symbol: string): SourceLocation[] {
    const seen = new Set([symbol]);
    const queue = [symbol];
    const found: SourceLocation[] = [];
    while (queue.length > 0) {
      for (const implementor of this.implementors.get(queue.shift()!) ?? []) {
        if (seen.has(implementor)) continue;
        seen.add(implementor);
        queue.push(implementor);
        if (!this.interfaces.has(implementor)) found.push(...(this.definitions.get(implementor) ?? []));
      }
    }
    return found;
  }
}

/** Local symbols (`local 3`) mean something only inside their document. */
function symbolKey(document: ScipDocument, symbol: string): string {
  return symbol.startsWith('local ') ? `${document.relativePath}\u0000${symbol}` : symbol;
}

/**
 * The innermost occurrences holding the character: those of the narrowest range. Several
 * share a range where the compiler names several symbols (a method called on a union
 * type). Empty ranges (a module's definition at 0:0) hold nothing.
 */
function occurrencesAt(onLine: readonly PlacedOccurrence[], character: number): PlacedOccurrence[] {
  let found: PlacedOccurrence[] = [];
  for (const occurrence of onLine) {
    if (occurrence.end <= occurrence.start || character < occurrence.start || character >= occurrence.end) continue;
    const width = occurrence.end - occurrence.start;
    const best = found[0] ? found[0].end - found[0].start : Infinity;
    if (width < best) found = [occurrence];
    else if (width === best && occurrence.start === found[0].start) found.push(occurrence);
  }
  return found;
}

function place(occurrence: ScipOccurrence, symbol: string, document: ScipDocument, lines: LineText): PlacedOccurrence {
  const { startLine, startCharacter, endLine, endCharacter } = occurrence.range;
  const encoding = document.positionEncoding;
  const start = utf16Column(lines(startLine), startCharacter, encoding);
  const end = endLine === startLine ? utf16Column(lines(startLine), endCharacter, encoding) : Number.MAX_SAFE_INTEGER;
  return { line: startLine + 1, start, end, symbol, roles: occurrence.roles };
}

/** The text of a document's 0-based lines, read only when its positions are not UTF-16. */
function lineTextOf(document: ScipDocument, absolutePath: string, readText: TextReader): LineText {
  if (document.positionEncoding !== 'utf8' && document.positionEncoding !== 'utf32') return () => undefined;
  let lines: string[] | undefined;
  return (line) => {
    lines ??= (document.text || readText(absolutePath) || '').split('\n');
    return lines[line];
  };
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const values = map.get(key);
  if (values) values.push(value);
  else map.set(key, [value]);
}
