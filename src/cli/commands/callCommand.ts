import { graphExists } from '../../store';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { EXTRA_TOOLS, servedTools } from '../../mcp/registry';
import { createMcpServer } from '../../mcp/server';
import { openServerDeps } from '../../mcp/serverDeps';
import { UsageError, parseArgs, positiveIntegerOption } from '../args';
import { dbLocation } from '../dbLocation';
import type { CliIo } from '../io';
import { CALL_USAGE } from '../usage';

/**
 * `ckg call <tool> '<json>'`: one tool call for scripts and CI, through the same server
 * and an in-process MCP client, so it answers exactly what an agent would get. Prints
 * `structuredContent` as JSON on stdout; an isError result prints its message on stderr
 * and exits 1.
 */
export async function callCommand(argv: string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, ['db', 'config', 'reply-token-cap'], ['extra-tools']);
  const tools = servedTools({ extraTools: args.options.get('extra-tools') === true });
  const [name, json, extra] = args.positionals;
  if (!name) throw new UsageError(`missing <tool>; usage: ${CALL_USAGE}`);
  if (extra !== undefined) throw new UsageError(`unexpected argument ${extra}; usage: ${CALL_USAGE}`);
  if (!tools.some((t) => t.name === name)) {
    if (EXTRA_TOOLS.some((t) => t.name === name)) throw new UsageError(`${name} is an extra tool beyond SPEC's 22: add --extra-tools`);
    throw new UsageError(`unknown tool ${name} (expected one of: ${tools.map((t) => t.name).join(', ')})`);
  }
  const toolArgs = parseToolArgs(json);
  const dbPath = dbLocation(args);
  if (name !== 'index_repo' && !graphExists(dbPath)) throw new UsageError(`-db ${dbPath}: no such file (run ckg index first)`);
  const deps = await openServerDeps(dbPath, {
    replyTokenCap: positiveIntegerOption(args, 'reply-token-cap'),
    log: (message) => io.stderr.write(`${message}\n`),
    writerCommand: 'ckg call',
  });
  const server = createMcpServer(deps, { log: (message) => io.stderr.write(`${message}\n`), tools });
  const client = new Client({ name: 'ckg-call', version: '1' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  try {
    await server.connect(serverSide);
    await client.connect(clientSide);
    const result = await client.callTool({ name, arguments: toolArgs });
    if (result.isError) {
      const text = (result.content as Array<{ type: string; text?: string }>).map((c) => c.text ?? '').join('\n');
      io.stderr.write(`ckg call ${name}: ${text}\n`);
      return 1;
    }
    io.stdout.write(`${JSON.stringify(result.structuredContent, null, 2)}\n`);
    return 0;
  } finally {
    await client.close();
    await server.close();
    await deps.close();
  }
}

function parseToolArgs(json: string | undefined): Record<string, unknown> {
  if (json === undefined) return {};
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    throw new UsageError(`<json-args>: not JSON (${(error as Error).message})`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new UsageError('<json-args>: expected a JSON object such as \'{"prefix":"github.com/acme/shop://"}\'');
  }
  return value as Record<string, unknown>;
}
