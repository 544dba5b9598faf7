import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import * as path from 'node:path';

/** These run the built bundle (`npm run build` first), as MCP clients do. */
export const ROOT = path.join(__dirname, '..', '..');
export const CLI = path.join(ROOT, 'dist', 'cli.js');
export const INSPECTOR = path.join(ROOT, 'node_modules', '.bin', 'mcp-inspector');

export function ckg(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Starts `ckg serve` on OS-picked ports and resolves once it printed the MCP and OTLP addresses. */
export function startServe(db: string, ...extra: string[]): Promise<{ child: ChildProcess; mcp: string; grpc: string; http: string; stderr: () => string }> {
  const child = spawn(process.execPath, [CLI, 'serve', '-db', db, '--http', '127.0.0.1:0', '--otlp-grpc', '127.0.0.1:0', '--otlp-http', '127.0.0.1:0', ...extra],
    { stdio: ['ignore', 'pipe', 'pipe'], cwd: path.dirname(db) });
  let stderr = '';
  return new Promise((resolve, reject) => {
    child.stderr!.on('data', (d: Buffer) => {
      stderr += d.toString();
      const mcp = /MCP listening on (\S+)/.exec(stderr)?.[1];
      const grpc = /OTLP\/gRPC listening on (\S+)/.exec(stderr)?.[1];
      const http = /OTLP\/HTTP listening on http:\/\/(\S+)\/v1\/traces/.exec(stderr)?.[1];
      if (mcp && grpc && http) resolve({ child, mcp, grpc, http, stderr: () => stderr });
    });
    child.once('exit', (code) => reject(new Error(`ckg serve exited with ${code}: ${stderr}`)));
  });
}

/** Starts `ckg mcp --http` and resolves with its URL once it says where it listens on stderr. */
export function startHttp(db: string, ...extra: string[]): Promise<{ child: ChildProcess; url: string; stderr: () => string }> {
  const child = spawn(process.execPath, [CLI, 'mcp', '-db', db, '--http', '127.0.0.1:0', ...extra], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  let stdout = '';
  child.stdout!.on('data', (d: Buffer) => {
    stdout += d.toString();
  });
  return new Promise((resolve, reject) => {
    child.stderr!.on('data', (d: Buffer) => {
      stderr += d.toString();
      const match = /listening on (http:\/\/\S+)/.exec(stderr);
      if (match) resolve({ child, url: match[1], stderr: () => stderr + stdout });
    });
    child.once('exit', (code) => reject(new Error(`ckg mcp exited with ${code} before listening: ${stderr}`)));
  });
}

export function exited(child: ChildProcess): Promise<number | null> {
  return child.exitCode !== null ? Promise.resolve(child.exitCode) : new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

