import type { SyntaxNode } from '../extractor';
import type { Bindings } from './bindings';
import type { GoFileContext } from './context';

/**
 * Assignments that read a value from outside the program: the process environment at run
 * time (`base = os.Getenv("BASE_URL")`, or a local bound once to such a read). A variable
 * written only by such assignments holds either its declared value or something no source
 * can tell, so its declaration states the one value the program itself gives it. Any other
 * assignment (a literal, a computed string, `+=`, one of several results) can replace that
 * value with another the program chooses, so the name then has no value.
 */

const OS = 'os';
/** Functions of package os whose string result comes from the process environment. */
const ENVIRONMENT_READS = new Set(['Getenv']);
/** How many names a value may pass through (`v := os.Getenv(k)`, `base = v`) before we stop looking. */
const MAX_HOPS = 4;

/**
 * The names of the file assigned with `=` somewhere, where every assignment to a variable
 * of that name anywhere in the file writes an environment read. Matched by name, not by
 * scope, so a shadowing local assigned a literal also takes the package variable's value away.
 */
export function namesAssignedOnlyFromOutside(context: GoFileContext, strict: Bindings): Set<string> {
  const osName = [...context.importPaths.entries()].find(([, path]) => path === OS)?.[0];
  if (!osName) return new Set();
  const verdicts = new Map<string, boolean>();
  for (const name of context.matches.assignedNames) {
    const value = assignedValue(name);
    const outside = value !== undefined && readsEnvironment(value, osName, context, strict, MAX_HOPS);
    verdicts.set(name.text, (verdicts.get(name.text) ?? true) && outside);
  }
  return new Set([...verdicts].filter(([, outside]) => outside).map(([name]) => name));
}

/** The expression a plain `=` writes to this left-hand name; undefined for `+=` and unpaired lists (`a, err = f()`). */
function assignedValue(name: SyntaxNode): SyntaxNode | undefined {
  const left = name.parent;
  const statement = left?.parent;
  if (!left || statement?.type !== 'assignment_statement') return undefined;
  if (statement.childForFieldName('operator')?.text !== '=') return undefined;
  const right = statement.childForFieldName('right');
  if (!right) return undefined;
  const names = left.namedChildren.filter((n) => n !== null && n.type !== 'comment');
  const values = right.namedChildren.filter((n): n is SyntaxNode => n !== null && n.type !== 'comment');
  const index = names.findIndex((n) => n?.id === name.id);
  return index >= 0 && names.length === values.length ? values[index] : undefined;
}

function readsEnvironment(value: SyntaxNode, osName: string, context: GoFileContext, strict: Bindings, hops: number): boolean {
  if (value.type === 'parenthesized_expression') {
    const inner = value.namedChild(0);
    return inner !== null && readsEnvironment(inner, osName, context, strict, hops);
  }
  if (value.type === 'call_expression') {
    const callee = value.childForFieldName('function');
    if (callee?.type !== 'selector_expression') return false;
    const pkg = callee.childForFieldName('operand');
    const fn = callee.childForFieldName('field');
    return pkg?.type === 'identifier' && pkg.text === osName && fn !== null && ENVIRONMENT_READS.has(fn.text)
      && context.scopeAt(value.startIndex).lookup(osName, value.startIndex) === undefined;
  }
  if (value.type === 'identifier' && hops > 0) {
    const local = context.scopeAt(value.startIndex).lookup(value.text, value.startIndex);
    const bound = local ? strict.locals.get(local) : strict.packageNames.get(value.text);
    return bound !== undefined && bound !== null && readsEnvironment(bound, osName, context, strict, hops - 1);
  }
  return false;
}
