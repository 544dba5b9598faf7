import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { createMcpServer, type ServerDeps } from '../server';
import type { ToolDefinition } from '../tool';

export interface StdioOptions {
  /** Diagnostics; stdout belongs to the protocol alone. */
  readonly log?: (message: string) => void;
  readonly stdin?: NodeJS.ReadableStream;
  readonly stdout?: NodeJS.WritableStream;
  /** Resolving it stops the server (the CLI passes SIGINT/SIGTERM). */
  readonly stop?: Promise<unknown>;
  /** The tools to serve (default: SPEC's 22; `servedTools` adds the extra ones). */
  readonly tools?: readonly ToolDefinition[];
}

/**
 * Serves MCP over stdin/stdout until stdin ends or `stop` resolves. A client that writes
 * its requests and closes stdin (`ckg mcp < requests.jsonl`) still gets every answer:
 * the server closes once the requests it has read are answered.
 */
export async function serveStdio(deps: ServerDeps, options: StdioOptions = {}): Promise<void> {
  const stdin = options.stdin ?? process.stdin;
  const server = createMcpServer(deps, { log: options.log, tools: options.tools });
  const transport = new StdioServerTransport(stdin as never, options.stdout as never);
  const pending = new Set<string | number>();
  let inputEnded = false;
  let done: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => {
    done = resolve;
  });
  let closing = false;
  const close = (): void => {
    if (closing) return;
    closing = true;
    server.close().finally(done);
  };

  const send = transport.send.bind(transport);
  transport.send = async (message: JSONRPCMessage) => {
    await send(message);
    if ('id' in message && !('method' in message) && message.id !== undefined) pending.delete(message.id);
    if (inputEnded && pending.size === 0) close();
  };
  server.server.onclose = () => {
    // The transport closed on its own (a broken pipe): nothing left to close.
    if (!closing) {
      closing = true;
      done();
    }
  };
  await server.connect(transport);
  // Wrapped after connect: the protocol installs its own onmessage there.
  const receive = transport.onmessage;
  transport.onmessage = (message: JSONRPCMessage) => {
    if ('id' in message && 'method' in message && message.id !== undefined) pending.add(message.id);
    receive?.(message);
  };
  const endOfInput = (): void => {
    inputEnded = true;
    if (pending.size === 0) close();
  };
  stdin.once('end', endOfInput);
  stdin.once('close', endOfInput);
  options.stop?.then(() => close());
  await closed;
  stdin.off('end', endOfInput);
  stdin.off('close', endOfInput);
}
