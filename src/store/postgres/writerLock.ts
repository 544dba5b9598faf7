import { createHash } from 'node:crypto';
import * as os from 'node:os';
import type { Pool } from 'pg';
import type { WriterLease, WriterLockOptions } from '../roles';
import { StoreLockedError } from '../sqljs/storeErrors';
import { LOCK_CLASS } from './schema';
import { Sql } from './sql';

/** The advisory lock key of the graph's writer (beside LOCK_CLASS). */
const WRITER_LOCK = 2;
/** The first key of a repository's writer lock; the second is taken from its repo hash. */
export const REPOSITORY_LOCK_CLASS = LOCK_CLASS + 1;
const FIRST_POLL_MS = 100;
const MAX_POLL_MS = 2000;
const NOTICE_EVERY_MS = 5000;

/** The two keys of an advisory lock: the graph's writer lock, or one repository's. */
interface LockKey {
  readonly classId: number;
  readonly objectId: number;
  /** How messages name it: 'the writer lock', 'the writer lock of repository 1a2b…'. */
  readonly name: string;
}

/** The lock `options` asks for: one repository's when it names one, else the graph's. */
function lockKey(options: WriterLockOptions): LockKey {
  if (options.repository === undefined) return { classId: LOCK_CLASS, objectId: WRITER_LOCK, name: 'the writer lock' };
  // Any 32 bits of the repository's hash: two repositories sharing them only take turns.
  const digest = createHash('sha256').update(options.repository).digest();
  return { classId: REPOSITORY_LOCK_CLASS, objectId: digest.readInt32BE(0) & 0x7fffffff, name: `the writer lock of repository ${options.repository.slice(0, 12)}` };
}

/**
 * A writer lock on a server database: a session-level advisory lock held by one pooled
 * connection until release, on the graph (the default) or on one repository
 * (`options.repository`). PostgreSQL drops it with the session, so a writer that is killed
 * never leaves a stale lock behind. Whoever waits is told who holds it: the holder names
 * itself in its connection's application_name.
 */
export async function acquireWriterLock(pool: Pool, location: string, shownLocation: string, options: WriterLockOptions = {}): Promise<WriterLease> {
  const key = lockKey(options);
  const client = await pool.connect();
  const sql = new Sql(client, location, false);
  try {
    const name = `ckg pid ${process.pid}@${os.hostname()}: ${options.command ?? 'ckg'}`.slice(0, 63);
    await sql.run("SELECT set_config('application_name', $1, false)", [name]);
    const started = Date.now();
    let delay = FIRST_POLL_MS;
    let lastNotice: number | undefined;
    while (!(await sql.scalar('SELECT pg_try_advisory_lock($1, $2)', [key.classId, key.objectId]))) {
      const who = await holder(sql, key);
      if (options.wait === false) {
        const what = options.repository === undefined ? 'the lock' : 'the lock of this repository';
        throw new StoreLockedError(`-db ${shownLocation}: another writer holds ${what}: ${who}; not waiting (--no-wait), try again when it has finished`);
      }
      const now = Date.now();
      if (lastNotice === undefined || now - lastNotice >= NOTICE_EVERY_MS) {
        const waited = lastNotice === undefined ? '' : `; still waiting after ${Math.round((now - started) / 1000)} s`;
        options.onWait?.(`waiting for ${key.name} on ${shownLocation} held by ${who}${waited}`);
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
        await sql.run('SELECT pg_advisory_unlock($1, $2)', [key.classId, key.objectId]);
        await sql.run("SELECT set_config('application_name', 'ckg', false)");
        client.release();
      } catch (error) {
        // A connection that cannot unlock is dropped, which unlocks it.
        client.release(error as Error);
      }
    },
  };
}

async function holder(sql: Sql, key: LockKey): Promise<string> {
  const row = await sql.one(
    `SELECT a.application_name, a.client_addr::text, a.backend_start FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
     WHERE l.locktype = 'advisory' AND l.classid = $1 AND l.objid = $2 AND l.granted LIMIT 1`,
    [key.classId, key.objectId],
    (r) => ({ name: String(r[0] ?? ''), address: r[1] as string | null, since: r[2] as Date | null }),
  );
  if (!row) return 'a writer that has just finished';
  const from = row.address ? ` from ${row.address}` : '';
  const since = row.since ? ` since ${row.since.toISOString()}` : '';
  return `${row.name || 'an unnamed session'}${from}${since}`;
}
