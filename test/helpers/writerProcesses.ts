import { spawnSync } from 'node:child_process';
import * as os from 'node:os';
import * as path from 'node:path';
import { type ScriptProcess, startScript } from './scriptProcess';

const ROOT = path.join(__dirname, '..', '..');
const HOLDER = path.join(ROOT, 'test', 'helpers', 'holdWriterLock.ts');

/** A process running holdWriterLock.ts; its first line is `held <pid>` or `refused <message>`. */
export type LockHolderProcess = ScriptProcess;

/** Starts another process that takes the writer lock of `db` (see holdWriterLock.ts). */
export function startLockHolder(db: string, ...flags: string[]): LockHolderProcess {
  return startScript(HOLDER, [db, ...flags], 'lock holder');
}

/** A pid that no process has any more: a child that has already exited. */
export function deadPid(): number {
  const done = spawnSync(process.execPath, ['-e', '']);
  return done.pid!;
}

/** The text a lock file held by `pid` on this host has (graphFileLock.ts's format). */
export function lockText(pid: number, command = 'ckg index (killed)'): string {
  return `${JSON.stringify({ pid, hostname: os.hostname(), startedAt: '2026-01-01T00:00:00.000Z', command, nonce: `dead${pid}` })}\n`;
}
