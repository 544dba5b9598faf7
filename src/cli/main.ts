import { type ErrorCode, errorCode } from '../model';
import packageJson from '../../package.json';
import { maskLocationSecrets } from '../store/location';
import { chosenLocations } from './shownSecrets';
import type { CliIo } from './io';
import {
  CALL_USAGE, ENRICH_USAGE, EXPORT_USAGE, INDEX_USAGE, INGEST_LOGS_USAGE, INGEST_SCIP_USAGE, MCP_CONFIG_USAGE, MCP_USAGE, SERVE_USAGE,
  SNAPSHOTS_USAGE, STATS_USAGE,
} from './usage';

type Command = (argv: string[], io: CliIo) => Promise<number>;

/**
 * README's exit codes by error code: 2 bad usage, 3 a -db file that is not a graph (or
 * read-only for a writer), 4 another writer holds the graph under --no-wait; any other
 * failure is 1.
 */
const EXIT_CODES: Partial<Record<ErrorCode, number>> = { usage: 2, store_open: 3, store_locked: 4 };

/**
 * Each command's module is loaded when it runs: a CLI run pays for its own command only
 * (`ckg index` does not start the MCP SDK, the OTLP receivers or the gRPC stack).
 */
const COMMANDS: Record<string, { load: () => Promise<Command>; usage: string }> = {
  index: { load: async () => (await import('./commands/indexCommand')).indexCommand, usage: INDEX_USAGE },
  enrich: { load: async () => (await import('./commands/enrichCommand')).enrichCommand, usage: ENRICH_USAGE },
  stats: { load: async () => (await import('./commands/statsCommand')).statsCommand, usage: STATS_USAGE },
  export: { load: async () => (await import('./commands/exportCommand')).exportCommand, usage: EXPORT_USAGE },
  snapshots: { load: async () => (await import('./commands/snapshotsCommand')).snapshotsCommand, usage: SNAPSHOTS_USAGE },
  mcp: { load: async () => (await import('./commands/mcpCommand')).mcpCommand, usage: MCP_USAGE },
  'mcp-config': { load: async () => (await import('./commands/mcpConfigCommand')).mcpConfigCommand, usage: MCP_CONFIG_USAGE },
  call: { load: async () => (await import('./commands/callCommand')).callCommand, usage: CALL_USAGE },
  serve: { load: async () => (await import('./commands/serveCommand')).serveCommand, usage: SERVE_USAGE },
  'ingest-logs': { load: async () => (await import('./commands/ingestLogsCommand')).ingestLogsCommand, usage: INGEST_LOGS_USAGE },
  'ingest-scip': { load: async () => (await import('./commands/ingestScipCommand')).ingestScipCommand, usage: INGEST_SCIP_USAGE },
};

function help(): string {
  return `ckg: code knowledge graph\n\nusage:\n${[...Object.values(COMMANDS).map((c) => c.usage), 'ckg --version'].map((line) => `  ${line}`).join('\n')}\n`;
}

function isHelpFlag(arg: string): boolean {
  return arg === '--help' || arg === '-h';
}

/** One command's usage, as `ckg <command> --help` and `ckg help <command>` print it. */
function commandHelp(name: string): string {
  return `usage: ${COMMANDS[name]!.usage}\n`;
}

export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === 'help' && rest.length > 0) {
    const [topic] = rest;
    if (topic !== undefined && Object.hasOwn(COMMANDS, topic)) {
      io.stdout.write(commandHelp(topic));
      return 0;
    }
    io.stderr.write(`ckg help: unknown command '${topic}' (expected one of: ${Object.keys(COMMANDS).join(', ')})\n`);
    return 2;
  }
  if (!name || isHelpFlag(name) || name === 'help') {
    io.stdout.write(help());
    return name ? 0 : 2;
  }
  if (name === '--version' || name === '-v') {
    io.stdout.write(`ckg ${packageJson.version}\n`);
    return 0;
  }
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) {
    io.stderr.write(`ckg: unknown command '${name}' (expected one of: ${Object.keys(COMMANDS).join(', ')})\n`);
    return 2;
  }
  // Asked anywhere among the command's arguments, help wins over running it.
  if (rest.some(isHelpFlag)) {
    io.stdout.write(commandHelp(name));
    return 0;
  }
  try {
    const run = await command.load();
    return await run(rest, io);
  } catch (error) {
    // A server URL given on the command line, in CKG_DB or the config never comes back with its password.
    const locations = [...rest, ...chosenLocations()];
    const masked = (text: string): string => locations.reduce((result, arg) => maskLocationSecrets(result, arg), text);
    const message = (error as Error).message ?? String(error);
    io.stderr.write(`ckg ${name}: ${masked(message)}\n`);
    const code = errorCode(error);
    if (code !== undefined && EXIT_CODES[code] !== undefined) return EXIT_CODES[code];
    if (!(error instanceof Error) || process.env.CKG_DEBUG) io.stderr.write(`${masked((error as Error).stack ?? '')}\n`);
    return 1;
  }
}
