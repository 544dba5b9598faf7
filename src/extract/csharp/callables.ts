import type { SyntaxNode } from '../extractor';
import type { MemberMatch } from './collect';
import type { Arity, Callable, TypeInfo } from './scopes';

/**
 * Methods, constructors and local functions with the argument counts they accept, and
 * overload naming (DESIGN §4): when a type declares several methods of one name, each
 * symbol carries its parameter types as written, `Repo.Save(string,int)`.
 */

export function callableOf(match: MemberMatch, written: string, arity: Arity, explicitInterface: string | undefined): Callable | undefined {
  if (written === '') return undefined;
  const plain = match.role === 'constructor' ? 'constructor' : written;
  // `void IFoo.Bar()` implements IFoo's Bar apart from any Bar of the type's own.
  const name = explicitInterface ? `${explicitInterface}.${plain}` : plain;
  return {
    name, symbolName: name, memberName: name, match,
    minArguments: arity.required,
    maxArguments: arity.variadic ? Number.POSITIVE_INFINITY : arity.required + arity.optional,
  };
}

/** Final symbol names of a type's methods and constructors. */
export function nameCallables(type: TypeInfo): void {
  for (const group of type.methods.values()) nameGroup(type.fullName, group);
  nameGroup(type.fullName, type.constructors);
}

function nameGroup(owner: string, group: readonly Callable[]): void {
  const overloaded = group.length > 1;
  for (const callable of group) {
    callable.memberName = overloaded ? `${callable.name}(${parameterTypes(callable.match.parameters)})` : callable.name;
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

/** The parameter types as written, for overload names: `string,int`, `Order[]` for `params Order[]`. */
function parameterTypes(list: SyntaxNode | undefined): string {
  const types: string[] = [];
  for (let i = 0; i < (list?.childCount ?? 0); i++) {
    const child = list!.child(i);
    if (child?.type === 'parameter') types.push(child.childForFieldName('type')?.text.replace(/\s+/g, '') ?? '');
    else if (child && list!.fieldNameForChild(i) === 'type') types.push(child.text.replace(/\s+/g, ''));
  }
  return types.join(',');
}
