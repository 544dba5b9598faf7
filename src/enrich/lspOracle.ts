import { type ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  CancellationTokenSource, ErrorCodes, type MessageConnection, ResponseError, StreamMessageReader, StreamMessageWriter, createMessageConnection,
} from 'vscode-jsonrpc/node';
import { extensionEntry } from '../model/languages';
import type { LocationAnswers, LocationOracle, LocationQueryKind, SourceLocation } from './oracle';

export const LSP_DEFAULTS = {
  /** Per query; a query that takes longer is answered null. */
  timeoutMs: 10_000,
  /** Queries in flight at once: servers answer in order, and a flood only queues. */
  concurrency: 8,
};

export interface LspOracleOptions {
  /** The server's command and arguments (`node pyright-langserver.js --stdio`). */
  readonly command: string;
  readonly args: readonly string[];
  /** The workspace the server analyses. */
  readonly rootPath: string;
  readonly timeoutMs?: number;
  /** Receives the server's stderr and log messages, and protocol problems. */
  readonly log?: (message: string) => void;
}

const METHODS: Record<LocationQueryKind, string> = {
  definition: 'textDocument/definition',
  implementation: 'textDocument/implementation',
  references: 'textDocument/references',
};

/** The server capability that says it answers a kind of query. */
const PROVIDERS: Record<LocationQueryKind, string> = {
  definition: 'definitionProvider',
  implementation: 'implementationProvider',
  references: 'referencesProvider',
};

/**
 * Error codes that mean "not answered" rather than "nothing there": LSP's request
 * cancelled, content modified and server cancelled, a server not initialised yet, and the
 * connection's own failures.
 */
const UNANSWERED_CODES = new Set<number>([
  -32800, -32801, -32802, ErrorCodes.ServerNotInitialized, ErrorCodes.MessageWriteError, ErrorCodes.MessageReadError,
  ErrorCodes.PendingResponseRejected, ErrorCodes.ConnectionInactive,
]);

interface LspPosition {
  readonly line: number;
  readonly character: number;
}
interface LspRange {
  readonly start: LspPosition;
}
type LspLocation = { readonly uri: string; readonly range: LspRange } | { readonly targetUri: string; readonly targetSelectionRange: LspRange };

/**
 * A location oracle over any language server spawned on stdio (pyright, gopls,
 * rust-analyzer...), spoken to in LSP: for enrichment outside the editor, as
 * TsServerOracle is for TypeScript. A file is opened (didOpen, text from disk) before it
 * is asked about; a query that takes longer than `timeoutMs`, fails or is cancelled
 * answers null, as the editor bridge does.
 */
export class LspOracle implements LocationOracle {
  private readonly child: ChildProcess;
  private readonly connection: MessageConnection;
  private readonly opened = new Set<string>();
  private readonly timeoutMs: number;
  private initialized: Promise<void> | undefined;
  /** The kinds the server said it answers (its initialize result). */
  private readonly supported = new Set<LocationQueryKind>();
  private exited = false;
  /** Rejects when the server is gone, so nothing waits out a timeout for a dead process. */
  private readonly gone: Promise<never>;

  constructor(private readonly options: LspOracleOptions) {
    this.timeoutMs = options.timeoutMs ?? LSP_DEFAULTS.timeoutMs;
    if (!Number.isInteger(this.timeoutMs) || this.timeoutMs < 1) throw new Error(`enrich/lsp: timeoutMs must be a positive integer, got ${this.timeoutMs}`);
    if (!fs.existsSync(options.rootPath)) throw new Error(`enrich/lsp: rootPath ${options.rootPath} does not exist`);
    this.child = spawn(options.command, [...options.args], { cwd: options.rootPath, stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stderr!.on('data', (chunk: Buffer) => options.log?.(`${path.basename(options.command)}: ${chunk.toString().trim()}`));
    this.gone = new Promise<never>((_resolve, reject) => {
      this.child.once('error', (error) => {
        this.exited = true;
        options.log?.(`enrich/lsp: ${options.command} did not start: ${error.message}`);
        reject(new Error(`enrich/lsp: ${options.command} did not start: ${error.message}`));
      });
      this.child.once('exit', (code, signal) => {
        this.exited = true;
        if (code !== 0 && signal !== 'SIGTERM' && signal !== 'SIGKILL') options.log?.(`enrich/lsp: the server exited (${signal ?? code})`);
        reject(new Error(`enrich/lsp: the server exited (${signal ?? code})`));
      });
    });
    this.gone.catch(() => undefined);
    this.child.stdin!.on('error', () => undefined);
    this.connection = createMessageConnection(new StreamMessageReader(this.child.stdout!), new StreamMessageWriter(this.child.stdin!));
    // Servers ask the client for settings and to register capabilities: defaults, and yes.
    this.connection.onRequest('workspace/configuration', (params: { items?: unknown[] }) => (params.items ?? []).map(() => ({})));
    this.connection.onRequest(() => null);
    this.connection.onNotification('window/logMessage', (params: { message?: string }) => options.log?.(`server: ${params.message ?? ''}`));
    this.connection.onError(([error]) => options.log?.(`enrich/lsp: ${error.message}`));
    this.connection.listen();
  }

  /** The process, for whoever must make sure it ends. */
  get pid(): number | undefined {
    return this.child.pid;
  }

  /** False once the process is gone (crashed, killed, or never started). */
  get running(): boolean {
    return !this.exited;
  }

  /**
   * Runs the handshake, opens a file and waits (up to `timeoutMs`) for a first answer
   * there: servers load their workspace before they answer, and the first query of a
   * large project would otherwise spend its whole timeout on that. False when the server
   * did not start or did not answer in time.
   */
  async warmUp(file: string, timeoutMs: number): Promise<boolean> {
    try {
      await this.start();
      this.open(file);
      const params = { textDocument: { uri: pathToFileURL(file).href }, position: { line: 0, character: 0 } };
      await this.withTimeout(this.connection.sendRequest(METHODS.definition, params), timeoutMs, 'the first query');
      return true;
    } catch (error) {
      return error instanceof ResponseError && !UNANSWERED_CODES.has(error.code);
    }
  }

  /** Whether the server said (in its initialize result) that it answers this kind of query; false before the handshake. */
  supports(kind: LocationQueryKind): boolean {
    return this.supported.has(kind);
  }

  /** Runs the LSP handshake once; every query waits for it. */
  start(): Promise<void> {
    this.initialized ??= this.handshake();
    return this.initialized;
  }

  async locations(kind: LocationQueryKind, queries: readonly SourceLocation[], signal?: AbortSignal): Promise<LocationAnswers> {
    const method = METHODS[kind];
    if (!method) throw new Error(`enrich/lsp: kind must be definition, implementation or references, got ${String(kind)}`);
    const answers: LocationAnswers = new Array(queries.length).fill(null);
    try {
      await this.start();
    } catch {
      return answers;
    }
    // A kind the server does not provide is no answer, not an empty one (pyright has no implementation).
    if (!this.supported.has(kind)) return answers;
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < queries.length) {
        const index = next++;
        const query = queries[index]!;
        if (signal?.aborted || this.exited) continue;
        this.open(query.path);
        answers[index] = await this.ask(method, query, signal);
      }
    };
    await Promise.all(Array.from({ length: Math.min(LSP_DEFAULTS.concurrency, queries.length) }, worker));
    return answers;
  }

  /** shutdown, then exit; killed when it has not ended within two seconds. */
  async close(): Promise<void> {
    if (this.exited) return this.connection.dispose();
    const gone = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 2000);
    try {
      await Promise.race([this.connection.sendRequest('shutdown'), gone]);
      await this.connection.sendNotification('exit');
    } catch {
      this.child.kill('SIGKILL');
    }
    await gone;
    clearTimeout(timer);
    this.connection.dispose();
  }

  private async handshake(): Promise<void> {
    const rootUri = pathToFileURL(this.options.rootPath).href;
    const linkSupport = { dynamicRegistration: false, linkSupport: true };
    const result = await this.withTimeout(this.connection.sendRequest<{ capabilities?: Record<string, unknown> }>('initialize', {
      processId: process.pid,
      rootUri,
      workspaceFolders: [{ uri: rootUri, name: path.basename(this.options.rootPath) }],
      capabilities: {
        textDocument: { definition: linkSupport, implementation: linkSupport, references: { dynamicRegistration: false }, synchronization: {} },
        workspace: { workspaceFolders: true, configuration: true },
      },
    }), Math.max(this.timeoutMs, 30_000), 'initialize');
    for (const kind of Object.keys(PROVIDERS) as LocationQueryKind[]) {
      const provider = result?.capabilities?.[PROVIDERS[kind]];
      if (provider !== undefined && provider !== false) this.supported.add(kind);
      else this.options.log?.(`enrich/lsp: the server does not answer ${kind} queries`);
    }
    await this.connection.sendNotification('initialized', {});
  }

  private open(file: string): void {
    if (this.opened.has(file)) return;
    this.opened.add(file);
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (error) {
      this.options.log?.(`enrich/lsp: cannot open ${file}: ${(error as Error).message}`);
      return;
    }
    const languageId = extensionEntry(path.extname(file).toLowerCase())?.lsp ?? 'plaintext';
    void this.connection.sendNotification('textDocument/didOpen', { textDocument: { uri: pathToFileURL(file).href, languageId, version: 1, text } });
  }

  private async ask(method: string, query: SourceLocation, signal?: AbortSignal): Promise<SourceLocation[] | null> {
    const cancellation = new CancellationTokenSource();
    const cancel = (): void => cancellation.cancel();
    signal?.addEventListener('abort', cancel);
    const params = {
      textDocument: { uri: pathToFileURL(query.path).href },
      position: { line: query.line - 1, character: query.character },
      ...(method === METHODS.references ? { context: { includeDeclaration: false } } : {}),
    };
    try {
      const result = await this.withTimeout(this.connection.sendRequest(method, params, cancellation.token), this.timeoutMs, method, cancel);
      return toLocations(result);
    } catch (error) {
      // A server that answers with an error (gopls: "no package for file") has answered:
      // it found nothing there. Timeouts, cancellations and a dead process are no answer.
      return error instanceof ResponseError && !UNANSWERED_CODES.has(error.code) ? [] : null;
    } finally {
      signal?.removeEventListener('abort', cancel);
      cancellation.dispose();
    }
  }

  private withTimeout<T>(promise: Promise<T>, ms: number, what: string, onTimeout?: () => void): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.gone.catch((error: Error) => {
        clearTimeout(timer);
        reject(error);
      });
      const timer = setTimeout(() => {
        onTimeout?.();
        reject(new Error(`enrich/lsp: ${what} took longer than ${ms} ms`));
      }, ms);
      promise.then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  }
}

/** Location, Location[], LocationLink[] or null, as 1-based lines; links point at the declared name. */
function toLocations(result: unknown): SourceLocation[] {
  const items = (Array.isArray(result) ? result : result ? [result] : []) as LspLocation[];
  return items.flatMap((item) => {
    const [uri, range] = 'targetUri' in item ? [item.targetUri, item.targetSelectionRange] : [item.uri, item.range];
    if (!uri?.startsWith('file:') || !range) return [];
    return [{ path: fileURLToPath(uri), line: range.start.line + 1, character: range.start.character }];
  });
}
