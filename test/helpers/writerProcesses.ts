import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import * as os from 'node:os';
import * as path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');
const HOLDER = path.join(ROOT, 'test', 'helpers', 'holdWriterLock.ts');

/** A process running holdWriterLock.ts: what it printed, and how it ended. */
export interface LockHolderProcess {
  readonly child: ChildProcess;
  /** Resolves with its first line: `held <pid>` or `refused <message>`. */
  readonly firstLine: Promise<string>;
  readonly exit: Promise<number | null>;
  /** Ends its stdin, so a holder releases the lock and exits. */
  release(): void;
}

/** Starts another process that takes the writer lock of `db` (see holdWriterLock.ts). */
export function startLockHolder(db: string, ...flags: string[]): LockHolderProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', HOLDER, db, ...flags], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const firstLine = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      stdout += d.toString();
      const newline = stdout.indexOf('\n');
      if (newline >= 0) resolve(stdout.slice(0, newline));
    });
    void exit.then((code) => reject(new Error(`lock holder exited with ${code} before a line: ${stdout}${stderr}`)));
  });
  firstLine.catch(() => undefined);
  return { child, firstLine, exit, release: () => child.stdin!.end() };
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
