import { type ChildProcess, spawn } from 'node:child_process';
import type { LocationAnswers, LocationOracle, LocationQueryKind, SourceLocation } from './oracle';

/** Resolved at run time, from where this code runs: TypeScript is never bundled into it. */
const TSSERVER_MODULE = 'typescript/lib/tsserver.js';

export const TSSERVER_DEFAULTS = {
  /** Per query; a query that takes longer is answered null. */
  timeoutMs: 5000,
};

export interface TsServerOracleOptions {
  /** The tsserver.js to run; default: the one of the `typescript` package this process resolves. */
  readonly tsserverPath?: string;
  readonly timeoutMs?: number;
  /** Receives tsserver's stderr and protocol problems. */
  readonly log?: (message: string) => void;
}

interface Position {
  readonly line: number;
  readonly offset: number;
}

interface FileSpan {
  readonly file: string;
  readonly start: Position;
}

interface Response {
  readonly type: 'response' | 'event';
  readonly request_seq?: number;
  readonly success?: boolean;
  readonly body?: unknown;
  readonly message?: string;
}

const COMMANDS: Record<LocationQueryKind, string> = { definition: 'definition', implementation: 'implementation', references: 'references' };

/**
 * A location oracle over a spawned tsserver, the TypeScript language service VS Code and
 * typescript-language-server both run, spoken to in its own protocol (Content-Length
 * framed JSON on stdout, one JSON request per line on stdin). For enrichment outside the
 * editor: benches, and a CLI. Files are opened before they are asked about; a query that
 * takes longer than `timeoutMs`, fails, or is cancelled answers null.
 */
export class TsServerOracle implements LocationOracle {
  private readonly child: ChildProcess;
  private readonly waiting = new Map<number, (response: Response | undefined) => void>();
  private readonly opened = new Set<string>();
  private readonly timeoutMs: number;
  private seq = 0;
  private buffer = Buffer.alloc(0);
  private exited = false;

  constructor(private readonly options: TsServerOracleOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? TSSERVER_DEFAULTS.timeoutMs;
    if (!Number.isInteger(this.timeoutMs) || this.timeoutMs < 1) throw new Error(`enrich/tsserver: timeoutMs must be a positive integer, got ${this.timeoutMs}`);
    const tsserver = options.tsserverPath ?? require.resolve(TSSERVER_MODULE);
    this.child = spawn(process.execPath, [tsserver, '--disableAutomaticTypingAcquisition', '--suppressDiagnosticEvents'], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.child.stdout!.on('data', (chunk: Buffer) => this.receive(chunk));
    this.child.stderr!.on('data', (chunk: Buffer) => options.log?.(`tsserver: ${chunk.toString().trim()}`));
    this.child.once('exit', (code, signal) => {
      this.exited = true;
      for (const resolve of this.waiting.values()) resolve(undefined);
      this.waiting.clear();
      if (code !== 0 && signal !== 'SIGTERM') options.log?.(`tsserver exited (${signal ?? code})`);
    });
    this.child.stdin!.on('error', () => undefined);
  }

  /** The process, for whoever must make sure it ends. */
  get pid(): number | undefined {
    return this.child.pid;
  }

  /** tsserver answers every kind of location query. */
  supports(_kind: LocationQueryKind): boolean {
    return true;
  }

  /** False once tsserver is gone (crashed, killed, or never started). */
  get running(): boolean {
    return !this.exited;
  }

  /**
   * Opens a file and waits (up to `timeoutMs`) until its project is loaded: the first
   * query of a large project otherwise spends its whole timeout loading it.
   */
  async warmUp(file: string, timeoutMs: number): Promise<boolean> {
    this.open(file);
    const response = await this.request('projectInfo', { file, needFileNameList: false }, timeoutMs);
    return response?.success === true;
  }

  async locations(kind: LocationQueryKind, queries: readonly SourceLocation[], signal?: AbortSignal): Promise<LocationAnswers> {
    const command = COMMANDS[kind];
    if (!command) throw new Error(`enrich/tsserver: kind must be definition, implementation or references, got ${String(kind)}`);
    const answers: LocationAnswers = [];
    for (const query of queries) {
      if (signal?.aborted || this.exited) {
        answers.push(null);
        continue;
      }
      this.open(query.path);
      const response = await this.request(command, { file: query.path, line: query.line, offset: query.character + 1 }, this.timeoutMs, signal);
      answers.push(response?.success ? toLocations(kind, response.body) : response ? [] : null);
    }
    return answers;
  }

  /** Asks tsserver to exit, and kills it when it does not within a second. */
  async close(): Promise<void> {
    if (this.exited) return;
    const gone = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.send('exit', {});
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 1000);
    await gone;
    clearTimeout(timer);
  }

  private open(file: string): void {
    if (this.opened.has(file)) return;
    this.opened.add(file);
    this.send('open', { file });
  }

  private send(command: string, args: unknown): number {
    const seq = ++this.seq;
    if (!this.exited) this.child.stdin!.write(`${JSON.stringify({ seq, type: 'request', command, arguments: args })}\n`);
    return seq;
  }

  private request(command: string, args: unknown, timeoutMs: number, signal?: AbortSignal): Promise<Response | undefined> {
    return new Promise((resolve) => {
      const seq = this.send(command, args);
      const done = (response: Response | undefined): void => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', cancel);
        this.waiting.delete(seq);
        resolve(response);
      };
      const cancel = (): void => done(undefined);
      const timer = setTimeout(cancel, timeoutMs);
      signal?.addEventListener('abort', cancel);
      this.waiting.set(seq, done);
      if (this.exited) done(undefined);
    });
  }

  /** Splits stdout into Content-Length framed messages and hands responses to their requests. */
  private receive(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const headerEnd = this.buffer.indexOf('\r\n\r\n');
      if (headerEnd < 0) return;
      const length = /Content-Length: (\d+)/i.exec(this.buffer.subarray(0, headerEnd).toString('ascii'));
      if (!length) {
        this.options.log?.('tsserver: a message without Content-Length; dropped');
        this.buffer = this.buffer.subarray(headerEnd + 4);
        continue;
      }
      const start = headerEnd + 4;
      const end = start + Number(length[1]);
      if (this.buffer.length < end) return;
      const body = this.buffer.subarray(start, end).toString('utf8');
      this.buffer = this.buffer.subarray(end);
      let message: Response;
      try {
        message = JSON.parse(body) as Response;
      } catch {
        this.options.log?.('tsserver: a message that is not JSON; dropped');
        continue;
      }
      if (message.type === 'response' && message.request_seq !== undefined) this.waiting.get(message.request_seq)?.(message);
    }
  }
}

function toLocations(kind: LocationQueryKind, body: unknown): SourceLocation[] {
  const spans = (kind === 'references' ? (body as { refs?: FileSpan[] } | undefined)?.refs : (body as FileSpan[] | undefined)) ?? [];
  return spans.map((span) => ({ path: span.file, line: span.start.line, character: span.start.offset - 1 }));
}
