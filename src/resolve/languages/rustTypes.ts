import type { TypeSyntax } from './languageResolver';

/**
 * Rust types as written: references, lifetimes, `dyn`/`impl` and the smart pointers
 * that auto-deref for method calls (`Box`, `Rc`, `Arc`) are seen through to the named
 * type (`crate::a::B` as `crate.a.B`, the path the resolver reads); sequences, sets,
 * `Option` and `Result` (what `for`, `?` and `if let Some(x)` take out) and iterator
 * traits (`impl Iterator<Item = T>`) have elements.
 */
export const rustTypeSyntax: TypeSyntax = {
  named(type) {
    const path = pathOf(bare(type));
    if (!path) return undefined;
    const last = path.segments[path.segments.length - 1]!;
    // `Arc<T>` derefs to T; `Arc` alone (`Arc::new`) is the pointer type itself.
    if (DEREF_WRAPPERS.has(last) && path.args[0] !== undefined) return rustTypeSyntax.named(path.args[0]);
    return /^[A-Z]/.test(last) ? path.segments.join('.') : undefined;
  },
  element(type) {
    const bareType = bare(type);
    if (bareType.startsWith('[') && bareType.endsWith(']')) return splitTopLevel(bareType.slice(1, -1), ';')[0] || undefined;
    const path = pathOf(bareType);
    if (!path) return undefined;
    const last = path.segments[path.segments.length - 1]!;
    if (DEREF_WRAPPERS.has(last)) return path.args[0] === undefined ? undefined : rustTypeSyntax.element(path.args[0]);
    if (CONTAINERS.has(last)) return path.args[0];
    if (ITERATOR_TRAITS.has(last)) return path.bindings.get('Item');
    return undefined;
  },
};

const DEREF_WRAPPERS = new Set(['Box', 'Rc', 'Arc']);
/** Whose (first) type argument iterating or unwrapping yields. */
const CONTAINERS = new Set(['Vec', 'VecDeque', 'HashSet', 'BTreeSet', 'BinaryHeap', 'LinkedList', 'Option', 'Result']);
const ITERATOR_TRAITS = new Set(['Iterator', 'IntoIterator', 'DoubleEndedIterator', 'ExactSizeIterator']);

interface WrittenPath {
  readonly segments: readonly string[];
  /** Type arguments, lifetimes left out. */
  readonly args: readonly string[];
  /** Associated type bindings: `Item = T`. */
  readonly bindings: ReadonlyMap<string, string>;
}

/** Without `&`, `&'a mut`, `dyn`/`impl` (the first bound) and wrapping parentheses. */
function bare(type: string): string {
  let text = type.trim();
  for (;;) {
    if (text.startsWith('&')) {
      text = text.slice(1).trimStart().replace(/^'\w+\s*/, '').replace(/^mut\s+/, '');
    } else if (/^(?:dyn|impl)\s/.test(text)) {
      const bounds = splitTopLevel(text.replace(/^(?:dyn|impl)\s+/, ''), '+').filter((b) => !b.startsWith("'"));
      text = bounds[0] ?? '';
    } else if (text.startsWith('(') && text.endsWith(')') && splitTopLevel(text.slice(1, -1), ',').length === 1) {
      text = text.slice(1, -1).trim();
    } else {
      return text;
    }
  }
}

/** `a::b::C<X, Y>` read apart; undefined for anything else (tuples, arrays, `fn(...)`, pointers). */
function pathOf(text: string): WrittenPath | undefined {
  const open = text.indexOf('<');
  const base = open < 0 ? text : text.slice(0, open);
  if (open >= 0 && !text.endsWith('>')) return undefined;
  const segments = base.trim().split(/::|\./).map((s) => s.trim());
  if (segments.some((s) => !/^[A-Za-z_]\w*$/.test(s))) return undefined;
  const args: string[] = [];
  const bindings = new Map<string, string>();
  for (const arg of open < 0 ? [] : splitTopLevel(text.slice(open + 1, -1), ',')) {
    const binding = /^(\w+)\s*=\s*([\s\S]+)$/.exec(arg);
    if (binding) bindings.set(binding[1]!, binding[2]!.trim());
    else if (arg && !arg.startsWith("'")) args.push(arg);
  }
  return { segments, args, bindings };
}

/** Parts of `text` between top-level `separator`s (outside `<>`, `()`, `[]`), trimmed. */
function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '<' || char === '(' || char === '[') depth++;
    else if ((char === '>' && text[i - 1] !== '-') || char === ')' || char === ']') depth--;
    else if (char === separator && depth === 0) {
      parts.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(text.slice(start).trim());
  return parts;
}
