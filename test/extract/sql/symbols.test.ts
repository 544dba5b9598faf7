import * as assert from 'node:assert/strict';
import { linkRepo } from '../../helpers/linkRepo';
import { extractSql, linkSummary, sql } from './helpers';

describe('extract/sql tables, columns, views and routines', () => {
  it('declares tables and columns at their name tokens, with keys and doc comments', async () => {
    const facts = await extractSql(sql(
      '-- People who sign in.',
      'CREATE TABLE IF NOT EXISTS Public.Users (',
      '  id serial PRIMARY KEY,',
      '  "Email" text NOT NULL',
      ');',
    ));
    assert.deepEqual(
      facts.symbols.map(({ name, kind, line, col, endLine, keys }) => ({ name, kind, line, col, endLine, keys })),
      [
        { name: 'public.users', kind: 'table', line: 2, col: 27, endLine: 5, keys: ['sql:table:users', 'sql:table:public.users', 'sql:dir:migrations'] },
        { name: 'public.users.id', kind: 'column', line: 3, col: 2, endLine: 3, keys: undefined },
        { name: 'public.users.Email', kind: 'column', line: 4, col: 2, endLine: 4, keys: undefined },
      ],
    );
    assert.equal(facts.symbols[0]!.doc, 'People who sign in.');
    assert.equal(facts.symbols[0]!.signature, 'CREATE TABLE IF NOT EXISTS Public.Users');
    assert.equal(facts.symbols[2]!.signature, '"Email" text NOT NULL');
    assert.equal(facts.syntaxErrors, 0);
  });

  it('links foreign keys from the table and the column to the referenced table', async () => {
    const facts = await extractSql(sql(
      'CREATE TABLE orders (',
      '  user_id int REFERENCES users (id),',
      '  parent_id int,',
      '  CONSTRAINT fk FOREIGN KEY (parent_id) REFERENCES shop.orders (id)',
      ');',
    ));
    assert.deepEqual(facts.links!.map(linkSummary), [
      'references orders -> sql:table:users+sql:dir:migrations | sql:table:users @2:25',
      'references orders.user_id -> sql:table:users+sql:dir:migrations | sql:table:users @2:25',
      'references orders -> sql:table:shop.orders+sql:dir:migrations | sql:table:orders+sql:dir:migrations | sql:table:shop.orders | sql:table:orders @4:51',
      'references orders.parent_id -> sql:table:shop.orders+sql:dir:migrations | sql:table:orders+sql:dir:migrations | sql:table:shop.orders | sql:table:orders @4:51',
    ]);
  });

  it('reads ALTER TABLE: the file depends on the table, added columns and keys', async () => {
    const facts = await extractSql(sql(
      'ALTER TABLE ONLY orders',
      '  ADD COLUMN coupon text REFERENCES coupons (code),',
      '  ADD CONSTRAINT fk_user FOREIGN KEY (user_id) REFERENCES users (id),',
      '  DROP COLUMN legacy;',
    ));
    assert.deepEqual(facts.symbols.map((s) => [s.name, s.kind, s.line, s.col]), [['orders.coupon', 'column', 2, 13]]);
    assert.deepEqual(facts.links!.map(linkSummary), [
      'depends_on <file> -> sql:table:orders+sql:dir:migrations | sql:table:orders @1:17',
      'references sql:table:orders+sql:dir:migrations -> sql:table:coupons+sql:dir:migrations | sql:table:coupons @2:36',
      'references orders.coupon -> sql:table:coupons+sql:dir:migrations | sql:table:coupons @2:36',
      'references sql:table:orders+sql:dir:migrations -> sql:table:users+sql:dir:migrations | sql:table:users @3:58',
    ]);
  });

  it('links a view to what it selects from, skipping CTEs, subqueries and FROM inside calls', async () => {
    const facts = await extractSql(sql(
      'CREATE OR REPLACE VIEW report (id, total) AS',
      'WITH recent AS (SELECT * FROM orders)',
      'SELECT r.id, EXTRACT(YEAR FROM r.at), (SELECT max(x) FROM stats s)',
      'FROM recent r, lines l JOIN "Users" u ON u.id = r.user_id',
      'LEFT JOIN generate_series(1, 3) g ON true',
      'WHERE r.a IS DISTINCT FROM l.b;',
    ));
    assert.deepEqual(facts.symbols.map((s) => [s.name, s.kind, s.keys]), [['report', 'view', ['sql:table:report', 'sql:view:report', 'sql:dir:migrations']]]);
    assert.deepEqual(facts.links!.filter((l) => l.edgeType === 'references').map(linkSummary), [
      'references report -> sql:table:orders+sql:dir:migrations | sql:table:orders @2:30',
      'references report -> sql:table:stats+sql:dir:migrations | sql:table:stats @3:58',
      'references report -> sql:table:lines+sql:dir:migrations | sql:table:lines @4:15',
      'references report -> sql:table:users+sql:dir:migrations | sql:table:users @4:28',
    ]);
    assert.deepEqual(facts.links!.filter((l) => l.edgeType === 'depends_on').map(linkSummary)[0], 'depends_on report -> sql:view:orders+sql:dir:migrations | sql:view:orders @2:30');
  });

  it('links a PL/pgSQL function to the tables its dollar-quoted body reads and writes', async () => {
    const facts = await extractSql(sql(
      'CREATE FUNCTION archive(cutoff date) RETURNS void LANGUAGE plpgsql AS $body$',
      'BEGIN',
      '  INSERT INTO archive_rows SELECT * FROM events WHERE at < cutoff;',
      '  DELETE FROM events WHERE at < cutoff;',
      '  UPDATE stats SET n = n + 1;',
      '  SELECT count(*) INTO n FROM events FOR UPDATE;',
      'END $body$;',
    ));
    assert.deepEqual(facts.symbols.map((s) => [s.name, s.kind, s.line, s.col, s.endLine, s.signature, s.keys]), [
      ['archive', 'function', 1, 16, 7, 'CREATE FUNCTION archive(cutoff date) RETURNS void LANGUAGE plpgsql', ['sql:function:archive', 'sql:dir:migrations']],
    ]);
    assert.deepEqual(facts.links!.map(linkSummary), [
      'depends_on archive -> sql:table:archive_rows+sql:dir:migrations | sql:table:archive_rows @3:14',
      'depends_on archive -> sql:table:events+sql:dir:migrations | sql:table:events @3:41',
      'depends_on archive -> sql:table:stats+sql:dir:migrations | sql:table:stats @5:9',
    ]);
  });

  it('reads MySQL procedures between DELIMITER lines and T-SQL batches split by GO', async () => {
    const facts = await extractSql(sql(
      'DELIMITER //',
      'CREATE DEFINER=`root`@`%` PROCEDURE `log_it`(IN p INT)',
      'BEGIN',
      '  IF p > 0 THEN INSERT INTO `audit` (`p`) VALUES (p); END IF;',
      'END //',
      'DELIMITER ;',
      'CREATE TABLE [dbo].[Items] ([Id] INT NOT NULL);',
      'GO',
      'CREATE PROCEDURE dbo.list_items AS BEGIN SELECT * FROM dbo.Items; END',
      'GO',
    ));
    assert.deepEqual(facts.symbols.map((s) => [s.name, s.kind, s.line]), [
      ['log_it', 'function', 2], ['dbo.Items', 'table', 7], ['dbo.Items.Id', 'column', 7], ['dbo.list_items', 'function', 9],
    ]);
    assert.deepEqual(facts.links!.map(linkSummary), [
      'depends_on log_it -> sql:table:audit+sql:dir:migrations | sql:table:audit @4:28',
      'depends_on dbo.list_items -> sql:table:dbo.items+sql:dir:migrations | sql:table:items+sql:dir:migrations | sql:table:dbo.items | sql:table:items @9:55',
    ]);
    assert.equal(facts.syntaxErrors, 0);
  });
});

describe('extract/sql with one schema per dialect', () => {
  it('links a foreign key to the table of its own directory before any other', async () => {
    const files = await Promise.all(['db/mysql/schema.sql', 'db/postgres/schema.sql'].map(async (path) => {
      const extracted = await extractSql(sql('CREATE TABLE types (id int);', 'CREATE TABLE pets (type_id int REFERENCES types (id));'), path);
      return extracted;
    }));
    const { edges } = linkRepo(files);
    assert.deepEqual(edges.filter((e) => e.startsWith('references db/mysql/schema.sql.pets ->')), [
      'references db/mysql/schema.sql.pets -> db/mysql/schema.sql.types',
    ]);
  });
});
