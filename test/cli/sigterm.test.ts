import * as assert from 'node:assert/strict';
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { FIXTURE_REPOS } from '../helpers/indexFixture';
import { INITIALIZE, openPost } from '../helpers/rawHttp';
import { makeTempDir } from '../helpers/tempDir';
import { CLI, ckg, exited } from '../helpers/builtCli';

const BODY = JSON.stringify(INITIALIZE);

interface Running {
  readonly child: ChildProcessWithoutNullStreams;
  readonly url: string;
  /** Resolves once stderr matches. */
  said(pattern: RegExp): Promise<void>;
  stderr(): string;
}

/** Starts the built CLI and resolves once it prints its MCP address. */
function start(args: readonly string[], cwd: string): Promise<Running> {
  const child = spawn(process.execPath, [CLI, ...args], { cwd });
  let stderr = '';
  const said = (pattern: RegExp): Promise<void> => new Promise((resolve) => {
    const check = (): void => {
      if (!pattern.test(stderr)) return;
      child.stderr.off('data', check);
      resolve();
    };
    child.stderr.on('data', check);
    check();
  });
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  return new Promise((resolve, reject) => {
    child.stderr.on('data', () => {
      const url = /listening on (http:\/\/\S+\/mcp)/.exec(stderr)?.[1];
      if (url) resolve({ child, url, said, stderr: () => stderr });
    });
    child.once('exit', (code) => reject(new Error(`${args[0]} exited with ${code} before listening: ${stderr}`)));
  });
}

const pause = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 30));

const COMMANDS: ReadonlyArray<{ readonly name: string; readonly args: (db: string) => string[] }> = [
  { name: 'ckg mcp --http', args: (db) => ['mcp', '-db', db, '--http', '127.0.0.1:0'] },
  { name: 'ckg serve', args: (db) => ['serve', '-db', db, '--http', '127.0.0.1:0', '--otlp-grpc', '127.0.0.1:0', '--otlp-http', '127.0.0.1:0'] },
];

describe('SIGTERM while a request is arriving (built CLI)', function () {
  this.timeout(120_000);
  let db: string;

  before(() => {
    assert.ok(fs.existsSync(CLI), `${CLI} is missing: run npm run build first (npm test does)`);
    db = path.join(makeTempDir(), 'graph.sqlite');
    const indexed = ckg('index', path.join(FIXTURE_REPOS, 'go-basic'), '--repo-url', 'fixtures/go-basic', '-db', db);
    assert.equal(indexed.status, 0, indexed.stderr);
  });

  for (const command of COMMANDS) {
    it(`${command.name} finishes the request whose body is still arriving, then exits 0`, async () => {
      const server = await start(command.args(db), path.dirname(db));
      try {
        const { request, inFlight, reply } = openPost(server.url, { 'Content-Length': BODY.length });
        await inFlight;
        request.write(BODY.slice(0, 20));
        server.child.kill('SIGTERM');
        await server.said(/shutting down/);
        // The rest arrives slowly, in pieces, after the signal.
        for (let at = 20; at < BODY.length; at += 40) {
          await pause();
          request.write(BODY.slice(at, at + 40));
        }
        request.end();
        const answer = await reply;
        assert.equal(answer.status, 200, answer.text);
        assert.equal(answer.headers.connection, 'close');
        assert.equal(JSON.parse(answer.text).result.serverInfo.name, 'code-knowledge-graph', 'a complete reply');
        assert.equal(await exited(server.child), 0, server.stderr());
        assert.doesNotMatch(server.stderr(), /Error|at .*\.js:\d+/, 'no crash, no stack');
      } finally {
        if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
      }
    });
  }

  it('ckg mcp --http exits 0 when the client gives up on its request after SIGTERM', async () => {
    const server = await start(COMMANDS[0].args(db), path.dirname(db));
    try {
      const { request, inFlight } = openPost(server.url, { 'Content-Length': BODY.length });
      await inFlight;
      request.write(BODY.slice(0, 20));
      server.child.kill('SIGTERM');
      await server.said(/shutting down/);
      request.destroy();
      assert.equal(await exited(server.child), 0, server.stderr());
      assert.doesNotMatch(server.stderr(), /Error|at .*\.js:\d+/);
    } finally {
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    }
  });
});
