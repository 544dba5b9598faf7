/**
 * Parameter and result counts of a Go method, read from its declaration header
 * (`func (s *T) Get(key string) (string, bool)`) or an interface method spec
 * (`Get(key string) (string, bool)`). `a, b int` counts two parameters, as Go does.
 */
export interface GoArity {
  readonly params: number;
  readonly results: number;
}

export function goArity(signature: string): GoArity | undefined {
  let at = signature.trimStart().startsWith('func') ? signature.indexOf('func') + 4 : 0;
  at = skipSpaces(signature, at);
  if (signature[at] === '(') at = skipSpaces(signature, closing(signature, at) + 1);
  while (at < signature.length && /[\w$]/.test(signature[at]!)) at++;
  if (signature[at] === '[') at = closing(signature, at) + 1;
  if (signature[at] !== '(') return undefined;
  const end = closing(signature, at);
  if (end >= signature.length) return undefined;
  const rest = signature.slice(end + 1).trim();
  const results = rest === '' ? 0 : rest.startsWith('(') ? countItems(rest.slice(1, closing(rest, 0))) : 1;
  return { params: countItems(signature.slice(at + 1, end)), results };
}

export function sameArity(a: GoArity | undefined, b: GoArity | undefined): boolean {
  return a === undefined || b === undefined || (a.params === b.params && a.results === b.results);
}

function skipSpaces(text: string, at: number): number {
  while (at < text.length && /\s/.test(text[at]!)) at++;
  return at;
}

/** The index of the bracket closing the one at `open`, or the text's length when unbalanced. */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return text.length;
}

function countItems(list: string): number {
  if (list.trim() === '') return 0;
  let depth = 0;
  let items = 1;
  for (const c of list) {
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    else if (c === ',' && depth === 0) items++;
  }
  return list.trim().endsWith(',') ? items - 1 : items;
}
