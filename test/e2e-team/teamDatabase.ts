import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { Client } from 'pg';
import { CLI } from '../helpers/builtCli';

/** How often, and how many times, a test looks at the database for a state it waits for (2 minutes in all). */
const POLL_MS = 25;
const POLL_ATTEMPTS = 4800;

/** Generous: a `ckg` command that waits on a lock nobody lets go fails the test instead of hanging the run. */
const COMMAND_TIMEOUT_MS = 240_000;

/** Runs `ckg <args>` of the built bundle to its end (at most COMMAND_TIMEOUT_MS). */
export function ckgRun(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: COMMAND_TIMEOUT_MS, killSignal: 'SIGKILL', maxBuffer: 256 * 1024 * 1024 });
  const timedOut = result.error ? `; ${result.error.message}` : '';
  return { status: result.status, stdout: result.stdout, stderr: `${result.stderr}${timedOut}` };
}

/** Runs one statement on the database at `url` on a connection of its own. */
export async function queryRows(url: string, text: string, params: unknown[] = []): Promise<unknown[][]> {
  const client = new Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return (await client.query({ text, values: params, rowMode: 'array' })).rows as unknown[][];
  } finally {
    await client.end();
  }
}

/** `ckg index` of `repo` named `repoUrl` into the database, which must succeed. */
export function indexRepo(url: string, repo: string, repoUrl: string): void {
  const indexed = ckgRun('index', repo, '--repo-url', repoUrl, '-db', url);
  assert.equal(indexed.status, 0, indexed.stderr);
}

/** The graph's nodes and edges as `ckg export --format jsonl` writes them (sorted, no times). */
export function exportGraph(url: string): string {
  const exported = ckgRun('export', '-db', url, '--format', 'jsonl');
  assert.equal(exported.status, 0, exported.stderr);
  return exported.stdout;
}

/**
 * Waits until `condition` holds, looking every POLL_MS at most POLL_ATTEMPTS times; fails
 * with `what` when `stillRunning` says the process it waits on has gone, or attempts run out.
 */
async function pollUntil(what: string, condition: () => Promise<boolean>, stillRunning: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < POLL_ATTEMPTS; attempt++) {
    if (await condition()) return;
    if (!stillRunning()) throw new Error(`gone before ${what}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error(`no ${what} after ${POLL_ATTEMPTS} looks`);
}

/**
 * Waits until the process `pid` holds an advisory lock on the database: a writer names
 * itself `ckg pid <pid>@<host>: …` in the application_name of the connection that holds
 * the writer lock (src/store/postgres/writerLock.ts), whatever that lock's key is.
 */
export function waitForLockHeldBy(url: string, pid: number, stillRunning: () => boolean): Promise<void> {
  return pollUntil(`a writer lock held by pid ${pid}`, async () => {
    const rows = await queryRows(url,
      `SELECT 1 FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
       WHERE l.locktype = 'advisory' AND l.granted AND a.datname = current_database() AND a.application_name LIKE $1`,
      [`ckg pid ${pid}@%`]);
    return rows.length > 0;
  }, stillRunning);
}

/**
 * Waits until another session of the database is inside an explicit transaction that has
 * written rows (it has a transaction id, and its transaction began before its current
 * statement: no single autocommit statement looks like that). With one indexer the only
 * other client, that is its run's write transaction, not yet committed.
 */
export function waitForOpenWriteTransaction(url: string, stillRunning: () => boolean): Promise<void> {
  return pollUntil('an open write transaction', async () => {
    const rows = await queryRows(url,
      `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()
         AND backend_xid IS NOT NULL AND xact_start < query_start`);
    return rows.length > 0;
  }, stillRunning);
}

/** Per runtime edge type: the live edges' observation_count, and the observations recorded for them (runtime_observations). */
export async function observationCounts(url: string): Promise<Record<string, { edgeCount: number; observed: number }>> {
  const rows = await queryRows(url,
    `SELECT e.edge_type, sum(e.observation_count),
       sum((SELECT coalesce(sum(o.count), 0) FROM runtime_observations o WHERE o.edge_id = e.edge_id))
     FROM edges e WHERE e.removed_in IS NULL AND (e.provenance LIKE 'otel\\_%' OR e.provenance = 'runtime_unresolved')
     GROUP BY e.edge_type ORDER BY e.edge_type`);
  return Object.fromEntries(rows.map((r) => [r[0] as string, { edgeCount: Number(r[1]), observed: Number(r[2]) }]));
}
