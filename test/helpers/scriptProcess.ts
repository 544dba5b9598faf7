import { type ChildProcess, spawn } from 'node:child_process';
import * as path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');

/** A TypeScript script run in its own process (through tsx): its first line, its exit, and its stdin to end. */
export interface ScriptProcess {
  readonly child: ChildProcess;
  /** Resolves with the first line it prints; rejects if it exits before one. */
  readonly firstLine: Promise<string>;
  readonly exit: Promise<number | null>;
  /** What it wrote to stderr so far. */
  stderr(): string;
  /** Ends its stdin (a holder of something then lets go and exits). */
  release(): void;
}

/** Starts `script` with `args` from the repository root; `label` names it in errors. */
export function startScript(script: string, args: readonly string[], label: string): ScriptProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
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
    void exit.then((code) => reject(new Error(`${label} exited with ${code} before a line: ${stdout}${stderr}`)));
  });
  firstLine.catch(() => undefined);
  return { child, firstLine, exit, stderr: () => stderr, release: () => child.stdin!.end() };
}
