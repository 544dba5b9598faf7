import * as assert from 'node:assert/strict';
import { HEAVY_TEST_TIMEOUT_MS } from '../../helpers/extractSource';
import { fuzzExtractor } from '../../helpers/fuzz';
import { TokenView } from '../../../src/extract/sql/statement';
import { extractSql, sql } from './helpers';

const SAMPLE = sql(
  '-- users',
  'CREATE TABLE users (id bigserial PRIMARY KEY, email text NOT NULL DEFAULT \'a;b\');',
  'CREATE TABLE orders (id int, user_id int REFERENCES users(id), CONSTRAINT fk FOREIGN KEY (id) REFERENCES "Other"."T" (id));',
  'ALTER TABLE orders ADD COLUMN note text, ADD CONSTRAINT c FOREIGN KEY (x) REFERENCES `m`.`n` (id);',
  '/* nested /* block */ comment */',
  'CREATE VIEW v AS WITH c AS (SELECT 1) SELECT * FROM c, orders o JOIN [dbo].[users] u ON u.id = o.user_id;',
  'CREATE FUNCTION f() RETURNS int AS $$ BEGIN RETURN (SELECT count(*) FROM orders); END $$ LANGUAGE plpgsql;',
  'DELIMITER $$',
  'CREATE PROCEDURE p() BEGIN UPDATE users SET email = \'x\\\'y\'; END$$',
  'DELIMITER ;',
  'INSERT INTO users VALUES (1, E\'it\\\'s\'), (2, \'a\'\'b\');',
);

describe('extract/sql nasty input', () => {
  it('counts a broken statement and keeps the statements around it', async () => {
    const facts = await extractSql(sql(
      'CREATE TABLE a (id int);',
      'CREATE TABLE b (',
      '  id int REFERENCES a (id),',
      '  broken',
      ';',
      'CREATE VIEW c AS SELECT * FROM b;',
    ));
    assert.equal(facts.syntaxErrors, 1);
    assert.deepEqual(facts.symbols.map((s) => s.name), ['a', 'a.id', 'b', 'b.id', 'b.broken', 'c']);
    assert.equal(facts.links!.filter((l) => l.from.form === 'local' && l.from.name === 'c').length, 2);
  });

  it('survives unterminated strings, quoted names, dollar bodies and comments', async () => {
    for (const source of ["CREATE TABLE t (a text DEFAULT 'never closed);\nCREATE TABLE u (id int);", 'CREATE TABLE "t (id int);', 'CREATE FUNCTION f() AS $$ SELECT 1', 'SELECT 1; /* never closed']) {
      const facts = await extractSql(source);
      assert.ok(facts.syntaxErrors > 0, source);
    }
    const after = await extractSql("CREATE TABLE t (a text DEFAULT 'never closed);\nCREATE TABLE u (id int);");
    assert.ok(after.symbols.some((s) => s.name === 'u'));
  });

  it('returns empty facts for an empty file', async () => {
    const facts = await extractSql('');
    assert.deepEqual([facts.symbols, facts.links, facts.syntaxErrors], [[], [], 0]);
  });

  it('survives random bytes', async () => {
    let seed = 5;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const garbage = Array.from({ length: 50_000 }, () => String.fromCharCode(Math.floor(random() * 0xd7ff))).join('');
    const facts = await extractSql(garbage);
    assert.ok(Number.isInteger(facts.syntaxErrors));
  });

  it('reads nested queries in work linear in their depth: twice the nesting, about twice the token reads', async () => {
    // `SELECT (SELECT (…` once asked for each `(`'s closing paren by scanning to the end of the file.
    const reads = async (depth: number): Promise<number> => {
      let count = 0;
      const { kind, isPunct } = TokenView.prototype;
      TokenView.prototype.kind = function (this: TokenView, i: number) { count++; return kind.call(this, i); };
      TokenView.prototype.isPunct = function (this: TokenView, i: number, char: string) { count++; return isPunct.call(this, i, char); };
      try {
        await extractSql(`CREATE VIEW v AS ${'SELECT f('.repeat(depth)}`);
      } finally {
        Object.assign(TokenView.prototype, { kind, isPunct });
      }
      return count;
    };
    const [single, double] = [await reads(2000), await reads(4000)];
    assert.ok(double < 3 * single, `${single} reads at depth 2000, ${double} at 4000`);
  });

  it('reads a 2 MB INSERT dump and finds the table after it', async () => {
    const rows: string[] = [];
    let length = 0;
    for (let i = 0; length < 2_000_000; i++) {
      const row = `INSERT INTO events VALUES (${i}, 'name ''${i}''', NULL, 3.14);\n`;
      rows.push(row);
      length += row.length;
    }
    rows.push('CREATE TABLE after_dump (id int);\n');
    const facts = await extractSql(rows.join(''), 'dumps/events.sql');
    assert.deepEqual(facts.symbols.map((s) => s.name), ['after_dump', 'after_dump.id']);
    assert.equal(facts.symbols[0]!.line, rows.length);
  }).timeout(HEAVY_TEST_TIMEOUT_MS);

  it('never throws on mutated SQL (fuzz)', async () => {
    await fuzzExtractor('migrations/fuzz.sql', [SAMPLE], 3000, 777);
  });
});
