import { createHash, randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import type { WriterLockOptions } from '../roles';
import { readOnlyError } from './atomicWrite';
import { isReadOnlyFile, realGraphPath } from './graphPath';
import { mayBeAlive } from './processes';
import { StoreLockedError, StoreOpenError } from './storeErrors';

/** Who holds a lock file; written whole into it, as one JSON line. */
export interface LockHolder {
  readonly pid: number;
  readonly hostname: string;
  /** ISO 8601. */
  readonly startedAt: string;
  readonly command: string;
  /** Tells two holders with the same pid apart, so a lock's text is never seen twice. */
  readonly nonce: string;
}

/** Polling while another writer holds the lock, and how often the waiter hears about it. */
export const GRAPH_LOCK_DEFAULTS = { firstPollMs: 25, maxPollMs: 500, noticeEveryMs: 10_000 } as const;

/** The lock file of a graph file (already resolved through symlinks): `<graph>.lock`. */
export function lockFileOf(realGraph: string): string {
  return `${realGraph}.lock`;
}

/** A held lock file; release() removes it, and so does the process's exit. */
export class GraphFileLock {
  private released = false;
  private readonly onExit = (): void => this.release();

  constructor(readonly lockPath: string, private readonly text: string) {
    process.on('exit', this.onExit);
  }

  /** Removes the lock file if it is still ours; safe to call twice. */
  release(): void {
    if (this.released) return;
    this.released = true;
    process.off('exit', this.onExit);
    if (readLock(this.lockPath)?.text === this.text) fs.rmSync(this.lockPath, { force: true });
  }
}

/**
 * Takes the writer lock of the graph file at `location`: `<graph>.lock` beside the file a
 * symlinked -db points to, created atomically (a whole file hard-linked into place, which
 * fails when one exists). While another live writer holds it, waits (telling `onWait` who
 * holds it, at once and every few seconds) or, with `wait: false`, throws StoreLockedError.
 * A lock whose process is gone from this host is taken over (see removeStale). A
 * read-only graph file is refused before anything is waited for.
 */
export async function acquireGraphFileLock(location: string, options: WriterLockOptions = {}): Promise<GraphFileLock> {
  const real = realGraphPath(location);
  if (isReadOnlyFile(real)) throw readOnlyError(location, real);
  const lockPath = lockFileOf(real);
  const text = holderText(options.command ?? 'ckg');
  const started = Date.now();
  let delay: number = GRAPH_LOCK_DEFAULTS.firstPollMs;
  let lastNotice: number | undefined;
  for (;;) {
    if (createWhole(lockPath, text, location)) return new GraphFileLock(lockPath, text);
    const held = readLock(lockPath);
    if (held === undefined) continue; // released meanwhile
    if (held.holder && !mayBeAlive(held.holder.pid, held.holder.hostname) && removeStale(lockPath, held.text, location)) continue;
    const who = describeHolder(held.holder, lockPath);
    if (options.wait === false) {
      throw new StoreLockedError(`-db ${location}: another writer holds the lock: ${who}; not waiting (--no-wait), try again when it has finished`);
    }
    const now = Date.now();
    if (lastNotice === undefined || now - lastNotice >= GRAPH_LOCK_DEFAULTS.noticeEveryMs) {
      const waited = lastNotice === undefined ? '' : `; still waiting after ${Math.round((now - started) / 1000)} s`;
      options.onWait?.(`waiting for the writer lock on ${location} held by ${who}${waited}`);
      lastNotice = now;
    }
    await new Promise((resolve) => setTimeout(resolve, delay));
    delay = Math.min(delay * 2, GRAPH_LOCK_DEFAULTS.maxPollMs);
  }
}

function holderText(command: string): string {
  const holder: LockHolder = {
    pid: process.pid, hostname: os.hostname(), startedAt: new Date().toISOString(), command, nonce: randomBytes(8).toString('hex'),
  };
  return `${JSON.stringify(holder)}\n`;
}

function describeHolder(holder: LockHolder | undefined, lockPath: string): string {
  if (!holder) return `an unknown writer (unreadable lock file ${lockPath}; remove it if no ckg process is running)`;
  const host = holder.hostname === os.hostname() ? '' : ` on host ${holder.hostname}`;
  return `pid ${holder.pid}${host} (${holder.command}) since ${holder.startedAt}`;
}

/**
 * Creates `file` holding `text`, whole, unless it exists: the text goes into a private
 * file first, which is then hard-linked to the lock's name (link fails when the name
 * exists, atomically). So a reader never sees a lock file without its holder. Where
 * hard links are not supported, an exclusive create ('wx') does the same with a moment
 * in which the file is still empty.
 */
function createWhole(file: string, text: string, location: string): boolean {
  const own = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.new`;
  try {
    fs.writeFileSync(own, text, { flag: 'wx' });
  } catch (error) {
    throw new StoreOpenError(`-db ${location}: cannot create the writer lock ${file}: ${(error as Error).message}`);
  }
  try {
    fs.linkSync(own, file);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP') throw error;
    try {
      fs.writeFileSync(file, text, { flag: 'wx' });
      return true;
    } catch (fallback) {
      if ((fallback as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw fallback;
    }
  } finally {
    fs.rmSync(own, { force: true });
  }
}

/** The lock file's text and its holder (undefined when unreadable); undefined when there is no file. */
function readLock(file: string): { text: string; holder: LockHolder | undefined } | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const parsed = JSON.parse(text) as Partial<LockHolder>;
    const ok = typeof parsed.pid === 'number' && typeof parsed.hostname === 'string' && typeof parsed.nonce === 'string';
    return { text, holder: ok ? parsed as LockHolder : undefined };
  } catch {
    return { text, holder: undefined };
  }
}

/**
 * Removes a lock file whose holder is dead, so that exactly one waiter can take over:
 * first it claims the takeover with `<lock>.takeover-<hash of its text>` (created like
 * a lock, so one claimant wins), then removes the lock only if it still holds the dead holder's
 * text. While the claim exists nobody else removes that lock, and a lock with new text
 * is never removed, so a fresh holder is never pushed out. A claim left by a claimant
 * killed meanwhile is itself stale, and is removed the same way. True when the stale
 * lock is gone; false when someone else is on it (wait and look again).
 */
function removeStale(file: string, staleText: string, location: string, depth = 0): boolean {
  if (depth > 8) return false;
  // Named by the stale text, so every claimant of this one stale lock races for one name.
  const claim = `${file}.takeover-${createHash('sha256').update(staleText).digest('hex').slice(0, 16)}`;
  if (!createWhole(claim, holderText('takeover of a stale lock'), location)) {
    const other = readLock(claim);
    if (other?.holder && !mayBeAlive(other.holder.pid, other.holder.hostname)) {
      removeStale(claim, other.text, location, depth + 1);
    }
    return false;
  }
  try {
    if (readLock(file)?.text === staleText) fs.rmSync(file, { force: true });
    return true;
  } finally {
    fs.rmSync(claim, { force: true });
  }
}
