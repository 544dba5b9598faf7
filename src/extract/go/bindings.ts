import type { SyntaxNode } from '../extractor';
import type { GoFileContext } from './context';
import { namesAssignedOnlyFromOutside } from './outsideValues';
import type { LocalName } from './scopes';

/**
 * The one expression each name of the file is bound to, when it has exactly one: locals
 * by their scope's LocalName, package-level names by name. A name declared twice, bound
 * as one of several results (`a, err := f()`) or assigned with `=` anywhere in the file
 * maps to null: what it holds is not fixed by one place. One exception: a name whose
 * every assignment in the file reads the process environment (`base = os.Getenv("X")`,
 * outsideValues.ts) keeps its declared value, the default the program itself states;
 * what the environment holds at run time no source can tell.
 */
export interface Bindings {
  readonly locals: ReadonlyMap<LocalName, SyntaxNode | null>;
  readonly packageNames: ReadonlyMap<string, SyntaxNode | null>;
}

export function singleBindings(context: GoFileContext): Bindings {
  const strict = bindingsKeeping(context, () => false);
  const fromOutside = namesAssignedOnlyFromOutside(context, strict);
  return fromOutside.size === 0 ? strict : bindingsKeeping(context, (name) => fromOutside.has(name));
}

/** The bindings, where an assigned name keeps its declared value only when `keepsDeclared` says so. */
function bindingsKeeping(context: GoFileContext, keepsDeclared: (name: string) => boolean): Bindings {
  const locals = new Map<LocalName, SyntaxNode | null>();
  const packageNames = new Map<string, SyntaxNode | null>();
  for (const { node, kind } of context.matches.locals) {
    if (kind !== 'name' && kind !== 'var') continue;
    const value = context.matches.assigned.has(node.text) && !keepsDeclared(node.text) ? null : boundValue(node) ?? null;
    const local = context.scopeAt(node.startIndex).lookup(node.text, node.startIndex);
    if (local) locals.set(local, locals.has(local) ? null : value);
    else packageNames.set(node.text, packageNames.has(node.text) ? null : value);
  }
  return { locals, packageNames };
}

/**
 * The expression a declared name is bound to: `const a, b = x, y`, `var a = x`, `a := x`.
 * Undefined when the declaration binds no value to it one to one (`a, err := f()`, a
 * const repeating the previous spec's expression).
 */
function boundValue(name: SyntaxNode): SyntaxNode | undefined {
  const parent = name.parent;
  if (!parent) return undefined;
  if (parent.type === 'const_spec' || parent.type === 'var_spec') {
    // The grammar also puts the `name` field on commas: the spec's direct identifiers are its names.
    const names = parent.namedChildren.filter((n) => n?.type === 'identifier');
    return paired(names, name, parent.childForFieldName('value'));
  }
  if (parent.type === 'expression_list' && parent.parent?.type === 'short_var_declaration') {
    return paired(parent.namedChildren, name, parent.parent.childForFieldName('right'));
  }
  return undefined;
}

function paired(names: readonly (SyntaxNode | null)[], name: SyntaxNode, valueList: SyntaxNode | null): SyntaxNode | undefined {
  if (!valueList) return undefined;
  const values = valueList.type === 'expression_list'
    ? valueList.namedChildren.filter((n): n is SyntaxNode => n !== null && n.type !== 'comment')
    : [valueList];
  const index = names.findIndex((n) => n?.id === name.id);
  return index >= 0 && values.length === names.length ? values[index] : undefined;
}
