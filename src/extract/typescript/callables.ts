import { collapseWhitespace } from '../common';
import type { SyntaxNode } from '../extractor';
import { typeParametersAround } from './expressionTypes';

/**
 * How a function, method or interface can be called, written for the resolver as one
 * function type, `(p0: A, p1?: B, ...p2: C[]) => R`: the parameters the compiler counts
 * (`this:` is none), each optional (`?`, or with a default) or rest as declared, and each
 * type as written with its type parameters read `unknown` (a callback parameter typed by
 * one is typed by the call, which the resolver does not infer). What is not annotated is
 * `unknown`.
 */
export function callableOf(signature: SyntaxNode): string | undefined {
  const parameters = signature.childForFieldName('parameters');
  if (parameters?.type !== 'formal_parameters') return undefined;
  const typeParameters = typeParametersAround(signature);
  const written: string[] = [];
  for (const parameter of parameters.namedChildren) {
    if (parameter?.type !== 'required_parameter' && parameter?.type !== 'optional_parameter') continue;
    const pattern = parameter.childForFieldName('pattern');
    if (pattern?.type === 'this') continue;
    const annotation = parameter.childForFieldName('type');
    const type = annotation?.type === 'type_annotation' ? annotation.namedChild(0) : annotation;
    const rest = pattern?.type === 'rest_pattern';
    const optional = !rest && (parameter.type === 'optional_parameter' || parameter.childForFieldName('value') !== null);
    written.push(`${rest ? '...' : ''}p${written.length}${optional ? '?' : ''}: ${type ? typeTextOf(type, typeParameters) : 'unknown'}`);
  }
  const returned = signature.childForFieldName('return_type');
  // `x is Foo` and `asserts x` return booleans and nothing.
  const result = returned?.type === 'type_annotation' ? returned.namedChild(0) : returned?.type.endsWith('annotation') ? null : returned;
  const readable = result && result.type !== 'type_predicate' && result.type !== 'asserts';
  return `(${written.join(', ')}) => ${readable ? typeTextOf(result, typeParameters) : 'unknown'}`;
}

/**
 * A type as written, whitespace collapsed, with every type parameter of the declarations
 * around it, or of function types inside it, read `unknown`: `Context<E, P>` in a
 * signature generic in E and P is `Context<unknown, unknown>`, a Context whatever they are.
 */
export function typeTextOf(type: SyntaxNode, typeParameters: ReadonlySet<string> = typeParametersAround(type)): string {
  // Only a generic function type inside declares type parameters (`<U>(x: U) => U`), and it starts with `<`.
  const inner = type.text.includes('<') ? type.descendantsOfType('type_parameter').map((p) => p?.childForFieldName('name')?.text) : [];
  const names = inner.some((n) => n !== undefined) ? new Set([...typeParameters, ...inner.filter((n) => n !== undefined)]) : typeParameters;
  if (names.size === 0) return collapseWhitespace(type.text);
  const identifiers = type.type === 'type_identifier' ? [type] : type.descendantsOfType('type_identifier');
  let text = '';
  let at = type.startIndex;
  for (const identifier of identifiers) {
    if (!identifier || !names.has(identifier.text) || identifier.parent?.type === 'type_parameter') continue;
    text += `${type.text.slice(at - type.startIndex, identifier.startIndex - type.startIndex)}unknown`;
    at = identifier.endIndex;
  }
  return collapseWhitespace(text + type.text.slice(at - type.startIndex));
}
