/** Reading `Head<A, B>` type text, shared by the languages that write type arguments in angle brackets. */

/** `Map<K, List<V>>` -> head `Map`, arguments `K`, `List<V>`; undefined when the brackets do not balance. */
export function splitTypeArguments(type: string): { readonly head: string; readonly args: readonly string[] } | undefined {
  const open = type.indexOf('<');
  if (open < 0) return { head: type.trim(), args: [] };
  if (!type.trimEnd().endsWith('>')) return undefined;
  const args: string[] = [];
  let depth = 0;
  let start = open + 1;
  const end = type.trimEnd().length - 1;
  for (let i = open; i < end; i++) {
    const char = type[i];
    if (char === '<') depth++;
    else if (char === '>') depth--;
    else if (char === ',' && depth === 1) {
      args.push(type.slice(start, i).trim());
      start = i + 1;
    }
    if (depth < 1) return undefined;
  }
  args.push(type.slice(start, end).trim());
  return { head: type.slice(0, open).trim(), args };
}

/** The last segment of a dotted name: `List` for `java.util.List`. */
export function lastSegment(name: string): string {
  return name.slice(name.lastIndexOf('.') + 1);
}
