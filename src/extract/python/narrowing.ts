import type { SyntaxNode } from '../extractor';
import { unionMembers } from './annotationSyntax';
import { isDottedName } from './literals';

/**
 * The class `isinstance` narrows x to where it is used, as pyright narrows it: in the
 * block `if isinstance(x, C):` guards (or `elif`, or as the first operand of an `and`),
 * and after a guard `if not isinstance(x, C):` whose block always leaves (ends in
 * `return`, `raise`, `continue` or `break`), for the rest of the block the guard is in.
 * A tuple of classes narrows x to their union. None when x may be bound again between
 * the check and the use (its type after that is another), or a class is not a name or
 * dotted path. Scopes are not crossed: a nested function or class reads its own binding.
 */
export function narrowedByIsinstance(use: SyntaxNode, name: string): string | undefined {
  const narrowed = isinstanceAt(use, name);
  return narrowed === undefined ? undefined : withDeclaredArguments(use, name, narrowed);
}

/**
 * A narrowed class as the parameter's declared union writes it, with its type arguments:
 * `isinstance(value, list)` on `value: Auth | list[Auth] | None` is a `list[Auth]`, as
 * the checker keeps the union's member, when the function binds the parameter nowhere
 * else. A class the union does not hold once stays as the check wrote it.
 */
function withDeclaredArguments(use: SyntaxNode, name: string, narrowed: string): string {
  // Only a generic member adds arguments: the function's body is read for bindings only then.
  const annotation = parameterAnnotation(use, name);
  if (!annotation?.includes('[') || bindsInFunction(use, name)) return narrowed;
  const members = unionMembers(annotation.replace(/\s+/g, ''));
  return unionMembers(narrowed).map((checked) => {
    const written = members.filter((member) => classOf(member) === checked);
    return written.length === 1 ? written[0]! : checked;
  }).join(' | ');
}

/** The class a union member is an instance of: `list` of `list[Auth]`, what `isinstance` checks. */
export function classOf(member: string): string {
  const bracket = member.indexOf('[');
  return bracket < 0 ? member : member.slice(0, bracket);
}

function isinstanceAt(use: SyntaxNode, name: string): string | undefined {
  let child: SyntaxNode = use;
  for (let current = use.parent; current; child = current, current = current.parent) {
    if (SCOPE_NODES.has(current.type)) return undefined;
    if (current.type !== 'block' && current.type !== 'module') continue;
    const guarded = afterGuard(current, child, name);
    if (guarded !== undefined) return guarded || undefined;
    const clause = current.parent;
    if (current.type !== 'block' || (clause?.type !== 'if_statement' && clause?.type !== 'elif_clause')) continue;
    if (clause.childForFieldName('consequence')?.id !== current.id) continue;
    const type = isinstanceType(clause.childForFieldName('condition'), name);
    if (type !== undefined) return boundBeforeUse(current, child, use, name) ? undefined : type;
  }
  return undefined;
}

/**
 * Whether the name may be bound again between the start of `block` and `use`, held by
 * the block's statement `statement`: by a statement before it, or by a loop around the
 * use inside the block, whose later turn reaches the use after its binding.
 */
function boundBeforeUse(block: SyntaxNode, statement: SyntaxNode, use: SyntaxNode, name: string): boolean {
  for (const earlier of block.namedChildren) {
    if (!earlier || earlier.id === statement.id) break;
    if (earlier.type !== 'comment' && bindsAgain(earlier.text, name)) return true;
  }
  for (let current = use.parent; current && current.id !== block.id; current = current.parent) {
    if ((current.type === 'for_statement' || current.type === 'while_statement') && bindsAgain(current.text, name)) return true;
  }
  return false;
}

/**
 * The one member of a parameter's declared union that the `else` of an `if`/`elif` chain
 * leaves, as pyright narrows it: with `value: ContentRange | str | None`, after `if value
 * is None:` and `elif isinstance(value, str):`, value is a ContentRange in the `else`.
 * Every condition of the chain must test the name (`name is None` or `not name`, both
 * false only for a value that is not None, or `isinstance(name, C)`), and the function
 * must not bind the name again anywhere; else none.
 */
export function narrowedByElimination(use: SyntaxNode, name: string): string | undefined {
  for (let current = use.parent; current; current = current.parent) {
    if (SCOPE_NODES.has(current.type)) return undefined;
    if (current.type !== 'else_clause') continue;
    const chain = current.parent;
    const declared = chain?.type === 'if_statement' ? declaredUnionOf(current, name) : undefined;
    if (!chain || !declared) return undefined;
    const conditions = [chain.childForFieldName('condition'), ...chain.namedChildren.filter((c) => c?.type === 'elif_clause').map((c) => c!.childForFieldName('condition'))];
    const excluded = new Set<string>();
    for (const condition of conditions) {
      const type = condition && (isNoneTest(condition, name) ? 'None' : isinstanceType(condition, name));
      if (!type || condition!.type === 'boolean_operator') return undefined;
      for (const member of unionMembers(type)) excluded.add(member);
    }
    const left = declared.filter((member) => !excluded.has(classOf(member)));
    return left.length === 1 && isDottedName(left[0]!) && left[0] !== 'None' ? left[0] : undefined;
  }
  return undefined;
}

export function isNoneTest(condition: SyntaxNode, name: string): boolean {
  if (condition.type === 'not_operator') return condition.childForFieldName('argument')?.text === name;
  return condition.type === 'comparison_operator' && condition.text.replace(/\s+/g, ' ') === `${name} is None`;
}

/** The members of the union annotating the parameter `name` of the function around `node`, unless the function binds it again. */
function declaredUnionOf(node: SyntaxNode, name: string): string[] | undefined {
  const annotation = parameterAnnotation(node, name);
  return annotation === undefined || bindsInFunction(node, name) ? undefined : unionMembers(annotation.replace(/\s+/g, ''));
}

/** Whether the body of the function around `node` binds the name (or has no body to read). */
function bindsInFunction(node: SyntaxNode, name: string): boolean {
  const body = enclosingFunction(node)?.childForFieldName('body');
  return !body || bindsAgain(body.text, name);
}

/** The annotation of the parameter `name` of the function around `node`, as written; undefined when it has none. */
export function parameterAnnotation(node: SyntaxNode, name: string): string | undefined {
  for (const parameter of enclosingFunction(node)?.childForFieldName('parameters')?.namedChildren ?? []) {
    if (parameter?.type !== 'typed_parameter' && parameter?.type !== 'typed_default_parameter') continue;
    const named = parameter.type === 'typed_parameter' ? parameter.namedChild(0) : parameter.childForFieldName('name');
    if (named?.text === name) return parameter.childForFieldName('type')?.text;
  }
  return undefined;
}

function enclosingFunction(node: SyntaxNode): SyntaxNode | undefined {
  let fn: SyntaxNode | null = node.parent;
  while (fn && fn.type !== 'function_definition') fn = fn.parent;
  return fn ?? undefined;
}

/**
 * The class a guard before `statement` in `block` narrows the name to; '' when a
 * statement in between binds it again (nothing further out applies); undefined when no
 * guard or binding comes first.
 */
function afterGuard(block: SyntaxNode, statement: SyntaxNode, name: string): string | undefined {
  const statements = block.namedChildren;
  const at = statements.findIndex((child) => child?.id === statement.id);
  for (let i = at - 1; i >= 0; i--) {
    const earlier = statements[i];
    if (!earlier || earlier.type === 'comment') continue;
    const guard = earlier.type === 'if_statement' ? exitingGuardType(earlier, name) : undefined;
    if (guard !== undefined) return guard;
    if (bindsAgain(earlier.text, name)) return '';
  }
  return undefined;
}

/**
 * C of `if not isinstance(name, C):` with no `elif`/`else`, whose block always leaves;
 * '' for such a guard that narrows to what is not read (a class written as a call or a
 * subscript); undefined for any other statement.
 */
function exitingGuardType(statement: SyntaxNode, name: string): string | undefined {
  const condition = statement.childForFieldName('condition');
  const check = condition?.type === 'not_operator' ? condition.childForFieldName('argument') : null;
  if (check?.type !== 'call' || check.childForFieldName('function')?.text !== 'isinstance') return undefined;
  if (check.childForFieldName('arguments')?.namedChildren.find((arg) => arg?.type !== 'comment')?.text !== name) return undefined;
  if (statement.childForFieldName('alternative')) return undefined;
  const body = statement.childForFieldName('consequence')?.namedChildren.filter((child) => child?.type !== 'comment');
  const last = body?.[body.length - 1];
  if (!last || !EXITS.has(last.type) || body!.some((child) => child && bindsAgain(child.text, name))) return undefined;
  return isinstanceType(check, name) ?? '';
}

export const EXITS: ReadonlySet<string> = new Set(['return_statement', 'raise_statement', 'continue_statement', 'break_statement']);

export const SCOPE_NODES: ReadonlySet<string> = new Set(['function_definition', 'class_definition', 'lambda']);

/** `C` of `isinstance(name, C)` (`A | B` of `(A, B)`), or of the first operand of an `and` that starts with one. */
export function isinstanceType(condition: SyntaxNode | null, name: string): string | undefined {
  if (condition?.type === 'boolean_operator' && condition.childForFieldName('operator')?.text === 'and') {
    return isinstanceType(condition.childForFieldName('left'), name);
  }
  if (condition?.type === 'parenthesized_expression') return isinstanceType(condition.namedChild(0), name);
  if (condition?.type !== 'call' || condition.childForFieldName('function')?.text !== 'isinstance') return undefined;
  const args = condition.childForFieldName('arguments')?.namedChildren.filter((arg) => arg?.type !== 'comment') ?? [];
  const [subject, type] = args;
  if (args.length !== 2 || subject?.type !== 'identifier' || subject.text !== name) return undefined;
  // `isinstance(x, (A, B))` narrows x to the union of the classes.
  const classes = type?.type === 'tuple' ? type.namedChildren.filter((c) => c?.type !== 'comment') : [type];
  const written = classes.map((c) => (c?.type === 'identifier' || c?.type === 'attribute' ? c.text.replace(/\s+/g, '') : undefined));
  return written.length > 0 && written.every((w) => w !== undefined && isDottedName(w)) ? written.join(' | ') : undefined;
}

/**
 * Whether the text binds the name again: an assignment (augmented, annotated, `:=`, a
 * tuple target), a `for` target, an `as` target or a `del`. A keyword argument reads as
 * one too, which only costs the narrowing.
 */
export function bindsAgain(text: string, name: string): boolean {
  const word = new RegExp(`(?<![.\\w])${name}(?!\\w)`);
  if (new RegExp(`(?<![.\\w])${name}\\s*(?:[-+*/%&|^@:]|//|\\*\\*|<<|>>)?=(?!=)`).test(text)) return true;
  const targets = [
    ...text.matchAll(/\bfor\s+(.+?)\s+in\b/g),
    ...text.matchAll(/\b(?:as|del)\s+([^\n:]+)/g),
    ...text.matchAll(/^[ \t]*([^\n=]*,[^\n=]*)=(?!=)/gm),
  ];
  return targets.some((match) => word.test(match[1] ?? ''));
}
