import type { TypeSyntax } from './languageResolver';

/**
 * TypeScript types as written: `Foo`, `ns.Foo`, `Foo<T>` and `Foo | undefined` (a
 * nullable Foo) name a type with members; `Foo[]`, `Array<Foo>`, `Set<Foo>` and the
 * other iterables yield Foo when iterated or indexed, and `Promise<Foo>` when awaited
 * (the evaluator's `element` serves both: nothing iterates a promise or awaits an array).
 */
export const typescriptTypeSyntax: TypeSyntax = {
  named(type) {
    const bare = withoutNullables(type);
    if (bare === undefined) return undefined;
    const name = /^([\p{L}$_][\p{L}\p{N}$_]*(?:\.[\p{L}$_][\p{L}\p{N}$_]*)*)\s*(<.*>)?$/su.exec(bare)?.[1];
    return name && !BUILTIN_TYPES.has(name) ? name : undefined;
  },
  element(type) {
    const bare = withoutNullables(type);
    if (bare === undefined) return undefined;
    const array = /^(?:readonly\s+)?(.+)\[\]$/s.exec(bare);
    if (array) return unparenthesized(array[1]!);
    const generic = /^([\p{L}$_][\p{L}\p{N}$_.]*)\s*<(.*)>$/su.exec(bare);
    if (!generic || !ELEMENT_CONTAINERS.has(generic[1]!)) return undefined;
    const args = topLevelArguments(generic[2]!);
    return args.length === 1 ? args[0] : undefined;
  },
};

const BUILTIN_TYPES = new Set([
  'string', 'number', 'boolean', 'bigint', 'symbol', 'object', 'unknown', 'any', 'never', 'void', 'undefined', 'null',
  'Promise', 'Array', 'ReadonlyArray', 'Map', 'Set', 'Record', 'Partial', 'Readonly', 'Required', 'Pick', 'Omit',
]);

/** Containers whose one type argument is what iterating, indexing or awaiting them gives. */
const ELEMENT_CONTAINERS = new Set([
  'Array', 'ReadonlyArray', 'Set', 'ReadonlySet', 'Iterable', 'IterableIterator', 'Iterator', 'AsyncIterable',
  'AsyncIterableIterator', 'Generator', 'AsyncGenerator', 'Promise', 'PromiseLike',
]);

/** The type without `| undefined` / `| null`; undefined when another union member remains. */
function withoutNullables(type: string): string | undefined {
  const members = topLevelSplit(unparenthesized(type.trim()), '|').map((m) => m.trim()).filter((m) => m !== '');
  const kept = members.filter((m) => m !== 'undefined' && m !== 'null');
  return kept.length === 1 ? unparenthesized(kept[0]!) : undefined;
}

function unparenthesized(type: string): string {
  let t = type.trim();
  while (t.startsWith('(') && closingOf(t, 0) === t.length - 1) t = t.slice(1, -1).trim();
  return t;
}

/** The index of the parenthesis closing the one at `open`, or -1. */
function closingOf(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return i;
  }
  return -1;
}

function topLevelArguments(list: string): string[] {
  return topLevelSplit(list, ',').map((a) => a.trim());
}

/** Splits at `separator` outside brackets, braces, parentheses and angle brackets. */
function topLevelSplit(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '<' || c === '(' || c === '[' || c === '{') depth++;
    else if ((c === '>' && text[i - 1] !== '=') || c === ')' || c === ']' || c === '}') depth--;
    else if (c === separator && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}
