import type { TypeSyntax } from './languageResolver';
import { lastSegment, splitTypeArguments } from './genericTypes';

const PREDEFINED = new Set([
  'bool', 'byte', 'sbyte', 'char', 'decimal', 'double', 'float', 'int', 'uint', 'nint', 'nuint', 'long', 'ulong', 'short', 'ushort',
  'object', 'string', 'dynamic', 'void', 'var',
]);
const TYPE_PATH = /^@?[\p{L}_][\p{L}\p{N}_]*(\.@?[\p{L}_][\p{L}\p{N}_]*)*$/u;

/**
 * The System.Collections.Generic (and Immutable, Concurrent, ObjectModel) collections a
 * `foreach` yields the one type argument of. Dictionaries yield key-value pairs and are
 * left out, as are Task, Lazy and Nullable, which are no sequences.
 */
const SEQUENCES = new Set([
  'IEnumerable', 'IAsyncEnumerable', 'ICollection', 'IList', 'IReadOnlyCollection', 'IReadOnlyList', 'ISet', 'IReadOnlySet',
  'List', 'LinkedList', 'HashSet', 'SortedSet', 'Queue', 'Stack', 'Collection', 'ReadOnlyCollection', 'ObservableCollection',
  'ImmutableArray', 'ImmutableList', 'ImmutableHashSet', 'ImmutableSortedSet', 'ImmutableQueue', 'ImmutableStack',
  'IImmutableList', 'IImmutableSet', 'ConcurrentBag', 'ConcurrentQueue', 'ConcurrentStack', 'BlockingCollection',
  'IOrderedEnumerable', 'IQueryable', 'IOrderedQueryable',
]);

/**
 * C# types as facts write them: `Order`, `App.Models.Order`, `Repo<User>`, `Order?`,
 * `Order[]`, `List<Order>`. A nullable reference or value type names its underlying
 * type; arrays, tuples and built-in types name none. Arrays and the SEQUENCES yield
 * their element.
 */
export const csharpTypeSyntax: TypeSyntax = {
  named(type) {
    const bare = withoutNullable(type);
    if (bare.endsWith(']') || bare.startsWith('(')) return undefined;
    const parts = splitTypeArguments(bare);
    return parts && TYPE_PATH.test(parts.head) && !PREDEFINED.has(parts.head) ? parts.head : undefined;
  },
  element(type) {
    const bare = withoutNullable(type);
    const array = /^(.*)\[,*\]$/s.exec(bare);
    if (array) return array[1]!.trim() || undefined;
    const parts = splitTypeArguments(bare);
    return parts && parts.args.length === 1 && SEQUENCES.has(lastSegment(parts.head)) ? parts.args[0] || undefined : undefined;
  },
};

function withoutNullable(type: string): string {
  return type.trim().replace(/^global::/, '').replace(/\?$/, '').trim();
}
