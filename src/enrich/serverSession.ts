import type { LanguageServerSpec, ServerCommand } from './languageServers';
import { LSP_DEFAULTS, LspOracle } from './lspOracle';
import type { LocationAnswers, LocationOracle, LocationQueryKind, SourceLocation } from './oracle';
import { TSSERVER_DEFAULTS, TsServerOracle } from './tsserverOracle';

export const SESSION_DEFAULTS = {
  /** How long a server may take to load the project and answer its first query. */
  warmUpMs: 120_000,
  /**
   * Queries sent together before the session looks at the answers: a chunk none of which
   * is answered means the server crashed or hangs, and no more than this many wait out
   * their timeout before it is restarted.
   */
  chunkSize: 10,
};

/** A started server: an oracle with a process behind it. */
export interface RunningServer extends LocationOracle {
  readonly running: boolean;
  /** Whether it answers this kind of query at all (pyright has no implementation provider). */
  supports(kind: LocationQueryKind): boolean;
  warmUp(file: string, timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

export interface ServerSessionOptions {
  readonly rootPath: string;
  /** A file of the server's languages to load the project with. */
  readonly firstFile: string;
  /** Per query; a query that takes longer is no answer. */
  readonly timeoutMs?: number;
  readonly warmUpMs?: number;
  readonly chunkSize?: number;
  /** Warnings a user must see: a server that did not start, crashed, hung or was given up. */
  readonly warn: (message: string) => void;
  /** The server's own chatter (stderr, log messages), for --verbose. */
  readonly log?: (message: string) => void;
}

/** Starts the process behind a server spec, speaking its protocol. */
function startServerProcess(server: LanguageServerSpec, command: ServerCommand, options: ServerSessionOptions): RunningServer {
  if (server.protocol === 'tsserver') {
    return new TsServerOracle({ tsserverPath: command.args[0], timeoutMs: options.timeoutMs, log: options.log });
  }
  return new LspOracle({ command: command.command, args: command.args, rootPath: options.rootPath, timeoutMs: options.timeoutMs, log: options.log });
}

/**
 * One language server for the length of a run, started on the first query. A server that
 * does not start or load the project is given up at once; one that crashes, or leaves a
 * whole chunk of queries unanswered (hangs), is restarted once and given up the second
 * time. Given up, it answers every query with null at once, so the enricher leaves the
 * remaining edges as the static pass made them and the run goes on.
 */
export class ServerSession implements LocationOracle {
  private server: RunningServer | undefined;
  private failures = 0;
  private givenUp: string | undefined;

  constructor(private readonly spec: LanguageServerSpec, private readonly command: ServerCommand, private readonly options: ServerSessionOptions) {}

  /** Why the server was given up, or undefined while it works. */
  get failure(): string | undefined {
    return this.givenUp;
  }

  async locations(kind: LocationQueryKind, queries: readonly SourceLocation[], signal?: AbortSignal): Promise<LocationAnswers> {
    const chunkSize = this.options.chunkSize ?? SESSION_DEFAULTS.chunkSize;
    const answers: LocationAnswers = [];
    for (let i = 0; i < queries.length; i += chunkSize) {
      const chunk = queries.slice(i, i + chunkSize);
      answers.push(...(await this.askChunk(kind, chunk, signal)));
    }
    return answers;
  }

  /** What the running server said it provides; unknown (true) before it started or once given up. */
  provides(kind: LocationQueryKind): boolean {
    return this.server?.supports(kind) ?? true;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    await server?.close();
  }

  private async askChunk(kind: LocationQueryKind, chunk: readonly SourceLocation[], signal?: AbortSignal): Promise<LocationAnswers> {
    for (;;) {
      const server = signal?.aborted ? undefined : await this.current();
      // A kind the server does not provide is no answer, and no sign of a hang.
      if (!server || !server.supports(kind)) return chunk.map(() => null);
      const answers = await server.locations(kind, chunk, signal);
      if (signal?.aborted || (server.running && answers.some((answer) => answer !== null))) return answers;
      await this.fail(server.running ? `answered none of ${chunk.length} queries within ${this.timeoutSeconds()} s each (hung?)` : 'exited');
    }
  }

  /** The running server, started (and its project loaded) on first use; undefined once given up. */
  private async current(): Promise<RunningServer | undefined> {
    if (this.givenUp) return undefined;
    if (this.server) return this.server;
    let server: RunningServer;
    try {
      server = startServerProcess(this.spec, this.command, this.options);
    } catch (error) {
      this.giveUp(`did not start: ${(error as Error).message}`);
      return undefined;
    }
    const warmUpMs = this.options.warmUpMs ?? SESSION_DEFAULTS.warmUpMs;
    if (!(await server.warmUp(this.options.firstFile, warmUpMs))) {
      await server.close().catch(() => undefined);
      this.giveUp(server.running ? `did not load the project within ${warmUpMs / 1000} s` : `did not start (${this.command.command})`);
      return undefined;
    }
    this.server = server;
    return server;
  }

  private async fail(why: string): Promise<void> {
    const server = this.server;
    this.server = undefined;
    await server?.close().catch(() => undefined);
    this.failures++;
    if (this.failures > 1) this.giveUp(`${why} again after a restart`);
    else this.options.warn(`${this.spec.id} ${why}; restarting it once`);
  }

  private giveUp(why: string): void {
    this.givenUp = why;
    this.options.warn(`${this.spec.id} ${why}; skipped: its files keep their static edges`);
  }

  private timeoutSeconds(): number {
    return (this.options.timeoutMs ?? (this.spec.protocol === 'tsserver' ? TSSERVER_DEFAULTS : LSP_DEFAULTS).timeoutMs) / 1000;
  }
}
