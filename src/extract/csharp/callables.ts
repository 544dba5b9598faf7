import type { SyntaxNode } from '../extractor';
import type { MemberMatch } from './collect';
import type { Callable, TypeInfo } from './scopes';

/**
 * Methods, constructors and local functions with the argument counts they accept, and
 * overload naming (DESIGN §4): when a type declares several methods of one name, each
 * symbol carries its parameter types as written, `Repo.Save(string,int)`.
 */

export function callableOf(match: MemberMatch): Callable | undefined {
  const nameNode = match.name;
  if (!nameNode || nameNode.text === '') return undefined;
  const shape = parameterShape(match.parameters);
  const explicit = match.node.namedChildren.find((child) => child?.type === 'explicit_interface_specifier');
  const plain = match.role === 'constructor' ? 'constructor' : nameNode.text;
  // `void IFoo.Bar()` implements IFoo's Bar apart from any Bar of the type's own.
  const name = explicit ? `${explicit.text.replace(/\s+/g, '')}.${plain}` : plain;
  return { name, symbolName: name, memberName: name, ...shape, match };
}

/** Final symbol names of a type's methods and constructors. */
export function nameCallables(type: TypeInfo): void {
  for (const group of type.methods.values()) nameGroup(type.fullName, group);
  nameGroup(type.fullName, type.constructors);
}

function nameGroup(owner: string, group: readonly Callable[]): void {
  const overloaded = group.length > 1;
  for (const callable of group) {
    callable.memberName = `${callable.name}${overloaded ? `(${callable.parameterTypes})` : ''}`;
    callable.symbolName = `${owner}.${callable.memberName}`;
  }
}

/** The overload a call with `count` arguments picks: the only one accepting that many. */
export function overloadFor(callables: readonly Callable[], count: number): Callable | undefined {
  let found: Callable | undefined;
  for (const callable of callables) {
    if (count < callable.minArguments || count > callable.maxArguments) continue;
    if (found) return undefined;
    found = callable;
  }
  return found;
}

interface ParameterShape {
  readonly minArguments: number;
  readonly maxArguments: number;
  readonly parameterTypes: string;
}

/** Required and optional parameters; a `params` array takes any number of arguments. */
function parameterShape(list: SyntaxNode | undefined): ParameterShape {
  let required = 0;
  let optional = 0;
  let variadic = false;
  const types: string[] = [];
  for (let i = 0; i < (list?.childCount ?? 0); i++) {
    const child = list!.child(i);
    if (!child) continue;
    if (child.type === 'parameter') {
      types.push(child.childForFieldName('type')?.text.replace(/\s+/g, '') ?? '');
      if (hasDefault(child)) optional++;
      else required++;
    } else if (child.type === 'params') {
      variadic = true;
    } else if (list!.fieldNameForChild(i) === 'type') {
      types.push(child.text.replace(/\s+/g, ''));
    }
  }
  return {
    minArguments: required,
    maxArguments: variadic ? Number.POSITIVE_INFINITY : required + optional,
    parameterTypes: types.join(','),
  };
}

function hasDefault(parameter: SyntaxNode): boolean {
  for (let i = 0; i < parameter.childCount; i++) if (parameter.child(i)?.type === '=') return true;
  return false;
}
