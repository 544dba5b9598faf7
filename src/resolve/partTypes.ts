import { MAX_TYPE_DEPTH, type WrittenType, agreedType, resultTypeOf, typeSymbolOf, underlyingOf } from './valueTypes';

/** The types of a value's parts, read from its type: a field, an element, a tuple target's position. */

/**
 * A named field of the type, or of a type it embeds or extends (an embedded type is also a
 * field named after it), or of the type it is defined as; a property of a type written out
 * (`Record<K, V>`) as the language reads it.
 */
export function fieldTypeOf(ownerAsWritten: WrittenType, name: string, depth: number): WrittenType | undefined {
  if (depth > MAX_TYPE_DEPTH) return undefined;
  const owner = accessedTypeOf(ownerAsWritten, depth);
  if (!owner) return undefined;
  const written = owner.scope.typeSyntax.property?.(owner.text, name);
  if (written !== undefined) return { text: written, scope: owner.scope };
  // Through a union (`SafeParseSuccess<O> | SafeParseError<I>`) a field has the type every
  // member agrees on; a member whose field cannot hold a value (`error?: never`) adds none.
  const members = owner.scope.typeSyntax.alternatives?.(owner.text);
  if (members) {
    return agreedType(members, (member) => {
      const field = fieldTypeOf({ text: member, scope: owner.scope }, name, depth + 1);
      return field && NO_VALUE_TYPES.has(field.text.trim()) ? 'skip' : field;
    });
  }
  const type = typeSymbolOf(owner);
  if (type?.kind !== 'symbol') return undefined;
  const declaring = owner.scope.scopeOfEntry(type.entry, type.packagePath);
  if (!declaring) return undefined;
  const field = type.entry.fact.fields?.find((f) => f.name === name);
  if (field) return field.type ? accessedTypeOf({ text: field.type, scope: declaring }, depth + 1) : undefined;
  for (const base of type.entry.fact.bases ?? []) {
    const baseName = declaring.typeSyntax.named(base);
    if (baseName && baseName.slice(baseName.lastIndexOf('.') + 1) === name) return { text: base, scope: declaring };
  }
  for (const base of type.entry.fact.bases ?? []) {
    const found = fieldTypeOf({ text: base, scope: declaring }, name, depth + 1);
    if (found) return found;
  }
  // A type defined as another (`type Envs = Record<string, Env>`) has that one's fields.
  const underlying = underlyingOf(owner);
  return underlying && fieldTypeOf(underlying, name, depth + 1);
}

/**
 * The type a type written as an indexed access names (TypeScript's `App["scene"]`: the
 * type of App's property scene, as the checker reads it), else the type itself.
 */
export function accessedTypeOf(type: WrittenType, depth: number): WrittenType | undefined {
  const access = type.scope.typeSyntax.indexedAccess?.(type.text);
  return access ? fieldTypeOf({ text: access.object, scope: type.scope }, access.key, depth + 1) : type;
}

/** What a tuple target at `position` unpacks from a value of the container type, through named types defined as containers. */
export function positionalTypeOf(container: WrittenType, position: number, depth: number): WrittenType | undefined {
  if (depth > MAX_TYPE_DEPTH) return undefined;
  const part = container.scope.typeSyntax.positional?.(container.text, position);
  if (part) return { text: part, scope: container.scope };
  const underlying = underlyingOf(container);
  return underlying && positionalTypeOf(underlying, position, depth + 1);
}

/** Types no value of a field has (TypeScript's `never`, `undefined`): a union member typing its field so holds none. */
const NO_VALUE_TYPES: ReadonlySet<string> = new Set(['never', 'undefined']);

/** The element of a container written as one, or of the composite type a named type is defined over. */
export function elementTypeOf(container: WrittenType, depth: number, indexed = false): WrittenType | undefined {
  if (depth > MAX_TYPE_DEPTH) return undefined;
  const { typeSyntax } = container.scope;
  const element = indexed && typeSyntax.indexed ? typeSyntax.indexed(container.text) : typeSyntax.element(container.text);
  if (element) return { text: element, scope: container.scope };
  const underlying = underlyingOf(container);
  return underlying ? elementTypeOf(underlying, depth + 1, indexed) : elementByOperatorOf(container, depth, indexed);
}

/**
 * What ranging over or indexing a value of a class gives by the methods the class declares
 * for it (Python: `for x in v` is `next(iter(v))`, `v[i]` is `v.__getitem__(i)`): the
 * element of the iterator `__iter__` returns (an `Iterator[T]`'s T, or what a user
 * iterator's own `__next__` returns), or what `__getitem__` returns. Nothing when the class
 * does not declare the method in the graph (a `list` subclass inherits it from outside).
 */
function elementByOperatorOf(container: WrittenType, depth: number, indexed: boolean): WrittenType | undefined {
  const operators = container.scope.typeSyntax.containerOperators;
  if (!operators) return undefined;
  // Called as `v.__getitem__(i)` and `v.__iter__()` are: overloads are chosen by that shape (int and slice keys tie: nothing).
  const returned = (of: WrittenType, method: string, positional: number): WrittenType | undefined => {
    const type = typeSymbolOf(of);
    return type?.kind === 'symbol' ? resultTypeOf(of.scope.memberOfType(type, method, 0), 0, of.scope, depth + 1, { positional }) : undefined;
  };
  if (indexed) return returned(container, operators.index, 1);
  const iterator = returned(container, operators.iterate, 0);
  if (!iterator) return undefined;
  const element = iterator.scope.typeSyntax.element(iterator.text);
  return element !== undefined ? { text: element, scope: iterator.scope } : returned(iterator, operators.next, 0);
}
