/**
 * tree-sitter-typescript reads a line that starts with `<` as continuing the type that
 * ends the line before, so a generic call signature written on a line of its own in an
 * interface or type literal
 *
 *     interface Handler {
 *       (c: Context): Response
 *       <E extends Env>(c: Context<E>): Response
 *     }
 *
 * breaks the rest of the file (hono's src/types.ts: 848 errors, its Context class lost).
 * TypeScript ends such a member at the newline; a `;` put in the whitespace before the
 * `<` says the same and moves no offset, line or column. The parser tries the text this
 * returns only on a tree with errors, and keeps it only when it parses with fewer.
 */
export function withCallSignatureSeparators(source: string): string | undefined {
  let patched: string[] | undefined;
  for (const match of source.matchAll(SIGNATURE_LINE)) {
    const at = match.index + match[1]!.length - 1;
    if (endsStatement(source, match.index)) continue;
    patched ??= [...source];
    patched[at] = ';';
  }
  return patched?.join('');
}

/** A line indented by at least one space or tab whose first character is `<` before a type parameter's name. */
const SIGNATURE_LINE = /^([ \t]+)<(?=\s*[A-Za-z_$])/gm;

/**
 * Whether the line before `lineStart` ends where a `<` would open an expression, not
 * continue a type: an assignment, an open bracket, an arrow, a comma or operator (`const f
 * =` then `<T>(x: T) => x`), or nothing at all. A type's closing `>` (`): Promise<T>`)
 * ends a member.
 */
function endsStatement(source: string, lineStart: number): boolean {
  let end = lineStart;
  for (;;) {
    // The line before, its comments passed over: `// handler x2` says nothing of the code.
    const start = source.lastIndexOf('\n', end - 2) + 1;
    const line = source.slice(start, end).trim();
    if (start === 0 && line === '') return true;
    if (line === '' || line.startsWith('//')) {
      if (start === 0) return true;
      end = start;
      continue;
    }
    // A `>` closes a type (`Promise<T>`) unless it is an arrow's.
    if (line.endsWith('=>')) return true;
    return '=({[,;:?|&+-*/%!~'.includes(line[line.length - 1]!);
  }
}
