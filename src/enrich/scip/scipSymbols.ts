/**
 * Reading SCIP symbol strings (scip.proto's grammar): `<scheme> <manager> <package>
 * <version> <descriptors>`, where a space inside one of the first four fields is written
 * twice, and each descriptor is a name followed by its suffix: `name/` namespace,
 * `name#` type, `name.` term, `name(disambiguator).` method, `name:` meta, `name!`
 * macro, `[name]` type parameter, `(name)` parameter. A name that is not a simple
 * identifier is written in backticks, with a backtick inside written twice.
 */

/** Descriptor suffixes, as scip.proto names them. */
export type DescriptorSuffix = 'namespace' | 'type' | 'term' | 'method' | 'meta' | 'macro' | 'typeParameter' | 'parameter';

/** One descriptor of a global symbol. */
export interface Descriptor {
  readonly name: string;
  readonly suffix: DescriptorSuffix;
}

/** A global symbol's last descriptor and the symbol it belongs to (`a/B#c.` belongs to `a/B#`). */
export interface ParsedSymbol {
  readonly descriptor: Descriptor;
  /** The symbol minus its last descriptor; it ends with the package fields' space for a top-level namespace. */
  readonly parent: string;
  /** How many descriptors the symbol has. */
  readonly depth: number;
}

const SIMPLE_NAME = /[A-Za-z0-9_+\-$]/;

/** Parses a global symbol; undefined for local symbols and for text that does not follow the grammar. */
export function parseScipSymbol(symbol: string): ParsedSymbol | undefined {
  if (symbol.startsWith('local ')) return undefined;
  let at = skipPackageFields(symbol);
  if (at === undefined || at >= symbol.length) return undefined;
  let last: { descriptor: Descriptor; start: number } | undefined;
  let depth = 0;
  while (at < symbol.length) {
    const start = at;
    const read = readDescriptor(symbol, at);
    if (!read) return undefined;
    last = { descriptor: read.descriptor, start };
    at = read.end;
    depth++;
  }
  return last ? { descriptor: last.descriptor, parent: symbol.slice(0, last.start), depth } : undefined;
}

/** The offset where the descriptors start: after four space-separated fields, a doubled space being part of a field. */
function skipPackageFields(symbol: string): number | undefined {
  let at = 0;
  for (let field = 0; field < 4; field++) {
    for (;;) {
      const space = symbol.indexOf(' ', at);
      if (space < 0) return undefined;
      if (symbol[space + 1] === ' ') {
        at = space + 2;
        continue;
      }
      at = space + 1;
      break;
    }
  }
  return at;
}

function readDescriptor(symbol: string, at: number): { descriptor: Descriptor; end: number } | undefined {
  if (symbol[at] === '[' || symbol[at] === '(') {
    const close = symbol[at] === '[' ? ']' : ')';
    const name = readName(symbol, at + 1);
    if (!name || symbol[name.end] !== close) return undefined;
    return { descriptor: { name: name.value, suffix: close === ']' ? 'typeParameter' : 'parameter' }, end: name.end + 1 };
  }
  const name = readName(symbol, at);
  if (!name) return undefined;
  const suffix = symbol[name.end];
  switch (suffix) {
    case '/': return { descriptor: { name: name.value, suffix: 'namespace' }, end: name.end + 1 };
    case '#': return { descriptor: { name: name.value, suffix: 'type' }, end: name.end + 1 };
    case '.': return { descriptor: { name: name.value, suffix: 'term' }, end: name.end + 1 };
    case ':': return { descriptor: { name: name.value, suffix: 'meta' }, end: name.end + 1 };
    case '!': return { descriptor: { name: name.value, suffix: 'macro' }, end: name.end + 1 };
    case '(': {
      const close = symbol.indexOf(').', name.end);
      if (close < 0) return undefined;
      return { descriptor: { name: name.value, suffix: 'method' }, end: close + 2 };
    }
    default: return undefined;
  }
}

function readName(symbol: string, at: number): { value: string; end: number } | undefined {
  if (symbol[at] === '`') {
    let value = '';
    let i = at + 1;
    while (i < symbol.length) {
      if (symbol[i] === '`') {
        if (symbol[i + 1] !== '`') return { value, end: i + 1 };
        value += '`';
        i += 2;
      } else {
        value += symbol[i++];
      }
    }
    return undefined;
  }
  let end = at;
  while (end < symbol.length && SIMPLE_NAME.test(symbol[end])) end++;
  // An empty name is allowed before a suffix: a method's `().` or an anonymous namespace.
  return { value: symbol.slice(at, end), end };
}
