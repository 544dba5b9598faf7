import * as fs from 'node:fs';
import * as readline from 'node:readline';
import { CKG_CONFIG_DEFAULTS, ConfigError, loadConfigFile } from '../../runtime/config';
import { parseLogLine } from '../../runtime/accessLogs';
import { RuntimeIngestor } from '../../runtime/ingestor';
import type { HTTPLogEntry } from '../../runtime/spans';
import { graphExists, openStore } from '../../store';
import { UsageError, parseArgs, writerLock } from '../args';
import { dbLocation } from '../dbLocation';
import type { CliIo } from '../io';
import { INGEST_LOGS_USAGE } from '../usage';

const BATCH = 1000;
/** Unreadable lines listed in the summary; the rest are only counted. */
const SHOWN_ERRORS = 5;

/**
 * `ckg ingest-logs`: HTTP access logs (common/combined format or JSON lines) from a file
 * or stdin (`-`) into runtime edges (SPEC 2.9 IngestHTTPLogs). `--service` names the
 * serving service for lines that do not. Unreadable lines are counted and the first few
 * named by line number; they never stop the run. The graph is saved at the end.
 */
export async function ingestLogsCommand(argv: string[], io: CliIo, stdin: NodeJS.ReadableStream = process.stdin): Promise<number> {
  const args = parseArgs(argv, ['db', 'service', 'config'], ['no-wait']);
  if (args.positionals.length !== 1) throw new UsageError(`expected one log file (or - for stdin); usage: ${INGEST_LOGS_USAGE}`);
  const [source] = args.positionals;
  const dbPath = dbLocation(args);
  if (!graphExists(dbPath)) throw new UsageError(`-db ${dbPath}: no such file (run ckg index first, so routes can be mapped)`);
  if (source !== '-' && !fs.existsSync(source)) throw new UsageError(`${source}: no such file`);
  const service = args.options.get('service');
  if (service === true || service === '') throw new UsageError('--service: expected a service name');
  const configFile = args.options.get('config');
  if (configFile === true) throw new UsageError('--config: expected a file');
  let config = CKG_CONFIG_DEFAULTS.traceIngestion;
  try {
    if (configFile) config = loadConfigFile(configFile).traceIngestion;
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(error.message);
    throw error;
  }

  const store = await openStore(dbPath, { writer: writerLock(args, 'ckg ingest-logs', io) });
  try {
    const ingestor = new RuntimeIngestor(() => store, { config });
    const input = source === '-' ? stdin : fs.createReadStream(source);
    const lines = readline.createInterface({ input, crlfDelay: Infinity });
    let lineNumber = 0;
    let read = 0;
    let created = 0;
    let updated = 0;
    const errors: string[] = [];
    let skipped = 0;
    let batch: HTTPLogEntry[] = [];
    const flush = async (): Promise<void> => {
      if (batch.length === 0) return;
      const result = await ingestor.ingestHTTPLogs(batch);
      created += result.created;
      updated += result.updated;
      batch = [];
    };
    for await (const line of lines) {
      lineNumber++;
      if (line.trim() === '') continue;
      const parsed = parseLogLine(line, { serviceName: service });
      if (!parsed.entry) {
        skipped++;
        if (errors.length < SHOWN_ERRORS) errors.push(`  line ${lineNumber}: ${parsed.error}`);
        continue;
      }
      read++;
      batch.push(parsed.entry);
      if (batch.length >= BATCH) await flush();
    }
    await flush();
    await store.save();
    io.stdout.write(`ingested ${read} log entries: ${created} runtime edges created, ${updated} updated; ${skipped} lines skipped\n`);
    if (errors.length > 0) io.stderr.write(`unreadable lines${skipped > errors.length ? ` (first ${errors.length} of ${skipped})` : ''}:\n${errors.join('\n')}\n`);
    return read === 0 && skipped > 0 ? 1 : 0;
  } finally {
    await store.close();
  }
}
