/**
 * Python type annotations read as text, shared by the extractor (narrowing a parameter's
 * declared union) and the resolver's type syntax (src/resolve/languages/pythonTypes.ts).
 */

/** Splits at `separator` outside brackets and parentheses, each part trimmed. */
export function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '[' || c === '(') depth++;
    else if (c === ']' || c === ')') depth--;
    else if (c === separator && depth === 0) {
      parts.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(text.slice(start).trim());
  return parts;
}

/**
 * Qualifiers say how a name holds its type, not what the type is: `ClassVar[T]`,
 * `Final[T]`, `Annotated[T, …]` (and a TypedDict key's `Required[T]`, `NotRequired[T]`,
 * `ReadOnly[T]`) hold a T.
 */
const QUALIFIED = /^(?:typing\.|t\.|typing_extensions\.)?(?:ClassVar|Final|Annotated|Required|NotRequired|ReadOnly)\s*\[(.*)\]$/s;

/** An annotation's type with its qualifiers taken off (`t.ClassVar[Map]` -> `Map`); the text itself when it has none. */
export function withoutQualifiers(type: string): string {
  const qualified = QUALIFIED.exec(type.trim());
  return qualified ? withoutQualifiers(splitTopLevel(qualified[1]!, ',')[0]!) : type;
}

/** `A | B | None`, `Optional[A]`, `Union[A, B]` (typing's, or as `t.`) as their members; a quoted member unquoted. */
export function unionMembers(type: string): string[] {
  const unquoted = /^(['"])(.*)\1$/.exec(type)?.[2] ?? type;
  const declared = withoutQualifiers(unquoted);
  if (declared !== unquoted) return unionMembers(declared);
  const wrapped = /^(?:typing\.|t\.)?(Optional|Union)\[(.*)\]$/.exec(unquoted);
  const parts = wrapped ? splitTopLevel(wrapped[2]!, ',') : splitTopLevel(unquoted, '|');
  if (parts.length === 1) return wrapped?.[1] === 'Optional' ? [...unionMembers(parts[0]!), 'None'] : [unquoted];
  return parts.flatMap((part) => unionMembers(part));
}
