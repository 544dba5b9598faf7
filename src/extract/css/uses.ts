import type { Dialect } from './parser';

/**
 * What a piece of style text uses: custom properties (`var(--x)`), SCSS variables
 * (`$x`, `ns.$x`) and SCSS function calls (`f(...)`, `ns.f(...)`). Offsets are relative
 * to the text. Quoted strings are blanked first (unless they interpolate), so `"$5"`
 * is no use; which names are real is decided by the keys they must match.
 */

export interface Use {
  readonly kind: 'custom-property' | 'variable' | 'function';
  readonly name: string;
  /** `ns` of `ns.$x` / `ns.f()`: a module loaded with `@use`. */
  readonly namespace?: string;
  readonly offset: number;
}

const CUSTOM_PROPERTY_USE = /(?<![\w-])var\(\s*(--[\w-]+)/gi;
// `$x:` is a keyword argument (`@include m($x: 1)`) or a map key, not a use.
const VARIABLE_USE = /(?<![\w\\$-])(?:([A-Za-z_][\w-]*)\.)?\$([A-Za-z_][\w-]*)(?![\w-]|\s*:)/g;
const FUNCTION_CALL = /(?<![\w$.%#@-])(?:([A-Za-z_][\w-]*)\.)?([A-Za-z_][\w-]*)\(/g;
const QUOTED = /"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/g;

export function usesIn(text: string, dialect: Dialect): Use[] {
  const uses: Use[] = [];
  const hasVar = text.includes('var(') || text.includes('VAR(');
  if (dialect === 'css' && !hasVar) return uses;
  const plain = blankStrings(text);
  if (hasVar) {
    for (const match of plain.matchAll(CUSTOM_PROPERTY_USE)) {
      uses.push({ kind: 'custom-property', name: match[1]!, offset: match.index! + match[0].length - match[1]!.length });
    }
  }
  if (dialect === 'scss') {
    if (plain.includes('$')) {
      for (const match of plain.matchAll(VARIABLE_USE)) {
        const namespace = match[1];
        uses.push({ kind: 'variable', name: `$${match[2]}`, namespace, offset: match.index! + (namespace ? namespace.length + 1 : 0) });
      }
    }
    if (plain.includes('(')) {
      for (const match of plain.matchAll(FUNCTION_CALL)) {
        const namespace = match[1];
        uses.push({ kind: 'function', name: match[2]!, namespace, offset: match.index! + (namespace ? namespace.length + 1 : 0) });
      }
    }
  }
  return uses.sort((a, b) => a.offset - b.offset);
}

/** Strings become spaces of the same length, except those holding `#{...}`. */
function blankStrings(text: string): string {
  if (!text.includes('"') && !text.includes("'")) return text;
  return text.replace(QUOTED, (quoted) => (quoted.includes('#{') ? quoted : ' '.repeat(quoted.length)));
}
