import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from '../../src/cli/args';
import { chooseDb } from '../../src/cli/dbLocation';
import { chosenLocations } from '../../src/cli/shownSecrets';
import { parseConfig } from '../../src/runtime/config';
import { withoutPassword } from '../../src/store/postgres/redact';
import { makeTempDir } from '../helpers/tempDir';

describe('cli/dbLocation: where a command finds its graph', () => {
  let dir: string;
  let config: string;
  before(() => {
    dir = makeTempDir();
    config = path.join(dir, 'team.yaml');
    fs.writeFileSync(config, 'database: postgres://ckg@db.internal/graph\n');
  });
  const args = (...argv: string[]) => parseArgs(argv, ['db', 'config']);

  it('takes -db first, then CKG_DB, then the config file\'s database key', () => {
    const env = { CKG_DB: 'postgres://ckg:secret@env.host/graph' };
    assert.deepEqual(chooseDb(args('-db', 'flag.sqlite', '--config', config), env), { location: 'flag.sqlite', source: '-db' });
    assert.deepEqual(chooseDb(args('--config', config), env), { location: env.CKG_DB, source: 'CKG_DB' });
    assert.deepEqual(chooseDb(args('--config', config), {}), { location: 'postgres://ckg@db.internal/graph', source: 'config' });
    assert.deepEqual(chooseDb(args('--config', config), { CKG_DB: '  ' }), { location: 'postgres://ckg@db.internal/graph', source: 'config' }, 'a blank CKG_DB names nothing');
    assert.ok(chosenLocations().includes(env.CKG_DB), 'the CLI masks the chosen location in errors');
  });

  it('keeps the old usage error, naming the other sources, when none names a graph', () => {
    const empty = makeTempDir();
    const cwd = process.cwd();
    process.chdir(empty);
    try {
      assert.throws(() => chooseDb(args(), {}), /: -db <db_path> is required \(or set CKG_DB, or database: in ckg\.config\.yaml\)$/);
    } finally {
      process.chdir(cwd);
    }
  });

  it('reads a graph file in the config relative to the config file, and refuses a database that is not text', () => {
    assert.equal(parseConfig('database: graphs/team.sqlite\n', path.join(dir, 'ckg.config.yaml')).database, path.join(dir, 'graphs', 'team.sqlite'));
    assert.equal(parseConfig('database: /abs/g.sqlite\n', 'x.yaml').database, '/abs/g.sqlite');
    assert.equal(parseConfig('', 'x.yaml').database, undefined);
    assert.throws(() => parseConfig('database: 42\n', 'x.yaml'), /x\.yaml: database: expected a graph file path or a postgres:\/\/ URL/);
  });

  it('leaves the password out of a URL written for others to read', () => {
    assert.equal(withoutPassword('postgres://ckg:s3cr%40t@h:5432/g?sslmode=require'), 'postgres://ckg@h:5432/g?sslmode=require');
    assert.equal(withoutPassword('postgresql://h/g?password=x&sslmode=require'), 'postgresql://h/g?sslmode=require');
    assert.equal(withoutPassword('postgres://h/g?sslmode=require&password=x'), 'postgres://h/g?sslmode=require');
    assert.equal(withoutPassword('postgres://ckg@h/g'), 'postgres://ckg@h/g');
  });
});
