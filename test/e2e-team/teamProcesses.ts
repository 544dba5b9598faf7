import { type ChildProcess, spawn } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import * as assert from 'node:assert/strict';
import { CLI, ROOT } from '../helpers/builtCli';
import { stopGroup, trackGroup } from '../e2e/processGroups';

/**
 * Processes of the built `ckg` as a team runs them: each in its own process group
 * (detached), so stopping one reaches its parse workers too, and every group this module
 * started is stopped by `stopStartedProcesses()` (an afterEach) and, failing that, killed
 * when the test process exits.
 */
export interface CkgProcess {
  readonly child: ChildProcess;
  /** Its exit code (null when a signal ended it). */
  readonly exit: Promise<number | null>;
  stdout(): string;
  stderr(): string;
  /** Resolves with the first match of `pattern` in its stderr; rejects if it exits before printing one. */
  saidOnStderr(pattern: RegExp): Promise<RegExpExecArray>;
}

const started = new Set<ChildProcess>();

/** Starts `ckg <args>` from the built bundle in a process group of its own. */
export function spawnCkg(args: readonly string[], label = `ckg ${args[0]}`): CkgProcess {
  const child = spawn(process.execPath, [CLI, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  started.add(child);
  trackGroup(child, label);
  let stdout = '';
  let stderr = '';
  const waiters: Array<() => void> = [];
  child.stdout!.on('data', (d: Buffer) => {
    stdout += d.toString();
  });
  child.stderr!.on('data', (d: Buffer) => {
    stderr += d.toString();
    for (const waiter of waiters.splice(0)) waiter();
  });
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => {
    started.delete(child);
    resolve(code);
  }));
  const saidOnStderr = (pattern: RegExp): Promise<RegExpExecArray> => new Promise((resolve, reject) => {
    let done = false;
    const check = (): void => {
      if (done) return;
      const match = pattern.exec(stderr);
      if (match) {
        done = true;
        resolve(match);
      } else {
        waiters.push(check);
      }
    };
    check();
    void exit.then((code) => {
      if (done) return;
      done = true;
      reject(new Error(`${label} exited with ${code} before printing ${pattern}: ${stderr}`));
    });
  });
  return { child, exit, stdout: () => stdout, stderr: () => stderr, saidOnStderr };
}

/** Stops every process group this module started and has not seen exit: SIGTERM, then SIGKILL. */
export async function stopStartedProcesses(): Promise<void> {
  await Promise.all([...started].map((child) => stopGroup(child, 10_000)));
  started.clear();
}

/** A running `ckg serve` replica: its MCP URL and its two OTLP receivers. */
export interface Replica {
  readonly process: CkgProcess;
  readonly mcp: string;
  readonly otlpGrpc: string;
  readonly otlpHttp: string;
}

/** Starts `ckg serve -db <url>` on ports the OS picks; resolves once it printed where it listens. */
export async function startReplica(db: string, ...extra: string[]): Promise<Replica> {
  const serve = spawnCkg(['serve', '-db', db, '--http', '127.0.0.1:0', '--otlp-grpc', '127.0.0.1:0', '--otlp-http', '127.0.0.1:0', ...extra], 'ckg serve');
  const [mcp, grpc, http] = await Promise.all([
    serve.saidOnStderr(/MCP listening on (\S+)/),
    serve.saidOnStderr(/OTLP\/gRPC listening on (\S+)/),
    serve.saidOnStderr(/OTLP\/HTTP listening on http:\/\/(\S+)\/v1\/traces/),
  ]);
  return { process: serve, mcp: mcp[1], otlpGrpc: grpc[1], otlpHttp: http[1] };
}

/** Stops a replica with SIGTERM, as an operator would, and returns its exit code. */
export async function stopReplica(replica: Replica): Promise<number | null> {
  replica.process.child.kill('SIGTERM');
  return replica.process.exit;
}

/** An MCP SDK client over Streamable HTTP to `url`. */
export async function connectClient(url: string): Promise<Client> {
  const client = new Client({ name: 'ckg-team-test', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

/** A tool's successful reply: its structured content and `_meta`. */
export interface ToolReply {
  readonly structured: Record<string, unknown>;
  readonly text: string;
  readonly meta: Record<string, unknown>;
}

/** Calls a tool and fails the test when it answers with an error. */
export async function callTool(client: Client, name: string, args: Record<string, unknown>): Promise<ToolReply> {
  const reply = (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = reply.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
  assert.notEqual(reply.isError, true, `${name}: ${text}`);
  return { structured: (reply.structuredContent ?? {}) as Record<string, unknown>, text, meta: (reply._meta ?? {}) as Record<string, unknown> };
}
