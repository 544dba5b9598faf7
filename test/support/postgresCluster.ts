import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from 'pg';
import { postgresBinDir } from './postgresBinaries';

/**
 * A throwaway PostgreSQL cluster for the tests: initdb in a temporary folder, the server
 * on a free port of 127.0.0.1 (its unix socket in the same folder), run as a non-root
 * user (PostgreSQL refuses root; as root we run it as the `postgres` system user), one
 * fresh database per store the tests open, and the whole folder gone at the end. A run
 * killed outright leaves its folder behind: the next run stops that server and removes it.
 */
export interface PostgresCluster {
  readonly port: number;
  /** The superuser's password (host connections need it: scram-sha-256). */
  readonly password: string;
  /** A connection URL of `database` with the password in it, as a user would write one. */
  url(database: string): string;
  /** Creates an empty database and returns its URL. */
  createDatabase(): Promise<string>;
  stop(): void;
}

const PREFIX = 'ckg-pg-';
const USER = 'ckg';
const READY_TIMEOUT_MS = 60_000;

let shared: Promise<PostgresCluster> | undefined;

/** The one cluster of this test process, started on first use and stopped when the run ends. */
export function sharedPostgresCluster(): Promise<PostgresCluster> {
  shared ??= startPostgresCluster();
  return shared;
}

// Under mocha, stop the shared cluster once the whole run has finished (a root hook).
if (typeof after === 'function') {
  after(async function () {
    // A cluster still starting is waited for, however slow the machine: a slow machine fails no test.
    this.timeout(0);
    if (!shared) return;
    const cluster = await shared.catch(() => undefined);
    shared = undefined;
    cluster?.stop();
  });
}

/** Who runs the server: ourselves, or the `postgres` system user when we are root. */
function serverAccount(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const uid = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0) {
    throw new Error('running as root, the PostgreSQL tests run the server as the `postgres` system user, and there is none (apt-get install postgresql creates it)');
  }
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/** Starts a new cluster (see PostgresCluster). */
export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = postgresBinDir();
  const account = serverAccount();
  removeAbandonedClusters(bin, account);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), PREFIX));
  fs.writeFileSync(path.join(dir, 'owner.pid'), `${process.pid}\n`);
  const data = path.join(dir, 'data');
  const password = randomBytes(12).toString('hex');
  const pwfile = path.join(dir, 'pwfile');
  fs.writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  if (account) {
    fs.chownSync(dir, account.uid, account.gid);
    fs.chownSync(pwfile, account.uid, account.gid);
  }
  const as = account ? { uid: account.uid, gid: account.gid } : {};
  const init = spawnSync(path.join(bin, 'initdb'), [
    '-D', data, '-U', USER, `--pwfile=${pwfile}`, '--auth-local=trust', '--auth-host=scram-sha-256', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync',
  ], { ...as, encoding: 'utf8', cwd: dir });
  if (init.status !== 0) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(`initdb failed (${init.status}): ${init.stderr || init.stdout}`);
  }
  let lastError: unknown;
  for (let attempt = 0; attempt < 5; attempt++) {
    const port = await freePort();
    const server = startServer(bin, dir, data, port, as);
    try {
      await waitUntilReady(server, port, password);
      return clusterAt(bin, dir, data, port, password, server, as);
    } catch (error) {
      lastError = error;
      server.kill('SIGKILL');
      await new Promise((resolve) => server.once('exit', resolve).unref?.());
    }
  }
  fs.rmSync(dir, { recursive: true, force: true });
  throw new Error(`PostgreSQL did not start: ${(lastError as Error).message}; its log: ${readLog(dir)}`);
}

function startServer(bin: string, dir: string, data: string, port: number, as: { uid?: number; gid?: number }): ChildProcess {
  const log = fs.openSync(path.join(dir, 'postgres.log'), 'a');
  if (as.uid !== undefined) fs.fchownSync(log, as.uid, as.gid!);
  // Durability is off: a test cluster dies with the run anyway, and fsync costs seconds per test.
  const server = spawn(path.join(bin, 'postgres'), [
    '-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'synchronous_commit=off',
    '-c', 'full_page_writes=off', '-c', 'max_connections=200', '-c', 'shared_buffers=32MB',
  ], { ...as, cwd: dir, stdio: ['ignore', log, log] });
  fs.closeSync(log);
  return server;
}

async function waitUntilReady(server: ChildProcess, port: number, password: string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let exited = false;
  server.once('exit', () => {
    exited = true;
  });
  for (;;) {
    if (exited) throw new Error(`the server exited while starting on port ${port}`);
    const client = new Client({ host: '127.0.0.1', port, user: USER, password, database: 'postgres' });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

function clusterAt(
  bin: string, dir: string, data: string, port: number, password: string, server: ChildProcess, as: { uid?: number; gid?: number },
): PostgresCluster {
  let databases = 0;
  let stopped = false;
  const url = (database: string): string => `postgres://${USER}:${password}@127.0.0.1:${port}/${database}`;
  const stop = (): void => {
    if (stopped) return;
    stopped = true;
    process.removeListener('exit', stop);
    // Immediate: nothing in a test cluster needs a clean shutdown. Synchronous, so it also runs on exit.
    spawnSync(path.join(bin, 'pg_ctl'), ['stop', '-D', data, '-m', 'immediate', '-w'], { ...as, stdio: 'ignore' });
    if (server.exitCode === null) server.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', stop);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stop();
      process.kill(process.pid, signal);
    });
  }
  return {
    port,
    password,
    url,
    stop,
    async createDatabase() {
      const name = `ckg_test_${process.pid}_${++databases}`;
      const client = new Client({ connectionString: url('postgres') });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${name}`);
      } finally {
        await client.end();
      }
      return url(name);
    },
  };
}

/**
 * Stops and removes the clusters of test runs that were killed before they could (their
 * owner.pid is no longer a process), so a crashed run never leaves a server running.
 */
function removeAbandonedClusters(bin: string, as: { uid?: number; gid?: number } | undefined): void {
  for (const name of fs.readdirSync(os.tmpdir())) {
    if (!name.startsWith(PREFIX)) continue;
    const dir = path.join(os.tmpdir(), name);
    const owner = Number(readText(path.join(dir, 'owner.pid')));
    if (Number.isInteger(owner) && owner > 0 && processExists(owner)) continue;
    const data = path.join(dir, 'data');
    if (fs.existsSync(path.join(data, 'postmaster.pid'))) {
      spawnSync(path.join(bin, 'pg_ctl'), ['stop', '-D', data, '-m', 'immediate', '-w'], { ...(as ?? {}), stdio: 'ignore' });
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readText(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return '';
  }
}

function readLog(dir: string): string {
  return readText(path.join(dir, 'postgres.log')).slice(-2000);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
