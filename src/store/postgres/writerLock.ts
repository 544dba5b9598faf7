import * as os from 'node:os';
import type { Pool } from 'pg';
import type { WriterLease, WriterLockOptions } from '../roles';
import { StoreLockedError } from '../sqljs/storeErrors';
import { LOCK_CLASS } from './schema';
import { Sql } from './sql';

/** The advisory lock key of the graph's one writer (beside LOCK_CLASS). */
const WRITER_LOCK = 2;
const FIRST_POLL_MS = 100;
const MAX_POLL_MS = 2000;
const NOTICE_EVERY_MS = 5000;

/**
 * The graph's writer lock on a server database: a session-level advisory lock held by one
 * pooled connection until release. PostgreSQL drops it with the session, so a writer that
 * is killed never leaves a stale lock behind. Whoever waits is told who holds it: the
 * holder names itself in its connection's application_name.
 */
export async function acquireWriterLock(pool: Pool, location: string, shownLocation: string, options: WriterLockOptions = {}): Promise<WriterLease> {
  const client = await pool.connect();
  const sql = new Sql(client, location, false);
  try {
    const name = `ckg pid ${process.pid}@${os.hostname()}: ${options.command ?? 'ckg'}`.slice(0, 63);
    await sql.run("SELECT set_config('application_name', $1, false)", [name]);
    const started = Date.now();
    let delay = FIRST_POLL_MS;
    let lastNotice: number | undefined;
    while (!(await sql.scalar('SELECT pg_try_advisory_lock($1, $2)', [LOCK_CLASS, WRITER_LOCK]))) {
      const who = await holder(sql);
      if (options.wait === false) {
        throw new StoreLockedError(`-db ${shownLocation}: another writer holds the lock: ${who}; not waiting (--no-wait), try again when it has finished`);
      }
      const now = Date.now();
      if (lastNotice === undefined || now - lastNotice >= NOTICE_EVERY_MS) {
        const waited = lastNotice === undefined ? '' : `; still waiting after ${Math.round((now - started) / 1000)} s`;
        options.onWait?.(`waiting for the writer lock on ${shownLocation} held by ${who}${waited}`);
        lastNotice = now;
      }
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, MAX_POLL_MS);
    }
  } catch (error) {
    client.release();
    throw error;
  }
  let released = false;
  return {
    release: async () => {
      if (released) return;
      released = true;
      try {
        await sql.run('SELECT pg_advisory_unlock($1, $2)', [LOCK_CLASS, WRITER_LOCK]);
        await sql.run("SELECT set_config('application_name', 'ckg', false)");
        client.release();
      } catch (error) {
        // A connection that cannot unlock is dropped, which unlocks it.
        client.release(error as Error);
      }
    },
  };
}

async function holder(sql: Sql): Promise<string> {
  const row = await sql.one(
    `SELECT a.application_name, a.client_addr::text, a.backend_start FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
     WHERE l.locktype = 'advisory' AND l.classid = $1 AND l.objid = $2 AND l.granted LIMIT 1`,
    [LOCK_CLASS, WRITER_LOCK],
    (r) => ({ name: String(r[0] ?? ''), address: r[1] as string | null, since: r[2] as Date | null }),
  );
  if (!row) return 'a writer that has just finished';
  const from = row.address ? ` from ${row.address}` : '';
  const since = row.since ? ` since ${row.since.toISOString()}` : '';
  return `${row.name || 'an unnamed session'}${from}${since}`;
}
