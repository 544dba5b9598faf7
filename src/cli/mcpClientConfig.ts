import * as fs from 'node:fs';
import * as path from 'node:path';
import { isServerLocation } from '../store/location';

/** The MCP clients `ckg mcp-config --client` writes configuration for. */
export const MCP_CLIENTS = ['vscode', 'cursor', 'claude', 'generic'] as const;
export type McpClient = (typeof MCP_CLIENTS)[number];

/** The name the graph's server is entered under in a client's list of servers. */
export const MCP_SERVER_NAME = 'code-graph';

/** How a client starts the stdio server: an absolute command and its arguments. */
export interface ServerLaunch {
  readonly command: string;
  readonly args: readonly string[];
}

/**
 * The launch of `ckg mcp -db <graph>` with nothing left to PATH: the installed `ckg` when
 * the CLI was started through one (a bin link, `npm install -g`), else this Node and this
 * cli.js by absolute path. Editors started from a desktop often have a shorter PATH than
 * the shell that indexed, so a bare `ckg` or `node` would not be found there.
 */
export function serverLaunch(dbPath: string, script = process.argv[1], node = process.execPath): ServerLaunch {
  // A server URL is not a path; its password is the caller's to leave out (locationWithoutPassword).
  const db = isServerLocation(dbPath) ? dbPath : path.resolve(dbPath);
  const invoked = path.resolve(script);
  const bundle = fs.realpathSync(invoked);
  // An installed bin is a link under another name (`ckg` -> dist/cli.js).
  if (path.basename(invoked) !== path.basename(bundle)) return { command: invoked, args: ['mcp', '-db', db] };
  return { command: node, args: [bundle, 'mcp', '-db', db] };
}

/**
 * The client's configuration for the graph's server, in the client's own format:
 * - vscode: `.vscode/mcp.json`, servers under `servers`, each with `type: "stdio"`;
 * - cursor: `.cursor/mcp.json`, servers under `mcpServers`;
 * - claude (Claude Code, project scope): `.mcp.json`, servers under `mcpServers` with `type`;
 * - generic: the SPEC 1.3 stdio configuration (`command`, `args`, `transport`).
 */
export function clientConfig(client: McpClient, launch: ServerLaunch): Record<string, unknown> {
  const { command } = launch;
  const args = [...launch.args];
  switch (client) {
    case 'vscode':
      return { servers: { [MCP_SERVER_NAME]: { type: 'stdio', command, args } } };
    case 'cursor':
      return { mcpServers: { [MCP_SERVER_NAME]: { command, args } } };
    case 'claude':
      return { mcpServers: { [MCP_SERVER_NAME]: { type: 'stdio', command, args } } };
    case 'generic':
      return { command, args, transport: 'stdio' };
  }
}

/** The project-level file each client reads, under `dir`; generic has none. */
export function clientConfigFile(client: McpClient, dir: string): string | undefined {
  switch (client) {
    case 'vscode':
      return path.join(dir, '.vscode', 'mcp.json');
    case 'cursor':
      return path.join(dir, '.cursor', 'mcp.json');
    case 'claude':
      return path.join(dir, '.mcp.json');
    case 'generic':
      return undefined;
  }
}

/**
 * `existing` (a client's config file's text, if any) with the graph's server entered or
 * replaced, every other server and key kept. A file that is not a JSON object (VS Code
 * accepts comments in mcp.json; this does not) is an error naming it, never overwritten.
 */
export function mergeClientConfig(client: McpClient, launch: ServerLaunch, file: string, existing: string | undefined): string {
  const ours = clientConfig(client, launch);
  const key = Object.keys(ours)[0];
  let current: Record<string, unknown> = {};
  if (existing !== undefined && existing.trim() !== '') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(existing);
    } catch (error) {
      throw new Error(`${file}: not plain JSON (${(error as Error).message}); add the entry printed by ckg mcp-config without --write by hand`);
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error(`${file}: expected a JSON object`);
    current = parsed as Record<string, unknown>;
  }
  const servers = current[key] ?? {};
  if (typeof servers !== 'object' || servers === null || Array.isArray(servers)) throw new Error(`${file}: "${key}" is not an object`);
  const merged = { ...current, [key]: { ...servers, ...(ours[key] as Record<string, unknown>) } };
  return `${JSON.stringify(merged, null, 2)}\n`;
}
