import type { TypeSyntax } from './languageResolver';
import { lastSegment, splitTypeArguments } from './genericTypes';

const PRIMITIVES = new Set(['byte', 'short', 'int', 'long', 'char', 'float', 'double', 'boolean', 'void', 'var']);
const TYPE_PATH = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/;

/**
 * The java.util (and java.lang) collections a `for (x : xs)` iterates, whose one type
 * argument is what it yields. Maps, Optional and Stream are not Iterable: a `for` over
 * them does not compile, so they yield nothing here.
 */
const ITERABLES = new Set([
  'Iterable', 'Collection', 'List', 'ArrayList', 'LinkedList', 'Vector', 'Stack', 'CopyOnWriteArrayList', 'Set', 'HashSet',
  'LinkedHashSet', 'TreeSet', 'SortedSet', 'NavigableSet', 'EnumSet', 'CopyOnWriteArraySet', 'Queue', 'Deque', 'ArrayDeque',
  'PriorityQueue', 'BlockingQueue', 'LinkedBlockingQueue', 'ArrayBlockingQueue', 'ConcurrentLinkedQueue', 'SequencedCollection',
]);

/**
 * Java types as facts write them: `Foo`, `a.b.Foo`, `Outer.Inner`, `List<Item>`, `Item[]`.
 * A generic class's name is its erasure; arrays and primitives name no class. An array
 * and a collection of the ITERABLES yield their element: `List<? extends Item>` yields
 * Items too, `List<? super Item>` and `List<?>` nothing known.
 */
export const javaTypeSyntax: TypeSyntax = {
  named(type) {
    const parts = splitTypeArguments(type.trim());
    if (!parts || parts.head.endsWith(']') || type.trimEnd().endsWith(']') || type.trimEnd().endsWith('...')) return undefined;
    return TYPE_PATH.test(parts.head) && !PRIMITIVES.has(parts.head) ? parts.head : undefined;
  },
  element(type) {
    const text = type.trim();
    if (text.endsWith('[]')) return text.slice(0, -2).trim() || undefined;
    if (text.endsWith('...')) return text.slice(0, -3).trim() || undefined;
    const parts = splitTypeArguments(text);
    if (!parts || parts.args.length !== 1 || !ITERABLES.has(lastSegment(parts.head))) return undefined;
    const element = parts.args[0]!.replace(/^\?\s+extends\s+/, '');
    return element.startsWith('?') || element === '' ? undefined : element;
  },
};
