import { hashBytes } from '../../model/hash';

/**
 * Selector names: a rule is named by its full selector, nesting resolved the way Sass
 * and CSS nesting do (`.card { &:hover {} .title {} }` gives `.card:hover` and
 * `.card .title`), whitespace collapsed. Long lists are truncated with a hash of the
 * whole text, so two long lists that share a beginning still differ.
 */

const MAX_NAME = 160;
const KEEP_WHEN_TRUNCATED = 120;
/** A nested list resolves to parents x children selectors; beyond this many, the rest are dropped. */
const MAX_RESOLVED = 64;
/**
 * A resolved selector is cut at this many characters: each `&` repeats the parent, so
 * nesting `&&&&` a few hundred levels deep would grow it exponentially (a fuzzed file hit
 * V8's string length limit). Names are truncated far below this anyway.
 */
const MAX_RESOLVED_CHARS = 4096;

/** Splits a selector list at its top-level commas (not inside `:is(a, b)`, `[x="a,b"]`). */
export function splitSelectorList(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quote) {
      if (char === '\\') i++;
      else if (char === quote) quote = '';
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '(' || char === '[') depth++;
    else if (char === ')' || char === ']') depth = Math.max(0, depth - 1);
    else if (char === ',' && depth === 0) {
      parts.push(text.slice(from, i));
      from = i + 1;
    }
  }
  parts.push(text.slice(from));
  return parts.map(collapse).filter((p) => p !== '');
}

/** The selectors a nested rule stands for, given its parent rule's (null at top level). */
export function resolveNested(parents: readonly string[] | null, children: readonly string[]): string[] {
  if (!parents || parents.length === 0) return [...children];
  const resolved: string[] = [];
  for (const parent of parents) {
    for (const child of children) {
      if (resolved.length >= MAX_RESOLVED) return resolved;
      resolved.push(child.includes('&') ? substituteParent(child, parent) : `${parent} ${child}`.slice(0, MAX_RESOLVED_CHARS));
    }
  }
  return resolved;
}

/** `child` with each `&` replaced by `parent`, built only up to MAX_RESOLVED_CHARS. */
function substituteParent(child: string, parent: string): string {
  let out = '';
  for (const piece of child.split('&').entries()) {
    out += (piece[0] > 0 ? parent : '') + piece[1];
    if (out.length >= MAX_RESOLVED_CHARS) return out.slice(0, MAX_RESOLVED_CHARS);
  }
  return out;
}

export function selectorName(selectors: readonly string[]): string {
  const name = selectors.join(', ');
  if (name.length <= MAX_NAME) return name;
  return `${name.slice(0, KEEP_WHEN_TRUNCATED)}…#${hashBytes(name).slice(0, 8)}`;
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
