import { type ErrorCode, errorCode } from '../model';
import { maskLocationSecrets } from '../store';
import { exportCommand } from './commands/exportCommand';
import { CALL_USAGE, callCommand } from './commands/callCommand';
import { ENRICH_USAGE, enrichCommand } from './commands/enrichCommand';
import { INDEX_USAGE, indexCommand } from './commands/indexCommand';
import { INGEST_LOGS_USAGE, ingestLogsCommand } from './commands/ingestLogsCommand';
import { INGEST_SCIP_USAGE, ingestScipCommand } from './commands/ingestScipCommand';
import { MCP_USAGE, mcpCommand } from './commands/mcpCommand';
import { MCP_CONFIG_USAGE, mcpConfigCommand } from './commands/mcpConfigCommand';
import { SERVE_USAGE, serveCommand } from './commands/serveCommand';
import { SNAPSHOTS_USAGE, snapshotsCommand } from './commands/snapshotsCommand';
import { statsCommand } from './commands/statsCommand';
import type { CliIo } from './io';

type Command = (argv: string[], io: CliIo) => Promise<number>;

/**
 * README's exit codes by error code: 2 bad usage, 3 a -db file that is not a graph (or
 * read-only for a writer), 4 another writer holds the graph under --no-wait; any other
 * failure is 1.
 */
const EXIT_CODES: Partial<Record<ErrorCode, number>> = { usage: 2, store_open: 3, store_locked: 4 };

const COMMANDS: Record<string, { run: Command; usage: string }> = {
  index: { run: indexCommand, usage: INDEX_USAGE },
  enrich: { run: enrichCommand, usage: ENRICH_USAGE },
  stats: { run: statsCommand, usage: 'ckg stats -db <db_path>' },
  export: { run: exportCommand, usage: 'ckg export -db <db_path> --format jsonl|graphml [--out FILE]' },
  snapshots: { run: snapshotsCommand, usage: SNAPSHOTS_USAGE },
  mcp: { run: mcpCommand, usage: MCP_USAGE },
  'mcp-config': { run: mcpConfigCommand, usage: MCP_CONFIG_USAGE },
  call: { run: callCommand, usage: CALL_USAGE },
  serve: { run: serveCommand, usage: SERVE_USAGE },
  'ingest-logs': { run: (argv, io) => ingestLogsCommand(argv, io), usage: INGEST_LOGS_USAGE },
  'ingest-scip': { run: ingestScipCommand, usage: INGEST_SCIP_USAGE },
};

function help(): string {
  return `ckg: code knowledge graph\n\nusage:\n${Object.values(COMMANDS).map((c) => `  ${c.usage}`).join('\n')}\n`;
}

export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.stdout.write(help());
    return name ? 0 : 2;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.stderr.write(`ckg: unknown command '${name}' (expected one of: ${Object.keys(COMMANDS).join(', ')})\n`);
    return 2;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    // A server URL given on the command line never comes back with its password.
    const masked = (text: string): string => rest.reduce((result, arg) => maskLocationSecrets(result, arg), text);
    const message = (error as Error).message ?? String(error);
    io.stderr.write(`ckg ${name}: ${masked(message)}\n`);
    const code = errorCode(error);
    if (code !== undefined && EXIT_CODES[code] !== undefined) return EXIT_CODES[code];
    if (!(error instanceof Error) || process.env.CKG_DEBUG) io.stderr.write(`${masked((error as Error).stack ?? '')}\n`);
    return 1;
  }
}
