import type { TypeSyntax } from './languageResolver';

/**
 * Go types as written: `*T`, `pkg.T`, `Pair[K, V]` name a type with methods; slices,
 * arrays, maps and channels are containers whose element indexing and `range` yield.
 */
export const goTypeSyntax: TypeSyntax = {
  named(type) {
    const bare = withoutPointers(type);
    if (bare === '' || /^(?:\[|map\s*\[|chan\b|<-|func\b|struct\b|interface\b)/.test(bare)) return undefined;
    const name = bare.replace(/\s*\[.*$/s, '');
    return /^[\p{L}_][\p{L}\p{N}_]*(?:\.[\p{L}_][\p{L}\p{N}_]*)?$/u.test(name) ? name : undefined;
  },
  result(type, index) {
    const results = resultsOfFunc(withoutPointers(type));
    return results?.[index];
  },
  /**
   * A field of a struct type written out (`struct { h Histogram; a, b int }`, as the
   * extractor writes one, a semicolon between fields): its declared type, an embedded
   * field by its type's name. Table-driven tests range over slices of such structs.
   */
  property(type, name) {
    const bare = withoutPointers(type);
    const open = /^struct\s*\{/.exec(bare);
    const close = open ? closingParen(bare, open[0].length - 1) : undefined;
    if (close === undefined || bare.slice(close + 1).trim() !== '') return undefined;
    for (const declaration of splitTopLevel(bare.slice(open![0].length, close), ';')) {
      const field = declaration.replace(/\s*(?:"(?:\\.|[^"\\])*"|`[^`]*`)$/, '');
      const names = /^([\p{L}_][\p{L}\p{N}_]*(?:\s*,\s*[\p{L}_][\p{L}\p{N}_]*)*)\s+(?![.(])(\S.*)$/u.exec(field);
      if (names) {
        if (names[1]!.split(',').some((n) => n.trim() === name)) return names[2]!.trim();
        continue;
      }
      // An embedded field is named by its type: `*pkg.Base` is the field Base.
      const embedded = withoutPointers(field).replace(/\s*\[.*$/s, '');
      if (embedded.slice(embedded.lastIndexOf('.') + 1) === name) return field;
    }
    return undefined;
  },
  element(type) {
    const bare = withoutPointers(type);
    if (bare.startsWith('[')) return afterBracket(bare, 0);
    if (/^map\s*\[/.test(bare)) return afterBracket(bare, bare.indexOf('['));
    const channel = /^(?:<-\s*chan|chan\s*<-|chan)\s*/.exec(bare);
    return channel ? bare.slice(channel[0].length).trim() || undefined : undefined;
  },
};

/**
 * The result types of a function type as written: `func(*testing.T) *Output` has one,
 * `func() (n int, err error)` two (names dropped); undefined for anything not a func type.
 */
function resultsOfFunc(type: string): string[] | undefined {
  if (!/^func\s*\(/.test(type)) return undefined;
  const close = closingParen(type, type.indexOf('('));
  if (close === undefined) return undefined;
  const rest = type.slice(close + 1).trim();
  if (rest === '') return [];
  if (!rest.startsWith('(')) return [rest];
  const end = closingParen(rest, 0);
  if (end === undefined || rest.slice(end + 1).trim() !== '') return undefined;
  return resultTypes(splitTopLevel(rest.slice(1, end)));
}

const NAMED_RESULT = /^[\p{L}_][\p{L}\p{N}_]*\s+(?!\.)/u;
const BARE_NAME = /^[\p{L}_][\p{L}\p{N}_]*$/u;

/**
 * The types of a result list's entries. Named (`n int, err error`, or grouped `a, b *T`),
 * every entry is named and a name alone takes the type written after the next names;
 * unnamed, each entry is a type.
 */
function resultTypes(entries: readonly string[]): string[] | undefined {
  const named = entries.some((entry) => NAMED_RESULT.test(entry) && !/^(?:func|chan|map|struct|interface)\b/.test(entry));
  if (!named) return [...entries];
  const types: (string | undefined)[] = entries.map((entry) => (BARE_NAME.test(entry) ? undefined : entry.replace(NAMED_RESULT, '')));
  for (let i = types.length - 2; i >= 0; i--) types[i] ??= types[i + 1];
  return types.every((type) => type !== undefined) ? (types as string[]) : undefined;
}

/** The index of the bracket closing the one opening at `open` (any of `([{`). */
function closingParen(text: string, open: number): number | undefined {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '(' || c === '[' || c === '{') depth++;
    else if ((c === ')' || c === ']' || c === '}') && --depth === 0) return i;
  }
  return undefined;
}

/** Splits `a, b` at the commas (or another separator) outside brackets. */
function splitTopLevel(list: string, separator = ','): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (c === separator && depth === 0) {
      parts.push(list.slice(start, i).trim());
      start = i + 1;
    }
  }
  const last = list.slice(start).trim();
  if (last) parts.push(last);
  return parts;
}

function withoutPointers(type: string): string {
  let bare = type.trim();
  for (;;) {
    if (bare.startsWith('*')) bare = bare.slice(1).trimStart();
    else if (bare.startsWith('(') && bare.endsWith(')')) bare = bare.slice(1, -1).trim();
    else return bare;
  }
}

/** The text after the bracket opening at `open` closes: `T` of `[]T`, `[4]T`, `map[K]T`. */
function afterBracket(text: string, open: number): string | undefined {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '[') depth++;
    else if (text[i] === ']' && --depth === 0) return text.slice(i + 1).trim() || undefined;
  }
  return undefined;
}
