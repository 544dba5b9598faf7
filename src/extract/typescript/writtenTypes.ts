import { collapseWhitespace } from '../common';
import type { SyntaxNode } from '../extractor';

/**
 * TypeScript types as written in annotations, read with the type parameters declared
 * around them: a type mentioning one is no type we can name outside its declaration.
 */

/**
 * A type annotation or type as written; undefined when it mentions a type parameter in
 * scope, except as a type argument of a generic type, which then stands for its base
 * (`Builder<T>` is a `Builder` whatever T is, and members are looked up on Builder).
 * Of the predefined types only `never` is written: it says a field holds no value (`error?:
 * never` in one member of a union), which the others do not.
 */
export function writtenTypeOf(node: SyntaxNode | undefined | null): string | undefined {
  const type = node?.type === 'type_annotation' ? node.namedChild(0) : node;
  if (type?.type === 'predefined_type') return type.text === 'never' ? 'never' : undefined;
  if (!type) return undefined;
  const parameters = typeParametersAround(type);
  if (!mentionsTypeParameter(type, parameters)) return collapseWhitespace(type.text);
  const base = type.type === 'generic_type' ? type.childForFieldName('name') : null;
  return base && !mentionsTypeParameter(base, parameters) ? collapseWhitespace(base.text) : undefined;
}

/**
 * The constraint of a type parameter an annotation names (`app: T` under `<T extends
 * Hono>`): inside the declaration T has only what its constraint declares, so a member
 * call on `app` is Hono's, as the compiler resolves it. Undefined for anything else, and
 * for a parameter without a constraint.
 */
export function constraintOf(node: SyntaxNode | undefined | null, hops = 0): string | undefined {
  const type = node?.type === 'type_annotation' ? node.namedChild(0) : node;
  if (type?.type !== 'type_identifier' || hops > 4) return undefined;
  for (const { name, parameter } of typeParameterDeclarationsAround(type)) {
    if (name !== type.text) continue;
    const constraint = parameter.childForFieldName('constraint')?.namedChild(0);
    return constraint ? writtenTypeOf(constraint) ?? constraintOf(constraint, hops + 1) : undefined;
  }
  return undefined;
}

function mentionsTypeParameter(type: SyntaxNode, parameters: ReadonlySet<string>): boolean {
  if (parameters.size === 0) return false;
  const names = type.type === 'type_identifier' ? [type] : type.descendantsOfType('type_identifier');
  return names.some((name) => name !== null && parameters.has(name.text));
}

/** The type parameters of every declaration around a node (`<T>` of a function, method, class or alias). */
function typeParametersAround(node: SyntaxNode): Set<string> {
  const names = new Set<string>();
  for (const { name } of typeParameterDeclarationsAround(node)) names.add(name);
  return names;
}

interface TypeParameterDeclaration {
  readonly name: string;
  readonly parameter: SyntaxNode;
}

/**
 * Per tree, the type parameters declared around each node already asked about: the nodes
 * of one file share their ancestors, and each step up costs two calls into the parser.
 */
const declaredAround = new WeakMap<object, Map<number, readonly TypeParameterDeclaration[]>>();

/** Each type parameter declared around a node, with its declaration, innermost first. */
export function typeParameterDeclarationsAround(node: SyntaxNode): readonly TypeParameterDeclaration[] {
  let byNode = declaredAround.get(node.tree);
  if (!byNode) declaredAround.set(node.tree, (byNode = new Map()));
  const unknown: SyntaxNode[] = [];
  let declared: readonly TypeParameterDeclaration[] = [];
  for (let at: SyntaxNode | null = node; at; at = at.parent) {
    const known = byNode.get(at.id);
    if (known) {
      declared = known;
      break;
    }
    unknown.push(at);
  }
  for (let i = unknown.length - 1; i >= 0; i--) {
    const at = unknown[i]!;
    const own: TypeParameterDeclaration[] = [];
    for (const parameter of at.childForFieldName('type_parameters')?.namedChildren ?? []) {
      const name = parameter?.childForFieldName('name')?.text;
      if (name !== undefined) own.push({ name, parameter: parameter! });
    }
    if (own.length > 0) declared = [...own, ...declared];
    byNode.set(at.id, declared);
  }
  return declared;
}
