import * as assert from 'node:assert/strict';
import { linkRepo } from '../../helpers/linkRepo';
import { extractSql, linkSummary, sql } from './helpers';

/** The `calls` links only, as `from -> first key @line:col`. */
async function callsOf(source: string): Promise<string[]> {
  const facts = await extractSql(source);
  return facts.links!.filter((l) => l.edgeType === 'calls').map((l) => linkSummary(l).replace(/\+sql:dir:migrations \| [^@]*/, ' '));
}

describe('extract/sql calls', () => {
  it('calls from a PL/pgSQL body: expressions, PERFORM, CALL, schema-qualified names', async () => {
    assert.deepEqual(await callsOf(sql(
      'CREATE FUNCTION settle(id int) RETURNS int LANGUAGE plpgsql AS $$',
      'DECLARE total numeric(10,2);',
      'BEGIN',
      '  PERFORM audit.log_event(id);',
      '  total := order_total(id) + count(*) + coalesce(lower(note), 0);',
      '  CALL refresh_stats();',
      '  RETURN pg_catalog.now();',
      'END $$;',
    )), [
      'calls settle -> sql:function:audit.log_event @4:10',
      'calls settle -> sql:function:order_total @5:11',
      'calls settle -> sql:function:refresh_stats @6:7',
    ]);
  });

  it('keeps every call site, in a quoted SQL body too', async () => {
    assert.deepEqual(await callsOf(sql(
      "CREATE FUNCTION twice(x int) RETURNS int LANGUAGE sql AS 'SELECT half(x) + half(x)';",
    )), [
      'calls twice -> sql:function:half @1:65',
      'calls twice -> sql:function:half @1:75',
    ]);
  });

  it('skips column lists, CTE columns, table functions after INTO and declarations', async () => {
    assert.deepEqual(await callsOf(sql(
      'CREATE FUNCTION f() RETURNS void LANGUAGE plpgsql AS $$ BEGIN',
      '  INSERT INTO t (a) VALUES (g(1));',
      '  WITH w (a) AS (SELECT 1) SELECT * FROM w, series_of(3) AS s(n);',
      '  CREATE TABLE tmp (id int); EXECUTE format($q$SELECT 1$q$); EXECUTE prepared_plan(1);',
      'END $$;',
    )), [
      'calls f -> sql:function:g @2:28',
      'calls f -> sql:function:series_of @3:44',
    ]);
  });

  it('reads no calls from a body in another language', async () => {
    assert.deepEqual(await callsOf(sql("CREATE FUNCTION py() RETURNS int LANGUAGE plpython3u AS $$ return helper(1) $$;")), []);
  });

  it('calls from a view, and from the file for triggers, DO blocks and top-level statements', async () => {
    assert.deepEqual(await callsOf(sql(
      'CREATE VIEW priced AS SELECT price_of(id) AS p FROM items;',
      'CREATE TRIGGER stamp BEFORE UPDATE ON items FOR EACH ROW EXECUTE FUNCTION touch_row();',
      'SELECT seed_items();',
      'DO $$ BEGIN PERFORM backfill(); END $$;',
      'DROP FUNCTION price_of(int); GRANT EXECUTE ON FUNCTION touch_row() TO app;',
    )), [
      'calls priced -> sql:function:price_of @1:29',
      'calls <file> -> sql:function:touch_row @2:74',
      'calls <file> -> sql:function:seed_items @3:7',
      'calls <file> -> sql:function:backfill @4:20',
    ]);
  });

  it('reads MySQL CALL without parentheses and T-SQL EXEC', async () => {
    assert.deepEqual(await callsOf(sql(
      'DELIMITER //',
      'CREATE PROCEDURE nightly() BEGIN CALL purge_old; END //',
      'DELIMITER ;',
      'EXEC dbo.rebuild @full = 1;',
      'EXEC @rc = check_all;',
    )), [
      'calls nightly -> sql:function:purge_old @2:38',
      'calls <file> -> sql:function:dbo.rebuild @4:5',
      'calls <file> -> sql:function:check_all @5:11',
    ]);
  });
});

describe('extract/sql calls linked across files', () => {
  it('links to the routine the repo declares, nearby first, and makes no edge to an undeclared one', async () => {
    const files = await Promise.all([
      extractSql(sql('CREATE FUNCTION slug(t text) RETURNS text LANGUAGE sql AS $$ SELECT lower(t) $$;'), 'db/mysql/fns.sql'),
      extractSql(sql('CREATE FUNCTION slug(t text) RETURNS text LANGUAGE sql AS $$ SELECT lower(t) $$;'), 'db/postgres/fns.sql'),
      extractSql(sql('CREATE VIEW slugs AS SELECT slug(name), unknown_ext(name), lower(name) FROM pets;'), 'db/postgres/views.sql'),
      extractSql(sql('SELECT slug(name) FROM pets;'), 'seed.sql'),
    ]);
    const { edges } = linkRepo(files);
    assert.deepEqual(edges.filter((e) => e.startsWith('calls')).sort(), [
      'calls db/postgres/views.sql.slugs -> db/postgres/fns.sql.slug',
      'calls seed.sql -> db/mysql/fns.sql.slug',
      'calls seed.sql -> db/postgres/fns.sql.slug',
    ]);
  });
});
