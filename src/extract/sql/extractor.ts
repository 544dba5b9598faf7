import type { TextExtractInput, TextExtractor } from '../extractor';
import type { FileFacts } from '../facts';
import { SqlFactsBuilder } from './builder';
import { innerTokens, linkRoutineCalls } from './calls';
import { createRoutine, createView } from './routines';
import { TokenView } from './statement';
import { alterTable, createTable } from './tables';
import { TokenKind, tokenizeSql } from './tokenizer';

/**
 * SQL of any common dialect (Postgres, MySQL, SQLite, T-SQL migrations): one pass of a
 * tokenizer that splits statements, then each CREATE/ALTER statement is read for
 * tables, columns, views and routines, and the links between them by table keys.
 * Statements that run code (SELECT, CALL, DML, DO blocks, triggers) are read for the
 * routines they call, from the file's module node. Other statements (GRANTs, SETs) cost
 * only their tokenization.
 */
export const sqlExtractor: TextExtractor = {
  extract({ source, path, language }: TextExtractInput): FileFacts {
    const tokens = tokenizeSql(source);
    const facts = new SqlFactsBuilder(new TokenView(tokens), path);
    for (let s = 0; s < tokens.statementCount; s++) {
      interpretStatement(facts, tokens.statementBounds[s * 2]!, tokens.statementBounds[s * 2 + 1]!);
    }
    return {
      path,
      language,
      symbols: facts.symbols,
      imports: [],
      calls: [],
      references: [],
      routes: [],
      links: facts.links,
      syntaxErrors: tokens.errors + facts.errors,
    };
  },
  parseOnly({ source }: TextExtractInput): number {
    const tokens = tokenizeSql(source);
    return tokens.count + tokens.statementCount;
  },
};

const OBJECT_WORDS = new Set([
  'TABLE', 'VIEW', 'FUNCTION', 'PROCEDURE', 'PROC', 'INDEX', 'TRIGGER', 'SEQUENCE', 'TYPE', 'SCHEMA', 'DATABASE',
  'EXTENSION', 'DOMAIN', 'ROLE', 'USER', 'POLICY', 'AGGREGATE', 'OPERATOR', 'RULE', 'EVENT', 'SYNONYM', 'SERVER',
]);
/** CREATE modifiers are at most a handful of tokens (`OR REPLACE`, `DEFINER = a@b`, `SQL SECURITY INVOKER`). */
const MAX_MODIFIER_TOKENS = 16;

/** Statements that invoke routines when a migration runs: their calls come from the file. */
const RUNNING_VERBS = new Set(['SELECT', 'WITH', 'CALL', 'EXEC', 'EXECUTE', 'PERFORM', 'INSERT', 'UPDATE', 'DELETE', 'MERGE', 'VALUES', 'REPLACE', 'DO']);
const FILE: { readonly form: 'local'; readonly name: string } = { form: 'local', name: '' };

function interpretStatement(facts: SqlFactsBuilder, first: number, end: number): void {
  const { view } = facts;
  const verb = view.keyword(first);
  if (RUNNING_VERBS.has(verb)) {
    topLevelCalls(facts, first, end);
    return;
  }
  if (verb !== 'CREATE' && verb !== 'ALTER') return;
  if (!view.balanced(first, end)) facts.errors++;
  if (verb === 'ALTER') {
    if (view.keyword(first + 1) === 'TABLE') alterTable(facts, first, end);
    return;
  }
  const object = createdObject(view, first, end);
  if (object?.word === 'TRIGGER') {
    // A trigger is not a node: the routine it executes is called from the file.
    linkRoutineCalls(facts, FILE, view, object.at + 1, end);
    return;
  }
  if (!object || !['TABLE', 'VIEW', 'FUNCTION', 'PROCEDURE', 'PROC'].includes(object.word)) return;
  let k = object.at + 1;
  if (view.keyword(k) === 'IF' && view.keyword(k + 1) === 'NOT' && view.keyword(k + 2) === 'EXISTS') k += 3;
  const name = view.qualifiedName(k, end);
  if (!name) {
    facts.errors++;
    return;
  }
  if (object.word === 'TABLE') createTable(facts, first, end, name);
  else if (object.word === 'VIEW') createView(facts, first, end, name);
  else createRoutine(facts, first, end, name);
}

/** A top-level statement, and the dollar-quoted body of a `DO` block, call from the file. */
function topLevelCalls(facts: SqlFactsBuilder, first: number, end: number): void {
  const { view } = facts;
  linkRoutineCalls(facts, FILE, view, first, end);
  if (view.keyword(first) !== 'DO') return;
  for (let k = first + 1; k < end; k++) {
    if (view.kind(k) !== TokenKind.Dollar && view.kind(k) !== TokenKind.String) continue;
    const body = innerTokens(view, k);
    linkRoutineCalls(facts, FILE, body, 0, body.tokens.count);
  }
}

function createdObject(view: TokenView, first: number, end: number): { word: string; at: number } | undefined {
  for (let k = first + 1; k < Math.min(end, first + MAX_MODIFIER_TOKENS); k++) {
    const word = view.keyword(k);
    if (OBJECT_WORDS.has(word)) return { word, at: k };
    if (word === 'AS' || view.isPunct(k, '(')) return undefined;
  }
  return undefined;
}
