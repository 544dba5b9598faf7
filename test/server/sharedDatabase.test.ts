import * as assert from 'node:assert/strict';
import { type ChildProcess, fork } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { IPCMessageReader, IPCMessageWriter, createProtocolConnection } from 'vscode-languageserver-protocol/node';
import { GRAPH_FILE } from '../../src/server/graphService';
import { type GraphStatus, type InitializationOptions, Methods } from '../../src/server/protocol';
import { withoutPassword } from '../../src/store/postgres/redact';
import { ROOT, ckg, exited } from '../helpers/builtCli';
import { eventually, gitRepo } from '../helpers/gitRepo';
import { defaultSettings } from '../helpers/serverSettings';
import { makeTempDir } from '../helpers/tempDir';
import { type PostgresCluster, sharedPostgresCluster } from '../support/postgresCluster';

const SERVER = path.join(ROOT, 'dist', 'server.js');
const FIXTURE = path.join(ROOT, 'test', 'fixtures', 'workspaces', 'ts-app');

/**
 * The graph server as the extension starts it with `codeKnowledgeGraph.database` set: the
 * URL (no password) in its initialization options, the password in its environment.
 */
describe('server: the graph server on a shared PostgreSQL graph (codeKnowledgeGraph.database)', function () {
  this.timeout(180_000);
  let cluster: PostgresCluster;
  let child: ChildProcess | undefined;
  before(async () => {
    assert.ok(fs.existsSync(SERVER), `${SERVER} is missing: run npm run build first`);
    cluster = await sharedPostgresCluster();
  });
  after(() => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
  });

  it('indexes the workspace into the database, takes the password from PGPASSWORD, and leaves the graph lock free between writes', async () => {
    const url = await cluster.createDatabase();
    const files: Record<string, string> = {};
    for (const file of ['package.json', 'tsconfig.json', 'src/main.ts', 'src/routes.ts', 'src/service.ts', 'src/util.ts']) {
      files[file] = fs.readFileSync(path.join(FIXTURE, file), 'utf8');
    }
    const root = gitRepo(files);
    const storagePath = makeTempDir('ckg-storage-');
    child = fork(SERVER, ['--node-ipc'], { stdio: ['ignore', 'pipe', 'pipe', 'ipc'], env: { ...process.env, PGPASSWORD: cluster.password } });
    const connection = createProtocolConnection(new IPCMessageReader(child), new IPCMessageWriter(child));
    const statuses: GraphStatus[] = [];
    const logs: string[] = [];
    connection.onRequest('window/workDoneProgress/create', () => null);
    connection.onNotification('window/logMessage', (m: { message: string }) => void logs.push(m.message));
    connection.onNotification(Methods.statusChanged, (status: GraphStatus) => void statuses.push(status));
    connection.onRequest(Methods.locations, (params: { queries: unknown[] }) => params.queries.map(() => null));
    connection.listen();
    const options: InitializationOptions = {
      storagePath, folders: [{ name: 'ts-app', path: root }], settings: defaultSettings({ enrichment: { enabled: false, timeoutMs: 5000, batchSize: 50 } }),
      database: withoutPassword(url),
    };
    await connection.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {}, initializationOptions: options });
    await connection.sendNotification('initialized', {});
    const ready = await eventually('a ready status', () => statuses.find((s) => s.state === 'ready'), 120_000);
    assert.equal(ready.repos[0].files, 4, logs.join('\n'));
    assert.ok(!fs.existsSync(path.join(storagePath, GRAPH_FILE)), 'no graph file of its own');
    const stats = ckg('stats', '-db', url);
    assert.match(stats.stdout, /^repos {5}1$/m, stats.stderr);
    assert.match(stats.stdout, /^files {5}4$/m);
    // While the server runs, another writer of the same graph is not held off.
    const other = ckg('index', path.join(ROOT, 'test', 'fixtures', 'repos', 'ts-basic'), '--repo-url', 'fixtures/ts-basic', '-db', url, '--no-wait');
    assert.equal(other.status, 0, other.stderr);
    assert.ok(!logs.join('\n').includes(cluster.password));
    await connection.sendRequest('shutdown');
    await connection.sendNotification('exit');
    assert.equal(await exited(child), 0);
    connection.dispose();
  });
});
