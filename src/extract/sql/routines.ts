import type { LinkEnd } from '../facts';
import type { SqlFactsBuilder } from './builder';
import { innerTokens, linkRoutineCalls } from './calls';
import { type TableUse, tableUses } from './queries';
import { type QualifiedName, TokenView, displayName, objectKeys } from './statement';
import { TokenKind } from './tokenizer';

/**
 * Views (materialized too) and functions/procedures. A view references every table or
 * view it selects from and depends on the views among them; a routine depends on the
 * tables its body reads or writes, whether the body is a dollar-quoted or quoted string
 * (Postgres) or the statement's own BEGIN...END (MySQL, T-SQL, SQL standard). Both call
 * the routines they invoke (calls.ts); a body in another language (plpython, plv8) is
 * not read for calls.
 */

/** Routine languages whose bodies are SQL; a routine that names none is SQL too. */
const SQL_BODY_LANGUAGES = new Set(['sql', 'plpgsql', 'tsql', 'plsql']);

export function createView(facts: SqlFactsBuilder, first: number, end: number, name: QualifiedName): void {
  const { view } = facts;
  const query = queryStart(view, name.next, end);
  const viewName = displayName(name);
  facts.addSymbol({
    name: viewName, kind: 'view', nameToken: name.first, first, end, headerEnd: query ? query - 1 : name.next,
    keys: [...objectKeys('sql:table', name), ...objectKeys('sql:view', name)],
  });
  if (query === undefined) {
    facts.errors++;
    return;
  }
  const from: LinkEnd = { form: 'local', name: viewName };
  for (const use of firstUseOfEachTable(tableUses(view, query, end))) {
    facts.addLink('references', from, facts.keysEnd('sql:table', use.name), use.at);
    facts.addLink('depends_on', from, facts.keysEnd('sql:view', use.name), use.at);
  }
  linkRoutineCalls(facts, from, view, query, end);
}

/** The token after the view's top-level AS, past a column list and WITH (options). */
function queryStart(view: TokenView, from: number, end: number): number | undefined {
  for (let k = from; k < end; k++) {
    if (view.isPunct(k, '(')) k = view.closingParen(k, end);
    else if (view.keyword(k) === 'AS') return k + 1;
  }
  return undefined;
}

export function createRoutine(facts: SqlFactsBuilder, first: number, end: number, name: QualifiedName): void {
  const { view } = facts;
  const bodyStart = routineBodyStart(view, name.next, end);
  const routineName = displayName(name);
  facts.addSymbol({
    name: routineName, kind: 'function', nameToken: name.first, first, end, headerEnd: bodyStart,
    keys: objectKeys('sql:function', name),
  });
  const from: LinkEnd = { form: 'local', name: routineName };
  const uses = [...tableUses(view, bodyStart, end)];
  const stringBodies: TokenView[] = [];
  for (let k = bodyStart; k < end; k++) {
    const kind = view.kind(k);
    const quotedBody = kind === TokenKind.Dollar || (kind === TokenKind.String && view.keyword(k - 1) === 'AS');
    if (!quotedBody) continue;
    const body = innerTokens(view, k);
    stringBodies.push(body);
    uses.push(...tableUses(body, 0, body.tokens.count));
  }
  for (const use of firstUseOfEachTable(uses)) facts.addLink('depends_on', from, facts.keysEnd('sql:table', use.name), use.at);
  linkRoutineCalls(facts, from, view, bodyStart, end);
  if (!SQL_BODY_LANGUAGES.has(routineLanguage(view, first, end) ?? 'sql')) return;
  for (const body of stringBodies) linkRoutineCalls(facts, from, body, 0, body.tokens.count);
}

/** `LANGUAGE plpgsql` or `LANGUAGE 'plpgsql'` of a routine, lower case. */
function routineLanguage(view: TokenView, first: number, end: number): string | undefined {
  for (let k = first; k < end - 1; k++) {
    if (view.keyword(k) !== 'LANGUAGE') continue;
    const kind = view.kind(k + 1);
    if (kind === TokenKind.String) return view.text(k + 1).slice(1, -1).toLowerCase();
    return view.identifier(k + 1)?.toLowerCase();
  }
  return undefined;
}

/** A table read in several places links once, from where it is first named. */
function firstUseOfEachTable(uses: readonly TableUse[]): TableUse[] {
  const seen = new Set<string>();
  return uses.filter((use) => {
    const identity = use.name.parts.join('.');
    if (seen.has(identity)) return false;
    seen.add(identity);
    return true;
  });
}

/** The first token of the body: a top-level AS, BEGIN or RETURN, or a dollar-quoted string. */
function routineBodyStart(view: TokenView, from: number, end: number): number {
  for (let k = from; k < end; k++) {
    if (view.isPunct(k, '(')) {
      k = view.closingParen(k, end);
      continue;
    }
    const word = view.keyword(k);
    if (word === 'AS' || word === 'BEGIN' || word === 'RETURN' || view.kind(k) === TokenKind.Dollar) return k;
  }
  return end;
}
