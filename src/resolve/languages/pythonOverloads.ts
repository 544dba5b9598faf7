import type { CallArguments } from '../../extract/facts';

/**
 * Which `@overload` of a Python function a call takes, by the shape of its arguments
 * (SymbolFact.overloads): the overloads that accept that many positional arguments and
 * those keywords, as Python binds arguments to parameters, must all give one result.
 * Of the arguments' types only one thing is read: a string or number literal does not
 * bind to a parameter annotated to take only functions (`__func: callable`). Overloads
 * told apart by other types (`name: str` against `name: int`) give nothing.
 */

interface Parameter {
  readonly name: string;
  readonly kind: 'positional-only' | 'either' | 'keyword-only' | 'rest' | 'keywords';
  readonly required: boolean;
  /** Annotated to take only functions: no string or number literal binds to it. */
  readonly callableOnly: boolean;
}

const CALLABLE_MARK = ': callable';

/**
 * The result every matching overload gives; null when none matches, they disagree, or one
 * gives none. An instance method's stub (`bound (…)`) matches a call on an instance, its
 * receiver bound, or a call on the class, whose first argument is the receiver: the call
 * does not say which, so both readings count.
 */
export function overloadResult(signatures: readonly string[], given: CallArguments): string | null {
  let agreed: string | undefined;
  for (const signature of signatures) {
    const parsed = parseSignature(signature);
    if (!parsed) return null;
    // On the class, the first argument is the receiver, which no literal is.
    const onClass = parsed.bound && given.positional > 0 && !given.literals?.includes(0)
      && accepts(parsed.parameters, { ...given, positional: given.positional - 1, literals: given.literals?.map((i) => i - 1) });
    if (!accepts(parsed.parameters, given) && !onClass) continue;
    if (!parsed.result || (agreed !== undefined && agreed !== parsed.result)) return null;
    agreed = parsed.result;
  }
  return agreed ?? null;
}

/** `(a, b=, *, c) -> R`, or `bound (…) -> R`, as overloadSignature writes it (src/extract/python/symbolTypes.ts). */
function parseSignature(text: string): { parameters: Parameter[]; result: string; bound: boolean } | undefined {
  const bound = text.startsWith('bound (');
  const signature = bound ? text.slice('bound '.length) : text;
  const close = signature.indexOf(') -> ');
  if (!signature.startsWith('(') || close < 0) return undefined;
  const written = signature.slice(1, close).split(',').map((part) => part.trim()).filter((part) => part !== '');
  const parameters: Parameter[] = [];
  const positionalOnly = written.includes('/');
  let keywordOnly = false;
  let beforeSlash = positionalOnly;
  for (const shown of written) {
    const callableOnly = shown.endsWith(CALLABLE_MARK);
    const part = callableOnly ? shown.slice(0, -CALLABLE_MARK.length) : shown;
    if (part === '/') {
      beforeSlash = false;
      continue;
    }
    if (part === '*') {
      keywordOnly = true;
      continue;
    }
    if (part.startsWith('**')) {
      parameters.push({ name: part.slice(2), kind: 'keywords', required: false, callableOnly });
      continue;
    }
    if (part.startsWith('*')) {
      parameters.push({ name: part.slice(1), kind: 'rest', required: false, callableOnly });
      keywordOnly = true;
      continue;
    }
    const required = !part.endsWith('=');
    const name = required ? part : part.slice(0, -1);
    parameters.push({ name, kind: keywordOnly ? 'keyword-only' : beforeSlash ? 'positional-only' : 'either', required, callableOnly });
  }
  return { parameters, result: signature.slice(close + ') -> '.length).trim(), bound };
}

/** Whether Python binds `given` to these parameters: each filled once, every required one filled. */
function accepts(parameters: readonly Parameter[], given: CallArguments): boolean {
  const filled = new Set<string>();
  const positional = parameters.filter((p) => p.kind === 'positional-only' || p.kind === 'either');
  const rest = parameters.find((p) => p.kind === 'rest');
  if (given.positional > positional.length && !rest) return false;
  for (const index of given.literals ?? []) {
    if ((positional[index] ?? rest)?.callableOnly) return false;
  }
  for (const parameter of positional.slice(0, given.positional)) filled.add(parameter.name);
  const takesKeywords = parameters.some((p) => p.kind === 'keywords');
  for (const keyword of given.keywords ?? []) {
    const parameter = parameters.find((p) => p.name === keyword && (p.kind === 'either' || p.kind === 'keyword-only'));
    if (parameter ? filled.has(keyword) : !takesKeywords) return false;
    if (parameter) filled.add(keyword);
  }
  return parameters.every((p) => !p.required || p.kind === 'rest' || p.kind === 'keywords' || filled.has(p.name));
}
