import type { Position } from '../facts';
import { type QualifiedName, type TokenView } from './statement';
import { TokenKind } from './tokenizer';

/**
 * The tables a query reads or writes, by name as written: what follows FROM and JOIN
 * (comma lists included), INSERT/MERGE INTO, UPDATE, TRUNCATE and COPY. Names defined by
 * the query itself (CTEs) are left out, and so are FROM inside function calls
 * (`EXTRACT(YEAR FROM d)`), `IS DISTINCT FROM`, subqueries and table functions.
 */

export interface TableUse {
  readonly name: QualifiedName;
  /** Where the name is written (its token indexes belong to the view that found it). */
  readonly at: Position;
  /** Whether the query writes it (INSERT, UPDATE, DELETE, MERGE, TRUNCATE, COPY). */
  readonly writes: boolean;
}

/** Words after which `(` opens a subquery or a list, not a function call's arguments. */
const NOT_A_FUNCTION = new Set([
  'IN', 'EXISTS', 'AS', 'FROM', 'JOIN', 'ANY', 'ALL', 'SOME', 'SELECT', 'WHERE', 'ON', 'AND', 'OR', 'NOT', 'UNION',
  'LATERAL', 'VALUES', 'INTO', 'USING', 'WITH', 'RETURN', 'THEN', 'ELSE', 'WHEN', 'EXCEPT', 'INTERSECT', 'HAVING',
  'QUERY', 'MATERIALIZED', 'IS', 'BY', 'SET', 'ATOMIC', 'BEGIN',
]);
/** Words that end a table reference rather than alias it. */
const NOT_AN_ALIAS = new Set([
  'WHERE', 'JOIN', 'LEFT', 'RIGHT', 'INNER', 'OUTER', 'FULL', 'CROSS', 'NATURAL', 'ON', 'USING', 'GROUP', 'ORDER',
  'LIMIT', 'HAVING', 'WINDOW', 'UNION', 'EXCEPT', 'INTERSECT', 'SET', 'VALUES', 'RETURNING', 'LATERAL', 'OFFSET',
  'FETCH', 'FOR', 'WHEN', 'THEN', 'ELSE', 'END', 'AND', 'OR', 'SELECT', 'INTO', 'FROM', 'WITH', 'LOOP', 'AS',
  'TABLESAMPLE', 'DEFAULT', 'OUTPUT', 'STRAIGHT_JOIN', 'USE', 'FORCE', 'IGNORE', 'PARTITION', 'QUALIFY', 'DO',
]);
const UPDATE_NOT_A_STATEMENT = new Set(['FOR', 'ON', 'DO', 'KEY', 'NO', 'OF', 'OR', 'BEFORE', 'AFTER', 'INSTEAD', 'CASCADE', 'SKIP']);
const INSERT_VERBS = new Set(['INSERT', 'REPLACE', 'MERGE', 'IGNORE', 'OVERWRITE']);
const NOT_A_TABLE = new Set(['SELECT', 'VALUES', 'LATERAL', 'ONLY', 'DUAL', 'UNNEST', 'TABLE', 'ROWS', 'NEW', 'OLD', 'EXCLUDED', 'STDIN', 'STDOUT']);

export function tableUses(view: TokenView, from: number, to: number): TableUse[] {
  const ctes = cteNames(view, from, to);
  const uses: TableUse[] = [];
  const functionParens: boolean[] = [];
  let previous = '';
  for (let k = from; k < to; k++) {
    const kind = view.kind(k);
    if (kind === TokenKind.Punct) {
      if (view.isPunct(k, '(')) functionParens.push(isFunctionParen(view, k));
      else if (view.isPunct(k, ')')) functionParens.pop();
      previous = '';
      continue;
    }
    const word = view.keyword(k);
    if (word && !functionParens[functionParens.length - 1]) {
      const found = tablesAfter(view, word, previous, k, to);
      for (const use of found) if (use.name.parts.length > 1 || !ctes.has(use.name.parts[0]!)) uses.push(use);
    }
    previous = word;
  }
  return uses;
}

function tablesAfter(view: TokenView, word: string, previous: string, k: number, to: number): TableUse[] {
  switch (word) {
    case 'FROM':
      if (previous === 'DISTINCT') return [];
      return previous === 'DELETE' ? tableList(view, k + 1, to, WRITTEN) : tableList(view, k + 1, to, READ_LIST);
    case 'JOIN':
      return tableList(view, k + 1, to, READ);
    case 'INTO':
      return INSERT_VERBS.has(previous) ? tableList(view, k + 1, to, WRITTEN) : [];
    case 'UPDATE':
      if (UPDATE_NOT_A_STATEMENT.has(previous) || view.keyword(k + 1) === 'SET' || view.keyword(k + 1) === 'OF') return [];
      return tableList(view, k + 1, to, WRITTEN);
    case 'TRUNCATE':
      return tableList(view, view.keyword(k + 1) === 'TABLE' ? k + 2 : k + 1, to, WRITTEN);
    case 'COPY':
      return tableList(view, k + 1, to, WRITTEN);
    default:
      return [];
  }
}

interface ListShape {
  readonly writes: boolean;
  /** FROM a, b: a comma continues the list. */
  readonly commaList: boolean;
  /** Where a query reads, `name(` is a table function; after INTO it is a column list. */
  readonly callIsFunction: boolean;
}
const READ_LIST: ListShape = { writes: false, commaList: true, callIsFunction: true };
const READ: ListShape = { writes: false, commaList: false, callIsFunction: true };
const WRITTEN: ListShape = { writes: true, commaList: false, callIsFunction: false };

/** One table reference, or a comma-separated list of them (FROM a, b). */
function tableList(view: TokenView, start: number, to: number, { writes, commaList, callIsFunction }: ListShape): TableUse[] {
  const uses: TableUse[] = [];
  let k = start;
  for (;;) {
    while (view.keyword(k) === 'ONLY' || view.keyword(k) === 'LATERAL') k++;
    const name = view.qualifiedName(k, to);
    if (!name || NOT_A_TABLE.has(view.keyword(k)) || (callIsFunction && view.isPunct(name.next, '('))) return uses;
    uses.push({ name, at: view.position(name.first), writes });
    if (!commaList) return uses;
    k = skipAlias(view, name.next, to);
    if (!view.isPunct(k, ',')) return uses;
    k++;
  }
}

/** Past `[AS] alias [(column aliases)]`, and `*` (Postgres `FROM t *`). */
function skipAlias(view: TokenView, k: number, to: number): number {
  if (view.isPunct(k, '*')) k++;
  if (view.keyword(k) === 'AS') k++;
  const kind = view.kind(k);
  if ((kind === TokenKind.Word && !NOT_AN_ALIAS.has(view.keyword(k))) || kind === TokenKind.Quoted) {
    k++;
    if (view.isPunct(k, '(')) k = view.closingParen(k, to) + 1;
  }
  return k;
}

function isFunctionParen(view: TokenView, open: number): boolean {
  const before = open - 1;
  const kind = view.kind(before);
  if (kind === TokenKind.Quoted) return true;
  return kind === TokenKind.Word && !NOT_A_FUNCTION.has(view.keyword(before));
}

/** `WITH name [(cols)] AS [NOT] [MATERIALIZED] (` and the `, name AS (` after it. */
function cteNames(view: TokenView, from: number, to: number): Set<string> {
  const names = new Set<string>();
  for (let k = from; k < to; k++) {
    if (view.keyword(k) !== 'AS') continue;
    let body = k + 1;
    while (view.keyword(body) === 'NOT' || view.keyword(body) === 'MATERIALIZED') body++;
    if (!view.isPunct(body, '(')) continue;
    let nameAt = k - 1;
    if (view.isPunct(nameAt, ')')) nameAt = openingParen(view, nameAt, from) - 1;
    const name = view.identifier(nameAt);
    const lead = view.keyword(nameAt - 1);
    if (name !== undefined && (lead === 'WITH' || lead === 'RECURSIVE' || view.isPunct(nameAt - 1, ','))) names.add(name);
  }
  return names;
}

function openingParen(view: TokenView, close: number, from: number): number {
  let depth = 0;
  for (let k = close; k >= from; k--) {
    if (view.isPunct(k, ')')) depth++;
    else if (view.isPunct(k, '(') && --depth === 0) return k;
  }
  return from;
}
