import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { databaseOfSetting } from '../../src/extension/databaseSetting';
import { ROOT } from '../helpers/builtCli';

describe('extension/databaseSetting: codeKnowledgeGraph.database', () => {
  it('starts the server on the workspace\'s own graph when empty', () => {
    for (const value of [undefined, null, '', '   ']) assert.deepEqual(databaseOfSetting(value), {});
  });

  it('hands a postgres URL without a password to the server', () => {
    assert.deepEqual(databaseOfSetting(' postgres://ckg@db.internal:5432/graph '), { database: 'postgres://ckg@db.internal:5432/graph' });
    assert.deepEqual(databaseOfSetting('postgresql://db/graph?sslmode=require'), { database: 'postgresql://db/graph?sslmode=require' });
  });

  it('refuses a password in settings, and anything that is not a postgres URL, saying what to do', () => {
    for (const url of ['postgres://ckg:s3cret@db/graph', 'postgres://db/graph?password=s3cret']) {
      const choice = databaseOfSetting(url);
      assert.equal(choice.database, undefined);
      assert.match(choice.problem ?? '', /codeKnowledgeGraph\.database: the URL carries a password.*PGPASSWORD or a ~\/\.pgpass line/);
      assert.ok(!choice.problem!.includes('s3cret'));
    }
    assert.match(databaseOfSetting('/home/me/graph.sqlite').problem ?? '', /expected a postgres:\/\/user@host:port\/database URL/);
    assert.match(databaseOfSetting(42).problem ?? '', /expected a postgres:\/\//);
  });

  it('is contributed as a machine-overridable string setting', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    const setting = manifest.contributes.configuration.properties?.['codeKnowledgeGraph.database']
      ?? [manifest.contributes.configuration].flat().map((c: { properties: Record<string, unknown> }) => c.properties['codeKnowledgeGraph.database']).find(Boolean);
    assert.deepEqual([setting.type, setting.default, setting.scope], ['string', '', 'machine-overridable']);
  });
});
