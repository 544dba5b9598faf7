import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { withoutPassword } from '../../../src/store/postgres/redact';
import { CLI, ROOT } from '../../helpers/builtCli';
import { makeTempDir } from '../../helpers/tempDir';
import { type PostgresCluster, sharedPostgresCluster } from '../../support/postgresCluster';

const REPO = path.join(ROOT, 'test', 'fixtures', 'repos', 'ts-basic');

/** The built ckg in `cwd` with `env` on top of this process's (CKG_DB and PGPASSWORD left out unless given). */
function ckgIn(cwd: string, env: Record<string, string>, ...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const base = { ...process.env };
  delete base.CKG_DB;
  delete base.PGPASSWORD;
  const result = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', env: { ...base, ...env } });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Where the built ckg finds a PostgreSQL graph: -db, CKG_DB, the config's database key. */
describe('store/postgres: the graph named by CKG_DB or the config file (built ckg)', function () {
  this.timeout(180_000);
  let cluster: PostgresCluster;
  before(async () => {
    cluster = await sharedPostgresCluster();
  });

  it('indexes and reads a server graph named by CKG_DB, by ckg.config.yaml with PGPASSWORD, and lets -db win over both', async () => {
    const [fromEnv, fromConfig] = [await cluster.createDatabase(), await cluster.createDatabase()];
    const dir = makeTempDir();
    fs.writeFileSync(path.join(dir, 'ckg.config.yaml'), `database: ${withoutPassword(fromConfig)}\n`);
    const indexed = ckgIn(dir, { CKG_DB: fromEnv }, 'index', REPO, '--repo-url', 'fixtures/ts-basic');
    assert.equal(indexed.status, 0, indexed.stderr);
    assert.match(ckgIn(dir, { CKG_DB: fromEnv }, 'stats').stdout, /^repos {5}1$/m);
    // CKG_DB unset: the config's URL, its password from the environment as psql takes it.
    const configured = ckgIn(dir, { PGPASSWORD: cluster.password }, 'stats');
    assert.equal(configured.status, 0, configured.stderr);
    assert.match(configured.stdout, /^repos {5}0$/m, 'a second, empty graph');
    assert.match(configured.stdout, new RegExp(`^db {8}${withoutPassword(fromConfig).replace(/[.?*+^$()[\]{}|\\/]/g, '\\$&')}$`, 'm'));
    const flagged = ckgIn(dir, { CKG_DB: fromConfig }, 'stats', '-db', fromEnv);
    assert.match(flagged.stdout, /^repos {5}1$/m, '-db first');
    const unreachable = ckgIn(dir, { CKG_DB: fromEnv.replace(/:\d+\//, ':1/') }, 'stats');
    assert.equal(unreachable.status, 3, unreachable.stderr);
    assert.ok(!`${indexed.stderr}${configured.stderr}${unreachable.stderr}`.includes(cluster.password), 'no password printed');
  });

  it('writes an MCP client configuration without the password, and says how to give it', async () => {
    const url = await cluster.createDatabase();
    const dir = makeTempDir();
    const printed = ckgIn(dir, { CKG_DB: url }, 'mcp-config', '--client', 'vscode');
    assert.equal(printed.status, 0, printed.stderr);
    const entry = JSON.parse(printed.stdout).servers['code-graph'];
    assert.deepEqual(entry.args.slice(-3), ['mcp', '-db', withoutPassword(url)]);
    assert.ok(!printed.stdout.includes(cluster.password));
    assert.match(printed.stderr, /without its password; give the server its password through PGPASSWORD .* or a ~\/\.pgpass line/);
    assert.ok(!printed.stderr.includes(cluster.password));
    const written = ckgIn(dir, { CKG_DB: url }, 'mcp-config', '--client', 'cursor', '--write');
    assert.equal(written.status, 0, written.stderr);
    assert.ok(!fs.readFileSync(path.join(dir, '.cursor', 'mcp.json'), 'utf8').includes(cluster.password));
  });
});
