import type { SyntaxNode } from '../extractor';
import { unionMembers } from './annotationSyntax';
import { isDottedName } from './literals';
import { EXITS, SCOPE_NODES, bindsAgain, classOf, isNoneTest, isinstanceType, parameterAnnotation } from './narrowing';

/**
 * What a function's local holds after an `if` statement whose branches bind it, as the
 * checker joins the branches: a parameter normalised by
 *
 *     if headers is None:
 *         headers = Headers()
 *     elif not isinstance(headers, Headers):
 *         headers = Headers(headers)
 *     self.headers = headers
 *
 * is a Headers after it: each branch leaves the value it last assigns, a branch that
 * always leaves (`raise`, `return`) leaves nothing, and where no `else` is written the
 * parameter's declared union is narrowed by what every condition rules out (here `is
 * None` rules out None, `not isinstance(…, Headers)` everything but Headers).
 */
export interface BranchJoin {
  /** The values branches assign last, read in the function like any expression. */
  readonly values: readonly SyntaxNode[];
  /** The classes the parameter is narrowed to where no branch is taken. */
  readonly narrowed: readonly string[];
}

/**
 * The join at `use` of the last statement before it that binds `name`, when that
 * statement is an `if` of the shape above; undefined for anything else (another kind of
 * binding, a branch binding it in a nested statement or keeping a value no condition
 * narrows, a loop around the use that binds it, which a later turn would run first).
 */
export function joinAfterIf(use: SyntaxNode, name: string): BranchJoin | undefined {
  const binding = lastBindingBefore(use, name);
  if (binding?.type !== 'if_statement' || insideLoopBinding(binding, name)) return undefined;
  const clauses = clausesOf(binding);
  const values: SyntaxNode[] = [];
  const narrowed: string[] = [];
  for (const { block } of clauses) {
    const statements = block.namedChildren.filter((child): child is SyntaxNode => child !== null && child.type !== 'comment');
    const last = statements[statements.length - 1];
    if (!last || EXITS.has(last.type)) continue;
    const value = lastAssignedValue(statements, name);
    if (!value) return undefined;
    values.push(value);
  }
  if (!clauses.some((clause) => clause.condition === undefined)) {
    const left = leftByConditions(binding, clauses, name);
    if (!left) return undefined;
    narrowed.push(...left);
  }
  return values.length + narrowed.length > 0 ? { values, narrowed } : undefined;
}

interface Clause {
  readonly block: SyntaxNode;
  /** The clause's condition; undefined for `else`. */
  readonly condition: SyntaxNode | undefined;
}

/** The `if`, `elif` and `else` blocks of an if statement with their conditions. */
function clausesOf(statement: SyntaxNode): Clause[] {
  const clauses: Clause[] = [];
  const consequence = statement.childForFieldName('consequence');
  const condition = statement.childForFieldName('condition');
  if (consequence && condition) clauses.push({ block: consequence, condition });
  for (const child of statement.namedChildren) {
    if (child?.type === 'elif_clause') {
      const block = child.childForFieldName('consequence');
      const elifCondition = child.childForFieldName('condition');
      if (block && elifCondition) clauses.push({ block, condition: elifCondition });
    } else if (child?.type === 'else_clause') {
      const block = child.childForFieldName('body');
      if (block) clauses.push({ block, condition: undefined });
    }
  }
  return clauses;
}

/**
 * The statement before `use` that binds `name` last, in the use's block or the blocks
 * around it within the function; undefined when none does.
 */
function lastBindingBefore(use: SyntaxNode, name: string): SyntaxNode | undefined {
  let child: SyntaxNode = use;
  for (let current = use.parent; current && !SCOPE_NODES.has(current.type); child = current, current = current.parent) {
    if (current.type !== 'block') continue;
    const statements = current.namedChildren;
    const at = statements.findIndex((statement) => statement?.id === child.id);
    for (let i = at - 1; i >= 0; i--) {
      const earlier = statements[i];
      if (earlier && earlier.type !== 'comment' && bindsAgain(earlier.text, name)) return earlier;
    }
  }
  return undefined;
}

/** Whether a loop around the statement, inside the function, binds the name: a later turn reaches the use with that value. */
function insideLoopBinding(statement: SyntaxNode, name: string): boolean {
  for (let current = statement.parent; current && !SCOPE_NODES.has(current.type); current = current.parent) {
    if ((current.type === 'for_statement' || current.type === 'while_statement') && bindsAgain(current.text, name)) return true;
  }
  return false;
}

/**
 * The value the block's last statement binding the name assigns, when that statement is a
 * plain `name = value` written in the block itself; undefined otherwise.
 */
function lastAssignedValue(statements: readonly SyntaxNode[], name: string): SyntaxNode | undefined {
  for (let i = statements.length - 1; i >= 0; i--) {
    const statement = statements[i]!;
    if (!bindsAgain(statement.text, name)) continue;
    const assignment = statement.type === 'expression_statement' ? statement.namedChild(0) : null;
    if (assignment?.type !== 'assignment' || assignment.childForFieldName('left')?.text !== name) return undefined;
    if (assignment.childForFieldName('type')) return undefined;
    return assignment.childForFieldName('right') ?? undefined;
  }
  return undefined;
}

/**
 * The classes of the parameter's declared union that every condition of the chain rules
 * out being false for: `x is None` and `not x` rule out None, `isinstance(x, C)` C, `not
 * isinstance(x, C)` all but C. Undefined when a condition tests anything else, the
 * function binds the name before the statement, or a class left is not a plain name.
 */
function leftByConditions(statement: SyntaxNode, clauses: readonly Clause[], name: string): string[] | undefined {
  const declared = parameterAnnotation(statement, name);
  if (declared === undefined || lastBindingBefore(statement, name) !== undefined) return undefined;
  let left = unionMembers(declared.replace(/\s+/g, ''));
  for (const { condition } of clauses) {
    if (!condition) continue;
    const negated = condition.type === 'not_operator' ? condition.childForFieldName('argument') : null;
    const required = negated ? isinstanceType(negated, name) : undefined;
    if (required !== undefined && negated?.type === 'call') {
      const kept = new Set(unionMembers(required));
      left = left.filter((member) => kept.has(classOf(member)));
      continue;
    }
    const excluded = isNoneTest(condition, name) ? 'None' : condition.type === 'call' ? isinstanceType(condition, name) : undefined;
    if (excluded === undefined) return undefined;
    const ruledOut = new Set(unionMembers(excluded));
    left = left.filter((member) => !ruledOut.has(classOf(member)));
  }
  left = left.filter((member) => member !== 'None');
  return left.every((member) => isDottedName(member)) ? left : undefined;
}
