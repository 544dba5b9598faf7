import * as fs from 'node:fs';
import { EXPORT_FORMATS, type ExportFormat, exportGraphml, exportJsonl } from '../../export/graphExport';
import { graphExists, openStore } from '../../store';
import { UsageError, parseArgs } from '../args';
import { dbLocation } from '../dbLocation';
import type { CliIo } from '../io';
import { EXPORT_USAGE } from '../usage';

export async function exportCommand(argv: string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, ['db', 'config', 'format', 'out']);
  if (args.positionals.length > 0) throw new UsageError(`unexpected argument ${args.positionals[0]}; usage: ${EXPORT_USAGE}`);
  const dbPath = dbLocation(args);
  const format = (args.options.get('format') ?? 'jsonl') as string;
  if (!EXPORT_FORMATS.includes(format as ExportFormat)) throw new UsageError(`--format ${format}: expected one of ${EXPORT_FORMATS.join(', ')}`);
  if (!graphExists(dbPath)) throw new UsageError(`-db ${dbPath}: no such file (run ckg index first)`);
  const store = await openStore(dbPath);
  const out = args.options.get('out');
  const sink: NodeJS.WritableStream = typeof out === 'string' ? fs.createWriteStream(out) : io.stdout;
  try {
    const chunks = format === 'graphml' ? exportGraphml(store) : exportJsonl(store);
    for await (const chunk of chunks) {
      if (!sink.write(chunk)) await new Promise<void>((resolve) => sink.once('drain', () => resolve()));
    }
    if (sink !== io.stdout) await new Promise<void>((resolve, reject) => (sink as fs.WriteStream).end((e?: Error) => (e ? reject(e) : resolve())));
    return 0;
  } finally {
    await store.close();
  }
}
