import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { type McpServerOptions, type ServerDeps, createMcpServer } from '../../src/mcp/server';
import { type OpenServerDeps, type ServerDepsOptions, serverDepsFor } from '../../src/mcp/serverDeps';
import type { GraphStore } from '../../src/store';
import { indexFixture } from '../helpers/indexFixture';

/** A real SDK client talking to a real server over the SDK's in-memory linked pair. */
export interface Connected {
  readonly client: Client;
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
  close(): Promise<void>;
}

export async function connect(deps: ServerDeps, options: McpServerOptions = {}): Promise<Connected> {
  const server = createMcpServer(deps, options);
  const client = new Client({ name: 'test', version: '1' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await client.connect(clientSide);
  return {
    client,
    call: async (name, args = {}) => (await client.callTool({ name, arguments: args })) as CallToolResult,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

/** Deps over a fixture repo indexed into memory (repo URL `fixtures/<name>`). */
export async function fixtureDeps(name: string, options: ServerDepsOptions = {}): Promise<{ deps: OpenServerDeps; store: GraphStore }> {
  const store = await indexFixture(name);
  return { deps: serverDepsFor(store, options), store };
}

/** The text of a result's content blocks, joined. */
export function textOf(result: CallToolResult): string {
  return result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
}

/** structuredContent, asserting the call succeeded. */
export function structured<T = Record<string, unknown>>(result: CallToolResult): T {
  if (result.isError) throw new Error(`expected success, got isError: ${textOf(result)}`);
  return result.structuredContent as T;
}
