import { type ChildProcess, spawn } from 'node:child_process';
import * as path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');
const CHILD = path.join(ROOT, 'test', 'support', 'postgresChild.ts');

/** A running postgresChild.ts: its first line, its exit, and its stdin to end. */
export interface PostgresChildProcess {
  readonly child: ChildProcess;
  readonly firstLine: Promise<string>;
  readonly exit: Promise<number | null>;
  /** What it wrote to stderr so far. */
  stderr(): string;
  /** Ends its stdin (a lock holder then releases and exits). */
  release(): void;
}

/** Starts postgresChild.ts in `mode` on the database at `url`. */
export function startPostgresChild(mode: string, url: string, ...flags: string[]): PostgresChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, mode, url, ...flags], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
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
    void exit.then((code) => reject(new Error(`postgresChild ${mode} exited with ${code} before a line: ${stdout}${stderr}`)));
  });
  firstLine.catch(() => undefined);
  return { child, firstLine, exit, stderr: () => stderr, release: () => child.stdin!.end() };
}
