import type { TypeSyntax } from './languageResolver';

/**
 * TypeScript types as written: `Foo`, `ns.Foo` and `Foo<T>` name a type with members, and
 * so does a union of Foo with primitives, `null`, `undefined` or literals (`Foo |
 * string`): a member call on it compiles only where Foo's member is what is called (the
 * value narrowed, or the member shared); `Foo[]`, `Array<Foo>`, `Set<Foo>` and the other
 * iterables yield Foo when iterated or indexed, and `Promise<Foo>` when awaited (the
 * evaluator's `element` serves both: nothing iterates a promise or awaits an array).
 */
const DOTTED_NAME = /^[\p{L}$_][\p{L}\p{N}$_]*(?:\.[\p{L}$_][\p{L}\p{N}$_]*)*$/u;
const NOT_IN_FUNCTION_NAMES = /[[\]()=|&]/;

/**
 * The type a written type names: `Foo`, `ns.Foo`, `Foo<T>`'s Foo; `outer>Local` is a class
 * declared in the function outer (the extractor's name for it), and that function may be a
 * test named by its titles (`reactive/Array > subclasses>SubArray`): any text before the
 * last `>` but brackets, parentheses, `=`, `|` and `&`. Read by splitting, not by one
 * pattern: a pattern for it backtracks exponentially on long inputs.
 */
function namedTypeOf(type: string): string | undefined {
  const open = type.indexOf('<');
  if (open >= 0 && !type.trimEnd().endsWith('>')) return undefined;
  const head = (open >= 0 ? type.slice(0, open) : type).trimEnd();
  const separator = head.lastIndexOf('>');
  const own = head.slice(separator + 1);
  const outer = head.slice(0, Math.max(separator, 0));
  if (!DOTTED_NAME.test(own) || NOT_IN_FUNCTION_NAMES.test(outer)) return undefined;
  return separator >= 0 && outer.trim() === '' ? undefined : head;
}

export const typescriptTypeSyntax: TypeSyntax = {
  fieldsOnClass: true,
  named(type) {
    const bare = withoutNullables(type);
    if (bare === undefined) return undefined;
    const name = namedTypeOf(bare);
    return name && !BUILTIN_TYPES.has(name) ? name : undefined;
  },
  parameter(type, index) {
    const parameter = parameterListOf(type)?.[index];
    const parts = parameter === undefined ? undefined : parameterParts(parameter);
    return parts && !parts.rest ? parts.type : undefined;
  },
  result(type, index) {
    const bare = index === 0 ? functionTypeOf(type) : undefined;
    const close = bare === undefined ? -1 : closingOf(bare, 0);
    const arrow = close < 0 ? null : /^\s*=>/.exec(bare!.slice(close + 1));
    return arrow ? bare!.slice(close + 1 + arrow[0].length).trim() || undefined : undefined;
  },
  argument(type, index, count) {
    const list = parameterListOf(type);
    if (list === undefined) return undefined;
    const parameters = list.map(parameterParts);
    const restAt = parameters.findIndex((p) => p.rest);
    const fixed = restAt < 0 ? parameters.length : restAt;
    let required = 0;
    for (let i = 0; i < fixed; i++) if (!parameters[i]!.optional) required = i + 1;
    if (count < required || index >= count || (restAt < 0 && count > fixed)) return null;
    const rest = restAt < 0 ? undefined : parameters[restAt]!.type ?? 'unknown';
    const tuple = rest === undefined ? null : /^\[(.*)\]$/s.exec(rest.trim());
    if (!tuple) {
      if (index < fixed) return withoutUnknownParts(parameters[index]!.type ?? 'unknown');
      const element = this.element(rest!);
      return element === undefined ? undefined : withoutUnknownParts(element);
    }
    // A tuple rest takes as many arguments as it has elements (more with a rest element of its own).
    const elements = tupleElementsOf(tuple[1]!);
    if (!elements) return undefined;
    const passed = count - fixed;
    if (passed < elements.required || (elements.rest === undefined && passed > elements.fixed.length)) return null;
    if (index < fixed) return withoutUnknownParts(parameters[index]!.type ?? 'unknown');
    const at = index - fixed;
    const element = at < elements.fixed.length ? elements.fixed[at] : elements.rest && this.element(elements.rest);
    return element === undefined ? undefined : withoutUnknownParts(element);
  },
  primitive(type) {
    const members = topLevelSplit(unparenthesized(type.trim()), '|').map((m) => unparenthesized(m.trim())).filter((m) => m !== '');
    return members.length > 0 && members.every((m) => NEVER_CALLABLE.test(m));
  },
  alternatives(type) {
    // `(a: A) => B | C` is one function type, whose result is a union.
    if (parameterListOf(type) !== undefined) return undefined;
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
  valueQueried(type) {
    return /^\s*typeof\s+([\p{L}$_][\p{L}\p{N}$_]*(?:\.[\p{L}$_][\p{L}\p{N}$_]*)*)\s*$/u.exec(type)?.[1];
  },
  isArray(type) {
    const bare = withoutNullables(type);
    return bare !== undefined && (/^(?:readonly\s+)?.+\[\]$/s.test(bare) || /^(?:Readonly)?Array\s*</.test(bare));
  },
  indexed(type) {
    return propertyValueOf(type) ?? this.element(type);
  },
  property(type, name) {
    return propertyValueOf(type, name);
  },
  indexedAccess(type) {
    const trimmed = type.trim();
    // Most types are no indexed access: read the regular expression only for one ending `"]` or `']`.
    if (!trimmed.endsWith(']') || !/["']\s*\]$/.test(trimmed)) return undefined;
    const access = /^(.+?)\s*\[\s*(["'])([\p{L}$_][\p{L}\p{N}$_]*)\2\s*\]$/su.exec(trimmed);
    return access ? { object: access[1]!, key: access[3]! } : undefined;
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

/**
 * The type of a property of a value whose type is written out: `Record<K, V>` and an index
 * signature (`{ [key: string]: V }`) give V for every name, an object type its member
 * `name` (`{ dev: Env; build?: Env }`). Without `name`, only what every name gives.
 */
function propertyValueOf(type: string, name?: string): string | undefined {
  const bare = withoutNullables(type);
  if (bare === undefined) return undefined;
  const readonly = /^Readonly\s*<(.*)>$/s.exec(bare);
  if (readonly) return propertyValueOf(readonly[1]!, name);
  const record = /^Record\s*<(.*)>$/s.exec(bare);
  if (record) {
    const args = topLevelArguments(record[1]!);
    return args.length === 2 && args[1] ? args[1] : undefined;
  }
  if (!bare.startsWith('{') || !bare.endsWith('}')) return undefined;
  const members = topLevelSplit(bare.slice(1, -1), ';').flatMap((m) => topLevelSplit(m, ',')).map((m) => m.trim()).filter((m) => m !== '');
  for (const member of members) {
    const signature = /^\[\s*[\p{L}$_][\p{L}\p{N}$_]*\s*:\s*(?:string|number)\s*\]\s*:(.*)$/su.exec(member);
    if (signature && members.length === 1) return signature[1]!.trim() || undefined;
    const field = name === undefined ? null : /^(?:readonly\s+)?([\p{L}$_][\p{L}\p{N}$_]*|'[^']*'|"[^"]*")\s*\??\s*:(.*)$/su.exec(member);
    if (field && field[1]!.replace(/^['"]|['"]$/g, '') === name) return field[2]!.trim() || undefined;
  }
  return undefined;
}

/** The parameters of a function type written as one (`(a: A, b?: B) => R`), each as written; undefined for any other type. */
function parameterListOf(type: string): string[] | undefined {
  const bare = functionTypeOf(type);
  if (bare === undefined) return undefined;
  return topLevelSplit(bare.slice(1, closingOf(bare, 0)), ',').map((p) => p.trim()).filter((p) => p !== '');
}

/**
 * A function type written as one, or the one member of a union with primitives, `null`
 * and `undefined` that is (`string | ((ds: DataSource) => Query)`, `Handler | undefined`):
 * calling such a value, or passing a function where it goes, is calling or passing that.
 */
function functionTypeOf(type: string): string | undefined {
  const bare = unparenthesized(type.trim());
  if (bare.startsWith('(')) {
    const close = closingOf(bare, 0);
    if (close >= 0 && /^\s*=>/.test(bare.slice(close + 1))) return bare;
  }
  const only = withoutNullables(type);
  return only !== undefined && only !== bare ? functionTypeOf(only) : undefined;
}

/** A parameter written `name: T`, `name?: T` or `...name: T[]`: its type (none when none is written) and how it binds arguments. */
function parameterParts(parameter: string): { type?: string; optional: boolean; rest: boolean } {
  const name = topLevelSplit(parameter, ':')[0]!;
  const type = name.length < parameter.length ? parameter.slice(name.length + 1).trim() || undefined : undefined;
  return { type, optional: name.trim().endsWith('?'), rest: name.trim().startsWith('...') };
}

/**
 * The elements of a tuple type written as one (`[A, B?, ...C[]]`, labels allowed): the
 * leading ones, how many of them an argument list must fill, and the array type of a
 * trailing rest element; undefined for a rest element elsewhere.
 */
function tupleElementsOf(list: string): { fixed: string[]; required: number; rest?: string } | undefined {
  const fixed: string[] = [];
  let required = 0;
  const elements = topLevelArguments(list).filter((e) => e !== '');
  for (const [i, written] of elements.entries()) {
    const labelled = /^(\.\.\.)?\s*[\p{L}$_][\p{L}\p{N}$_]*(\?)?\s*:(.*)$/su.exec(written);
    const spread = labelled ? labelled[1] !== undefined : written.startsWith('...');
    let type = labelled ? labelled[3]!.trim() : written.replace(/^\.\.\./, '').trim();
    const optional = labelled ? labelled[2] !== undefined : !spread && type.endsWith('?');
    if (!labelled && optional) type = type.slice(0, -1).trim();
    if (spread) return i === elements.length - 1 ? { fixed, required, rest: type } : undefined;
    fixed.push(type);
    if (!optional) required = fixed.length;
  }
  return { fixed, required };
}

/** An intersection with a type parameter (`H<E> & M1`, M1 read `unknown`) as the rest of it. */
function withoutUnknownParts(type: string): string {
  const parts = topLevelSplit(type, '&').map((p) => p.trim());
  const known = parts.filter((p) => p !== 'unknown');
  return known.length === 0 || known.length === parts.length ? type.trim() : known.join(' & ');
}

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

/** Types whose values are never functions: primitives and literals (`unknown` may be one). */
const NEVER_CALLABLE = /^(?:string|number|boolean|bigint|symbol|undefined|null|true|false|-?\d[\d_.eE+-]*|(['"`]).*\1)$/s;

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
