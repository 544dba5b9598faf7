import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ckg } from '../../helpers/builtCli';
import { runScipTypescript } from '../../helpers/scipIndexers';
import { makeTempDir, writeTree } from '../../helpers/tempDir';
import { type PostgresCluster, sharedPostgresCluster } from '../../support/postgresCluster';

/** A small TypeScript project whose call through a local only the checker resolves. */
const FILES: Record<string, string> = {
  'package.json': '{ "name": "shop", "version": "1.0.0" }\n',
  'tsconfig.json': '{ "compilerOptions": { "strict": true, "target": "es2020", "module": "commonjs" }, "include": ["src"] }\n',
  'src/repo.ts': 'export class Repo {\n  find(id: number): string {\n    return String(id);\n  }\n}\n\nexport function make(): Repo {\n  return new Repo();\n}\n',
  'src/app.ts': "import { make } from './repo';\n\nexport function run(): string {\n  const repo = make();\n  return repo.find(1);\n}\n",
};

/**
 * Every command that writes or reads a graph, against PostgreSQL, as a user runs them: the
 * ones builtCli.test.ts leaves out (enrich, ingest-scip, ingest-logs, call) after an index,
 * each exiting 0, writing what it says into the shared database, and never printing the password.
 */
describe('store/postgres: every graph command on a PostgreSQL graph (built CLI)', function () {
  this.timeout(300_000);
  let cluster: PostgresCluster;
  before(async () => {
    cluster = await sharedPostgresCluster();
  });

  it('indexes, enriches with tsserver, ingests a SCIP index and access logs, and answers calls', async () => {
    const url = await cluster.createDatabase();
    const root = fs.realpathSync(makeTempDir('ckg-pg-commands-'));
    writeTree(root, FILES);
    const runs = [ckg('index', root, '--repo-url', 'test/shop', '-db', url)];
    assert.equal(runs[0]!.status, 0, runs[0]!.stderr);

    runs.push(ckg('enrich', root, '--repo-url', 'test/shop', '-db', url));
    assert.equal(runs[1]!.status, 0, runs[1]!.stderr);
    assert.match(runs[1]!.stdout, /typescript calls: \d+\/\d+ answered/);

    const scip = runScipTypescript(root, path.join(makeTempDir('ckg-pg-scip-'), 'index.scip'));
    runs.push(ckg('ingest-scip', scip, '--repo-url', 'test/shop', '-db', url));
    assert.equal(runs[2]!.status, 0, runs[2]!.stderr);

    const log = path.join(makeTempDir('ckg-pg-logs-'), 'access.log');
    fs.writeFileSync(log, '{"time":"2026-01-01T10:00:02Z","method":"GET","path":"/health","status":200,"service":"shop","client_ip":"lb"}\n');
    runs.push(ckg('ingest-logs', log, '--service', 'shop', '-db', url));
    assert.equal(runs[3]!.status, 0, runs[3]!.stderr);
    assert.match(runs[3]!.stdout, /^ingested 1 log entries/);

    const found = ckg('call', 'graph_query', '{"prefix":"test/shop://src/repo.Repo.find"}', '-db', url);
    assert.equal(found.status, 0, found.stderr);
    const [find] = (JSON.parse(found.stdout) as { items: Array<{ NodeHash: string }> }).items;
    assert.ok(find, found.stdout);
    const blast = ckg('call', 'blast_radius', JSON.stringify({ target_hash: find.NodeHash }), '-db', url);
    assert.equal(blast.status, 0, blast.stderr);
    const callers = Object.values((JSON.parse(blast.stdout) as { ByRepo: Record<string, Array<{ Caller: { QualifiedName: string } }>> }).ByRepo).flat();
    assert.ok(callers.some((c) => c.Caller.QualifiedName === 'test/shop://src/app.run'), `repo.find(1) through a local reaches run: ${blast.stdout}`);

    runs.push(found, blast, ckg('stats', '-db', url), ckg('snapshots', '-db', url));
    for (const run of runs) {
      assert.equal(run.status, 0, run.stderr);
      assert.ok(!`${run.stdout}${run.stderr}`.includes(cluster.password), 'the password is never printed');
    }
  });
});
