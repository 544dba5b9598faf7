import { splitTopLevel, unionMembers, withoutQualifiers } from '../../extract/python/annotationSyntax';
import type { TypeSyntax } from './languageResolver';
import { overloadResult } from './pythonOverloads';

/**
 * Python annotations as written (a `Callable[[A], R]` is called for R): `Optional[T]`, `T | None` and a quoted forward
 * reference `"T"` name T; a user generic `Repo[T]` names Repo; `list[T]`, `Sequence[T]`,
 * `Iterator[T]`, `set[T]`, `tuple[T, ...]` and the like are containers whose iteration
 * and indexing yield T. A method called on a union of classes is each member's; `dict`
 * (iterating gives keys, indexing values) and fixed-length tuples yield nothing: no guess.
 */
export const pythonTypeSyntax: TypeSyntax = {
  overloadResult,
  callOperator: '__call__',
  containerOperators: { iterate: '__iter__', next: '__next__', index: '__getitem__' },
  /**
   * What calling a `Callable[[A], R]` (typing's, collections.abc's) gives: R; `Callable[..., R]`
   * too. Calling a class object, `type[C]`, makes a C.
   */
  result(type, index) {
    const bare = index === 0 ? unwrapOptional(type) : undefined;
    const made = bare === undefined ? undefined : classHeldBy(bare);
    if (made !== undefined) return made;
    const callable = index === 0 ? /^(?:typing\.|t\.|collections\.abc\.|abc\.)?Callable\s*\[(.*)\]$/s.exec(type.trim()) : null;
    const args = callable ? splitArguments(callable[1] as string) : [];
    return args.length === 2 && args[1] !== 'None' && args[1] !== '' ? args[1] : undefined;
  },
  named(type) {
    const bare = unwrapOptional(type);
    if (bare === undefined) return undefined;
    // A class object has its class's members (its classmethods, static methods).
    const held = classHeldBy(bare);
    const name = (held ?? bare).replace(/\s*\[.*$/s, '');
    return CLASS_NAME.test(name) && name !== 'None' ? name : undefined;
  },
  classHeld(type) {
    const bare = unwrapOptional(type);
    return bare === undefined ? undefined : classHeldBy(bare);
  },
  /**
   * The members of a union of two or more classes (`Headers | MultiDict`, `Union[A, B]`,
   * None left out): a method called on it is each member's that declares it, as pyright
   * reports the call.
   */
  alternatives(type) {
    const members = unionMembers(type.replace(/\s+/g, ' ').trim()).filter((member) => member !== 'None');
    return members.length >= 2 ? members : undefined;
  },
  /** `d[k]` of a `dict[K, V]` (`Mapping`, `defaultdict`...) gives V; other containers index as they iterate. */
  indexed(type) {
    const generic = genericOf(type);
    if (!generic || !MAPPINGS.has(generic.container)) return this.element(type);
    return generic.args.length === 2 ? generic.args[1] : undefined;
  },
  /** A fixed-length `tuple[A, B]` unpacks into A and B; any other iterable into its elements. */
  positional(type, position) {
    const generic = genericOf(type);
    if (!generic || (generic.container !== 'tuple' && generic.container !== 'Tuple')) return this.element(type);
    const { args } = generic;
    if (args.length === 2 && args[1] === '...') return args[0];
    return args.includes('...') ? undefined : args[position];
  },
  /**
   * What the builtin containers' methods give, as typeshed declares them: a mapping's
   * `values()` iterates its values, `keys()` its keys and `items()` both as pairs, `get`, `pop` and `setdefault`
   * give a value (`get`'s None, as `Optional[V]`'s, leaves V); a list's, set's or deque's
   * `pop()` gives an element; `copy()` the same container.
   */
  builtinResult(type, method) {
    const generic = genericOf(type);
    if (!generic) return undefined;
    const { container, args } = generic;
    if (method === 'copy' && (MAPPINGS.has(container) || ITERABLES.has(container))) return generic.type;
    if (MAPPINGS.has(container) && args.length === 2) {
      if (method === 'values') return `list[${args[1]}]`;
      if (method === 'keys') return `list[${args[0]}]`;
      if (method === 'items') return `list[tuple[${args[0]}, ${args[1]}]]`;
      return MAPPING_VALUE_METHODS.has(method) ? args[1] : undefined;
    }
    return method === 'pop' && POPPED_CONTAINERS.has(container) && args.length === 1 ? args[0] : undefined;
  },
  element(type) {
    const generic = genericOf(type);
    if (!generic) return undefined;
    const { container, args } = generic;
    if (container === 'tuple' || container === 'Tuple') return args.length === 2 && args[1] === '...' ? args[0] : undefined;
    if (container === 'Generator' || container === 'AsyncGenerator') return args[0];
    return ITERABLES.has(container) && args.length === 1 ? args[0] : undefined;
  },
};

/** A class's name: dotted, or `outer>Local` for a class a function defines (the extractor's name for it). */
const CLASS_NAME = /^[A-Za-z_][\w]*(?:[.>][A-Za-z_][\w]*)*$/;

/**
 * A generic type as written, `None` left out (`typing.Dict[str, Item] | None`): the type,
 * its container's last name segment (`Dict`) and its type arguments; undefined for
 * anything else.
 */
function genericOf(type: string): { type: string; container: string; args: string[] } | undefined {
  const bare = unwrapOptional(type);
  const generic = bare === undefined ? undefined : /^([\w.]+)\s*\[(.*)\]$/s.exec(bare);
  if (!generic) return undefined;
  const name = generic[1] as string;
  return { type: bare!, container: name.slice(name.lastIndexOf('.') + 1), args: splitArguments(generic[2] as string) };
}

/** `type[Store]`, `typing.Type[Store]`: Store. */
function classHeldBy(type: string): string | undefined {
  const held = /^(?:typing\.|t\.)?(?:type|Type)\s*\[(.+)\]$/s.exec(type.trim());
  return held ? unwrapOptional(held[1] as string) : undefined;
}

/** Mappings from keys to values, by their last name segment (`typing.Dict`, `collections.abc.Mapping`). */
const MAPPINGS = new Set(['dict', 'Dict', 'Mapping', 'MutableMapping', 'defaultdict', 'DefaultDict', 'OrderedDict']);

/** Mapping methods that give one of the mapping's values. */
const MAPPING_VALUE_METHODS = new Set(['get', 'pop', 'setdefault']);

/** Containers whose `pop()` gives an element (a set's is an arbitrary one). */
const POPPED_CONTAINERS = new Set(['list', 'List', 'set', 'Set', 'deque', 'Deque', 'MutableSequence', 'MutableSet']);

/** Containers of one element type, by their last name segment (`typing.List`, `collections.abc.Sequence`). */
const ITERABLES = new Set([
  'list', 'List', 'set', 'Set', 'frozenset', 'FrozenSet', 'Sequence', 'MutableSequence', 'AbstractSet', 'MutableSet',
  'Iterable', 'Iterator', 'Collection', 'Reversible', 'AsyncIterable', 'AsyncIterator', 'deque', 'Deque',
]);

/** `"T"` -> `T`; `Optional[T]`, `T | None`, `Union[T, None]`, `ClassVar[T]` -> `T`; undefined for another union. */
function unwrapOptional(type: string): string | undefined {
  let text = type.trim();
  const quoted = /^(['"])(.*)\1$/s.exec(text);
  if (quoted) text = (quoted[2] as string).trim();
  const declared = withoutQualifiers(text);
  if (declared !== text) return unwrapOptional(declared);
  const optional = /^(?:typing\.|t\.)?Optional\s*\[(.*)\]$/s.exec(text);
  if (optional) return unwrapOptional(optional[1] as string);
  const union = /^(?:typing\.|t\.)?Union\s*\[(.*)\]$/s.exec(text);
  const parts = union ? splitArguments(union[1] as string) : splitTopLevel(text, '|');
  if (parts.length === 1) return text;
  const rest = parts.filter((part) => part !== 'None');
  return rest.length === 1 ? unwrapOptional(rest[0] as string) : undefined;
}

function splitArguments(text: string): string[] {
  return splitTopLevel(text, ',');
}
