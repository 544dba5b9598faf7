import { collapseWhitespace } from '../common';
import type { SyntaxNode } from '../extractor';
import { typeParameterDeclarationsAround } from './writtenTypes';

/**
 * How a function, method or interface can be called, written for the resolver as one
 * function type, `(p0: A, p1?: B, ...p2: C[]) => R`: the parameters the compiler counts
 * (`this:` is none), each optional (`?`, or with a default) or rest as declared, and each
 * type as written with its type parameters read as typeParameterReadings says (a callback
 * parameter typed by one is typed by the call, which the resolver does not infer). What
 * is not annotated is `unknown`.
 */
export function callableOf(signature: SyntaxNode): string | undefined {
  const parameters = signature.childForFieldName('parameters');
  if (parameters?.type !== 'formal_parameters') return undefined;
  const typeParameters = typeParameterReadings(signature);
  const listed: Array<{ readonly parameter: SyntaxNode; readonly type: SyntaxNode | null | undefined; readonly rest: boolean }> = [];
  for (const parameter of parameters.namedChildren) {
    if (parameter?.type !== 'required_parameter' && parameter?.type !== 'optional_parameter') continue;
    const pattern = parameter.childForFieldName('pattern');
    if (pattern?.type === 'this') continue;
    const annotation = parameter.childForFieldName('type');
    listed.push({ parameter, type: annotation?.type === 'type_annotation' ? annotation.namedChild(0) : annotation, rest: pattern?.type === 'rest_pattern' });
  }
  const types = listed.map((p) => p.type);
  const written = listed.map(({ parameter, type, rest }, index) => {
    const optional = !rest && (parameter.type === 'optional_parameter' || parameter.childForFieldName('value') !== null);
    const inferred = type ? inferredFromItselfAlone(signature, type, types) : undefined;
    const text = inferred ? typeTextOf(inferred, typeParameters) : type ? typeTextOf(type, typeParameters) : 'unknown';
    return `${rest ? '...' : ''}p${index}${optional ? '?' : ''}: ${text}`;
  });
  const returned = signature.childForFieldName('return_type');
  // `x is Foo` and `asserts x` return booleans and nothing.
  const result = returned?.type === 'type_annotation' ? returned.namedChild(0) : returned?.type.endsWith('annotation') ? null : returned;
  const readable = result && result.type !== 'type_predicate' && result.type !== 'asserts';
  return `(${written.join(', ')}) => ${readable ? typeTextOf(result, typeParameters) : 'unknown'}`;
}

/**
 * The constraint of a parameter typed by a type parameter of the signature's own that no
 * other parameter mentions (`register<T extends Action>(action: T)`): T is inferred from
 * that argument alone, and the compiler types the functions an argument there holds
 * (`register({ perform: (elements, appState, data, app) => … })`) by T's constraint. A
 * type parameter another parameter also mentions is inferred from it too, and may be
 * narrower than the constraint; one of an enclosing class is fixed by the instance.
 */
function inferredFromItselfAlone(signature: SyntaxNode, type: SyntaxNode, parameterTypes: ReadonlyArray<SyntaxNode | null | undefined>): SyntaxNode | undefined {
  if (type.type !== 'type_identifier') return undefined;
  const declared = signature.childForFieldName('type_parameters')?.namedChildren
    .find((parameter) => parameter?.childForFieldName('name')?.text === type.text);
  const constraint = declared?.childForFieldName('constraint')?.namedChild(0);
  if (!constraint || isPrimitiveType(constraint)) return undefined;
  const mentions = parameterTypes.filter((other) => other && (other.text === type.text
    || other.descendantsOfType('type_identifier').some((identifier) => identifier?.text === type.text)));
  return mentions.length === 1 ? constraint : undefined;
}

/**
 * A type as written, whitespace collapsed, with every type parameter of the declarations
 * around it, or of function types inside it, read as typeParameterReadings says:
 * `Context<E, P>` in a signature generic in E and P is `Context<unknown, unknown>`, a
 * Context whatever they are.
 */
export function typeTextOf(type: SyntaxNode, typeParameters: ReadonlyMap<string, string> = typeParameterReadings(type)): string {
  // Only a generic function type inside declares type parameters (`<U>(x: U) => U`), and it starts with `<`.
  const inner = type.text.includes('<') ? type.descendantsOfType('type_parameter').map((p) => p?.childForFieldName('name')?.text) : [];
  const readings = inner.some((n) => n !== undefined)
    ? new Map([...typeParameters, ...inner.filter((n) => n !== undefined).map((n) => [n, 'unknown'] as const)])
    : typeParameters;
  if (readings.size === 0) return collapseWhitespace(type.text);
  const identifiers = type.type === 'type_identifier' ? [type] : type.descendantsOfType('type_identifier');
  let text = '';
  let at = type.startIndex;
  for (const identifier of identifiers) {
    const reading = identifier ? readings.get(identifier.text) : undefined;
    if (!identifier || reading === undefined || identifier.parent?.type === 'type_parameter') continue;
    text += `${type.text.slice(at - type.startIndex, identifier.startIndex - type.startIndex)}${reading}`;
    at = identifier.endIndex;
  }
  return collapseWhitespace(text + type.text.slice(at - type.startIndex));
}

/**
 * How each type parameter of the declarations around a node is written for the resolver:
 * as its constraint when that is a primitive or literal type (`P extends string`: a
 * function passed there cannot be a P, so that signature is not the one called), else
 * `unknown`. The innermost declaration of a name wins.
 */
function typeParameterReadings(node: SyntaxNode): Map<string, string> {
  const readings = new Map<string, string>();
  for (const { name, parameter } of typeParameterDeclarationsAround(node)) {
    if (readings.has(name)) continue;
    const constraint = parameter.childForFieldName('constraint')?.namedChild(0);
    readings.set(name, constraint && isPrimitiveType(constraint) ? collapseWhitespace(constraint.text) : 'unknown');
  }
  return readings;
}

const PRIMITIVE_NAMES = new Set(['string', 'number', 'boolean', 'bigint', 'symbol']);

function isPrimitiveType(type: SyntaxNode): boolean {
  if (type.type === 'predefined_type') return PRIMITIVE_NAMES.has(type.text);
  if (type.type === 'literal_type' || type.type === 'template_literal_type') return true;
  return type.type === 'union_type' && type.namedChildren.every((member) => member !== null && isPrimitiveType(member));
}
