import * as fs from 'node:fs';
import * as path from 'node:path';
import { UsageError, parseArgs, requireOption } from '../args';
import { dbLocation } from '../dbLocation';
import type { CliIo } from '../io';
import { graphExists, hasPassword, locationWithoutPassword } from '../../store/location';
import { MCP_CLIENTS, type McpClient, clientConfig, clientConfigFile, mergeClientConfig, serverLaunch } from '../mcpClientConfig';
import { MCP_CONFIG_USAGE } from '../usage';

/**
 * `ckg mcp-config`: the MCP client configuration that starts `ckg mcp` on this graph
 * file, with absolute paths. Printed on stdout; with `--write`, entered into the client's
 * project file under `--dir` (default: the working directory), other servers kept.
 */
export async function mcpConfigCommand(argv: string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, ['db', 'config', 'client', 'dir'], ['write']);
  if (args.positionals.length > 0) throw new UsageError(`unexpected argument ${args.positionals[0]}; usage: ${MCP_CONFIG_USAGE}`);
  const client = requireOption(args, 'client', MCP_CLIENTS.join('|'));
  if (!(MCP_CLIENTS as readonly string[]).includes(client)) throw new UsageError(`--client ${client}: expected one of ${MCP_CLIENTS.join(', ')}`);
  const dbPath = dbLocation(args);
  // A client's configuration is a file others read (and often commit): no password in it.
  const launch = serverLaunch(locationWithoutPassword(dbPath));
  if (hasPassword(dbPath)) {
    io.stderr.write(`note: the configuration names ${locationWithoutPassword(dbPath)} without its password; give the server its password through PGPASSWORD in the client's environment (an "env" entry beside "command" in its configuration, kept out of shared files) or a ~/.pgpass line (or the file PGPASSFILE names) for the user the client runs as\n`);
  }
  if (!graphExists(dbPath)) {
    io.stderr.write(`note: ${path.resolve(dbPath)} does not exist yet; index into it first (ckg index <repo_path> -db ${dbPath})\n`);
  }
  if (!args.options.has('write')) {
    if (args.options.has('dir')) throw new UsageError('--dir applies to --write only');
    io.stdout.write(`${JSON.stringify(clientConfig(client as McpClient, launch), null, 2)}\n`);
    return 0;
  }
  const dir = path.resolve(String(args.options.get('dir') ?? '.'));
  const file = clientConfigFile(client as McpClient, dir);
  if (!file) throw new UsageError(`--write: the ${client} client has no configuration file; print the configuration and paste it into the client's own`);
  const existing = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined;
  const text = mergeClientConfig(client as McpClient, launch, file, existing);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  io.stderr.write(`${existing === undefined ? 'wrote' : 'updated'} ${file}\n`);
  return 0;
}
