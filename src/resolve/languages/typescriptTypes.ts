import type { TypeSyntax } from './languageResolver';

/**
 * TypeScript types as written: `Foo`, `ns.Foo` and `Foo<T>` name a type with members, and
 * so does a union of Foo with primitives, `null`, `undefined` or literals (`Foo |
 * string`): a member call on it compiles only where Foo's member is what is called (the
 * value narrowed, or the member shared); `Foo[]`, `Array<Foo>`, `Set<Foo>` and the other
 * iterables yield Foo when iterated or indexed, and `Promise<Foo>` when awaited (the
 * evaluator's `element` serves both: nothing iterates a promise or awaits an array).
 */
export const typescriptTypeSyntax: TypeSyntax = {
  named(type) {
    const bare = withoutNullables(type);
    if (bare === undefined) return undefined;
    const name = /^([\p{L}$_][\p{L}\p{N}$_]*(?:\.[\p{L}$_][\p{L}\p{N}$_]*)*)\s*(<.*>)?$/su.exec(bare)?.[1];
    return name && !BUILTIN_TYPES.has(name) ? name : undefined;
  },
  parameter(type, index) {
    const bare = unparenthesized(type.trim());
    if (!bare.startsWith('(')) return undefined;
    const close = closingOf(bare, 0);
    if (close < 0 || !/^\s*=>/.test(bare.slice(close + 1))) return undefined;
    const parameter = topLevelSplit(bare.slice(1, close), ',')[index]?.trim();
    const colon = parameter === undefined ? -1 : topLevelSplit(parameter, ':')[0]!.length;
    if (parameter === undefined || parameter.startsWith('...') || colon >= parameter.length) return undefined;
    return parameter.slice(colon + 1).trim() || undefined;
  },
  alternatives(type) {
    const members = topLevelSplit(unparenthesized(withoutObjectParts(type)), '|').map((m) => unparenthesized(m.trim())).filter((m) => m !== '' && !PRIMITIVE.test(m));
    return members.length >= 2 ? members : undefined;
  },
  builtinResult(type, method) {
    const keyed = /^\s*(?:Weak|Readonly)?Map\s*<(.*)>$/s.exec(withoutNullables(type) ?? '');
    if (keyed) {
      const args = topLevelArguments(keyed[1]!);
      return method === 'get' && args.length === 2 ? args[1] : undefined;
    }
    const element = this.element(type);
    if (element === undefined || /^\s*Promise(?:Like)?\s*</.test(type)) return undefined;
    if (ELEMENT_METHODS.has(method)) return element;
    return SAME_CONTAINER_METHODS.has(method) ? withoutNullables(type) : undefined;
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

/** Array and Set methods that give one element (or undefined), and those that give a container of the same elements. */
const ELEMENT_METHODS = new Set(['find', 'findLast', 'at', 'pop', 'shift']);
const SAME_CONTAINER_METHODS = new Set(['filter', 'slice', 'concat', 'reverse', 'sort', 'toSorted', 'toReversed', 'splice']);

/** Containers whose one type argument is what iterating, indexing or awaiting them gives. */
const ELEMENT_CONTAINERS = new Set([
  'Array', 'ReadonlyArray', 'Set', 'ReadonlySet', 'Iterable', 'IterableIterator', 'Iterator', 'AsyncIterable',
  'AsyncIterableIterator', 'Generator', 'AsyncGenerator', 'Promise', 'PromiseLike',
]);

const PRIMITIVE = /^(?:string|number|boolean|bigint|symbol|undefined|null|void|never|unknown|true|false|-?\d[\d_.eE+-]*|(['"`]).*\1)$/s;

/**
 * An intersection of one type with object literal types (`Ctx & { silent?: boolean }`) as
 * that type: its members are the named type's, plus properties no method call reaches.
 */
function withoutObjectParts(type: string): string {
  const parts = topLevelSplit(unparenthesized(type.trim()), '&').map((p) => p.trim()).filter((p) => p !== '');
  const kept = parts.filter((p) => !p.startsWith('{'));
  return kept.length === 1 && parts.length > 1 ? kept[0]! : type.trim();
}

/** The one union member that is not a primitive, `null`, `undefined` or a literal; undefined when there are several. */
function withoutNullables(type: string): string | undefined {
  const members = topLevelSplit(unparenthesized(withoutObjectParts(type)), '|').map((m) => m.trim()).filter((m) => m !== '');
  const kept = members.filter((m) => !PRIMITIVE.test(m));
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
