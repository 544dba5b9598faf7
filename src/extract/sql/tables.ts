import type { LinkEnd } from '../facts';
import type { SqlFactsBuilder } from './builder';
import { tableUses } from './queries';
import { type QualifiedName, displayName, objectKeys } from './statement';

/**
 * CREATE TABLE (columns, inline REFERENCES, FOREIGN KEY constraints, CREATE TABLE AS) and
 * ALTER TABLE (ADD COLUMN, ADD [CONSTRAINT] FOREIGN KEY, and the table it alters).
 */

/** Words that start a table constraint rather than a column definition. */
const CONSTRAINT_STARTS = new Set([
  'CONSTRAINT', 'PRIMARY', 'FOREIGN', 'UNIQUE', 'CHECK', 'KEY', 'INDEX', 'FULLTEXT', 'SPATIAL', 'EXCLUDE', 'LIKE', 'PERIOD',
]);

export function createTable(facts: SqlFactsBuilder, first: number, end: number, name: QualifiedName): void {
  const { view } = facts;
  const tableName = displayName(name);
  facts.addSymbol({
    name: tableName, kind: 'table', nameToken: name.first, first, end, headerEnd: name.next,
    keys: objectKeys('sql:table', name),
  });
  const table: LinkEnd = { form: 'local', name: tableName };
  let rest = name.next;
  if (view.isPunct(rest, '(')) {
    const close = view.closingParen(rest, end);
    for (const [from, to] of view.splitOnCommas(rest + 1, close)) tableElement(facts, tableName, from, to);
    rest = close + 1;
  }
  // CREATE TABLE t AS SELECT ...: the new table is built from the tables it selects.
  for (let k = rest; k < end; k++) {
    if (view.keyword(k) !== 'AS') continue;
    for (const use of tableUses(view, k + 1, end)) facts.addLink('references', table, facts.keysEnd('sql:table', use.name), use.at);
    break;
  }
}

function tableElement(facts: SqlFactsBuilder, tableName: string, from: number, to: number): void {
  const { view } = facts;
  if (CONSTRAINT_STARTS.has(view.keyword(from))) {
    foreignKey(facts, { form: 'local', name: tableName }, tableName, from, to);
    return;
  }
  const column = view.identifier(from);
  if (column === undefined) return;
  const columnName = `${tableName}.${column}`;
  facts.addSymbol({ name: columnName, kind: 'column', nameToken: from, first: from, end: to, headerEnd: to });
  inlineReference(facts, { form: 'local', name: tableName }, columnName, from, to);
}

/** `col type ... REFERENCES other (id)`: from the table and from the column. */
function inlineReference(facts: SqlFactsBuilder, table: LinkEnd, columnName: string, from: number, to: number): void {
  const target = referencedTable(facts, from, to);
  if (!target) return;
  const referenced = facts.keysEnd('sql:table', target);
  const at = facts.view.position(target.first);
  facts.addLink('references', table, referenced, at);
  facts.addLink('references', { form: 'local', name: columnName }, referenced, at);
}

/**
 * `[CONSTRAINT c] FOREIGN KEY (a, b) REFERENCES other (x, y)`: from the table, and from
 * each listed column this file declares.
 */
function foreignKey(facts: SqlFactsBuilder, table: LinkEnd, tableName: string | undefined, from: number, to: number): void {
  const { view } = facts;
  let foreign = from;
  while (foreign < to && view.keyword(foreign) !== 'FOREIGN') foreign++;
  const target = foreign < to ? referencedTable(facts, foreign, to) : undefined;
  if (!target) return;
  const referenced = facts.keysEnd('sql:table', target);
  const at = view.position(target.first);
  facts.addLink('references', table, referenced, at);
  if (tableName === undefined) return;
  const open = foreign + 2;
  if (view.keyword(foreign + 1) !== 'KEY' || !view.isPunct(open, '(')) return;
  const close = view.closingParen(open, to);
  for (let k = open + 1; k < close; k++) {
    const column = view.identifier(k);
    const columnName = column === undefined ? '' : `${tableName}.${column}`;
    if (facts.hasSymbol(columnName)) facts.addLink('references', { form: 'local', name: columnName }, referenced, at);
  }
}

function referencedTable(facts: SqlFactsBuilder, from: number, to: number): QualifiedName | undefined {
  for (let k = from; k < to; k++) {
    if (facts.view.keyword(k) === 'REFERENCES') return facts.view.qualifiedName(k + 1, to);
  }
  return undefined;
}

/**
 * ALTER TABLE [ONLY] [IF EXISTS] t ...: the file depends on the table it alters (often
 * created by an earlier migration); added columns are declared here, and added foreign
 * keys reference from the altered table, found by its keys.
 */
export function alterTable(facts: SqlFactsBuilder, first: number, end: number): void {
  const { view } = facts;
  let k = first + 2;
  for (;;) {
    const word = view.keyword(k);
    if (word === 'ONLY') k++;
    else if (word === 'IF' && view.keyword(k + 1) === 'EXISTS') k += 2;
    else break;
  }
  const name = view.qualifiedName(k, end);
  if (!name) {
    facts.errors++;
    return;
  }
  const table = facts.keysEnd('sql:table', name);
  facts.addLink('depends_on', { form: 'local', name: '' }, table, view.position(name.first));
  for (const [from, to] of view.splitOnCommas(name.next, end)) alterAction(facts, table, displayName(name), from, to);
}

function alterAction(facts: SqlFactsBuilder, table: LinkEnd, tableName: string, from: number, to: number): void {
  const { view } = facts;
  if (view.keyword(from) !== 'ADD') return;
  let k = from + 1;
  const explicitColumn = view.keyword(k) === 'COLUMN';
  if (explicitColumn) k++;
  if (view.keyword(k) === 'IF' && view.keyword(k + 1) === 'NOT' && view.keyword(k + 2) === 'EXISTS') k += 3;
  if (!explicitColumn && CONSTRAINT_STARTS.has(view.keyword(k))) {
    foreignKey(facts, table, undefined, k, to);
    return;
  }
  const column = view.identifier(k);
  if (column === undefined) return;
  const columnName = `${tableName}.${column}`;
  facts.addSymbol({ name: columnName, kind: 'column', nameToken: k, first: k, end: to, headerEnd: to });
  inlineReference(facts, table, columnName, k, to);
}
