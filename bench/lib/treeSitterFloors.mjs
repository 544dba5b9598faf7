// The tree-sitter floor for languages the engine reads with a hand-written parser: a
// tree-sitter parse plus one query pass over what the extractor captures, the floor the
// tree-sitter languages are held to. CSS/SCSS use the bundled CSS grammar; SQL and
// protobuf use grammars the bench builds itself (bench/build-grammar.sh).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { PACKAGE_ROOT } from './engine.mjs';

const CSS = {
  wasm: path.join(PACKAGE_ROOT, 'grammars', 'tree-sitter-css.wasm'),
  query: '(rule_set (selectors) @selectors) (declaration (property_name) @property) (call_expression (function_name) @function)',
  missing: 'run npm run build first',
};
const SQL = {
  wasm: path.join(PACKAGE_ROOT, 'bench', '.grammars', 'tree-sitter-sql.wasm'),
  query: [
    '(create_table (object_reference) @table)',
    '(create_view (object_reference) @view)',
    '(create_materialized_view (object_reference) @view)',
    '(create_function (object_reference) @function)',
    '(alter_table (object_reference) @altered)',
    '(column_definition name: (identifier) @column)',
    '(column_definition (object_reference) @referenced)',
    '(constraint (object_reference) @referenced)',
    '(relation (object_reference) @used)',
  ].join(' '),
  missing: 'build it with npm run bench:grammar -- sql',
};
const PROTO = {
  wasm: path.join(PACKAGE_ROOT, 'bench', '.grammars', 'tree-sitter-proto.wasm'),
  query: [
    '(import (string) @import)',
    '(message (message_name) @message)',
    '(enum (enum_name) @enum)',
    '(service (service_name) @service)',
    '(rpc (rpc_name) @rpc (message_or_enum_type) @type)',
    '(field (type) @type)',
    '(map_field (type) @type)',
    '(oneof_field (type) @type)',
  ].join(' '),
  missing: 'build it with npm run bench:grammar -- proto <clone of coder3101/tree-sitter-proto>',
};
const GRAMMARS = { css: CSS, scss: CSS, sql: SQL, proto: PROTO };

/**
 * (path, text) => captures, timing a tree-sitter parse and one query pass; undefined for
 * a language without one, or with `unavailable` saying how to get the grammar.
 */
export async function treeSitterFloor(language) {
  const grammar = GRAMMARS[language];
  if (!grammar) return undefined;
  if (!fs.existsSync(grammar.wasm)) return { unavailable: `${path.relative(PACKAGE_ROOT, grammar.wasm)} is missing: ${grammar.missing}` };
  const { Parser, Language, Query } = await import('web-tree-sitter');
  await Parser.init();
  const loaded = await Language.load(grammar.wasm);
  const parser = new Parser();
  parser.setLanguage(loaded);
  const query = new Query(loaded, grammar.query);
  return {
    run: async (_path, text) => {
      const tree = parser.parse(text);
      const captures = query.captures(tree.rootNode).length;
      tree.delete();
      return captures;
    },
  };
}
