import type { LinkEnd } from '../facts';
import type { SqlFactsBuilder } from './builder';
import { NOT_A_ROUTINE, SYSTEM_SCHEMAS } from './builtins';
import { type QualifiedName, type TokenView } from './statement';
import { TokenKind, tokenizeSql } from './tokenizer';

/**
 * Invocations of routines: `name(...)` in an expression (`SELECT f(x)`, `PERFORM f()`,
 * `EXECUTE FUNCTION f()` of a trigger), `CALL p` and T-SQL `EXEC[UTE] p`. Each becomes a
 * `calls` link to the routine found by its keys (`sql:function:`), nearby first, so a name
 * no routine of the repo declares makes no edge: SQL has no imports that could tell an
 * extension's or another database's function from a typo. Built-ins, keywords and data
 * types written before `(` are skipped (builtins.ts).
 */

/** Words before a `name (` that make it a declaration or a column list, not a call. */
const NOT_A_CALL_AFTER = new Set([
  'INTO', 'TABLE', 'REFERENCES', 'AS', 'KEY', 'INDEX', 'CONSTRAINT', 'ON', 'INSERT', 'VIEW', 'TYPE', 'TRIGGER',
  'DOMAIN', 'SEQUENCE', 'AGGREGATE', 'EXECUTE', 'PREPARE', 'DEALLOCATE', 'DECLARE', 'CURSOR',
]);

const OPEN_PAREN = 40;

/** Adds a `calls` link from `caller` for each routine invoked in tokens [from, to) of `view`. */
export function linkRoutineCalls(facts: SqlFactsBuilder, caller: LinkEnd, view: TokenView, from: number, to: number): void {
  for (const name of routineCalls(view, from, to)) {
    facts.addLink('calls', caller, facts.keysEnd('sql:function', name), view.position(name.first));
  }
}

/** The tokens inside the string or dollar-quoted token k, read in the file's dialect. */
export function innerTokens(view: TokenView, k: number): TokenView {
  const { starts, ends, source } = view.tokens;
  const start = starts[k]!;
  const delimiter = view.kind(k) === TokenKind.Dollar ? /^\$[\w]*\$/.exec(source.slice(start, start + 64))?.[0] ?? '$' : "'";
  const innerStart = start + delimiter.length;
  const innerEnd = Math.max(innerStart, ends[k]! - delimiter.length);
  return view.withTokens(tokenizeSql(source, innerStart, innerEnd, view.tokens.mysql));
}

/** The routine names invoked in [from, to), in order, one per call site. */
export function routineCalls(view: TokenView, from: number, to: number): QualifiedName[] {
  const calls: QualifiedName[] = [];
  // The typed arrays directly: an INSERT dump runs every token through this loop.
  const { kinds, starts, ends, source, count } = view.tokens;
  const end = Math.min(to, count);
  for (let k = from; k < end; k++) {
    const kind = kinds[k];
    if (kind !== TokenKind.Word && kind !== TokenKind.Quoted) continue;
    if (k + 1 < count && kinds[k + 1] === TokenKind.Punct && source.charCodeAt(starts[k + 1]!) === OPEN_PAREN) {
      const name = view.qualifiedName(nameStart(view, k, from), to);
      if (name && isCallSite(view, name, from, to) && isRepoRoutine(name)) calls.push(name);
      continue;
    }
    // Only CALL, EXEC and EXECUTE invoke without `(`.
    const length = ends[k]! - starts[k]!;
    if (length !== 4 && length !== 7) continue;
    const word = view.keyword(k);
    if (word !== 'CALL' && word !== 'EXEC' && word !== 'EXECUTE') continue;
    const explicit = explicitCall(view, word, k, to);
    if (!explicit) continue;
    if (isRepoRoutine(explicit)) calls.push(explicit);
    k = explicit.next - 1;
  }
  return calls;
}

/** The first token of the dotted name ending at token k (`s.f` for the `f` of `s.f(`). */
function nameStart(view: TokenView, k: number, from: number): number {
  let start = k;
  while (start - 2 >= from && view.isPunct(start - 1, '.') && view.identifier(start - 2) !== undefined) start -= 2;
  return start;
}

/**
 * The routine of `CALL p[(...)]` (MySQL allows no parentheses), `EXEC p`, `EXEC @rc = p`,
 * T-SQL `EXECUTE p @arg` or `EXECUTE s.p`, and a trigger's `EXECUTE FUNCTION|PROCEDURE f(...)`.
 * A Postgres `EXECUTE plan` or `EXECUTE 'dynamic sql'` is no call.
 */
function explicitCall(view: TokenView, word: string, k: number, to: number): QualifiedName | undefined {
  let at = k + 1;
  if (word !== 'CALL' && view.isPunct(at, '@') && view.isPunct(at + 2, '=')) at += 3;
  const routineWord = view.keyword(at);
  const declaredRoutine = word === 'EXECUTE' && (routineWord === 'FUNCTION' || routineWord === 'PROCEDURE');
  if (declaredRoutine) at++;
  const name = view.qualifiedName(at, to);
  if (!name) return undefined;
  if (word !== 'EXECUTE' || declaredRoutine) return name;
  return name.parts.length > 1 || view.isPunct(name.next, '@') ? name : undefined;
}

/** `name (` is a call unless it names a table, a column list, a CTE or a declaration. */
function isCallSite(view: TokenView, name: QualifiedName, from: number, to: number): boolean {
  const before = name.first - 1;
  const previous = before >= from ? view.keyword(before) : '';
  if (NOT_A_CALL_AFTER.has(previous)) return false;
  if ((previous === 'FUNCTION' || previous === 'PROCEDURE') && view.keyword(before - 1) !== 'EXECUTE') return false;
  // WITH name (a, b) AS (...): the CTE's column list.
  const after = view.closingParen(name.next, to) + 1;
  return !(view.keyword(after) === 'AS' && (view.isPunct(after + 1, '(') || view.keyword(after + 1) === 'MATERIALIZED' || view.keyword(after + 1) === 'NOT'));
}

/** Unqualified built-ins and keywords, and anything in a system schema, are the database's own. */
function isRepoRoutine(name: QualifiedName): boolean {
  if (name.parts.length === 1) return !NOT_A_ROUTINE.has(name.parts[0]!.toLowerCase());
  return !SYSTEM_SCHEMAS.has(name.parts[name.parts.length - 2]!.toLowerCase());
}
