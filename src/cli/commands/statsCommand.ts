import * as fs from 'node:fs';
import { graphExists, isServerLocation, openStore, shownLocation } from '../../store';
import { UsageError, parseArgs } from '../args';
import { dbLocation } from '../dbLocation';
import type { CliIo } from '../io';
import { formatCounts } from './indexCommand';
import { STATS_USAGE } from '../usage';

const PROVIDES_SHOWN = 8;

export async function statsCommand(argv: string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, ['db', 'config']);
  if (args.positionals.length > 0) throw new UsageError(`unexpected argument ${args.positionals[0]}; usage: ${STATS_USAGE}`);
  const dbPath = dbLocation(args);
  if (!graphExists(dbPath)) throw new UsageError(`-db ${dbPath}: no such file (run ckg index first)`);
  const store = await openStore(dbPath);
  try {
    const counts = await store.counts();
    const provides = await store.repoProvides();
    const lines = [
      `repos     ${counts.repos}`,
      ...(await store.repos()).flatMap((r) => {
        const services = (r.services ?? []).map((s) => `${s.name} at ${s.path}`);
        // What other repositories of the graph may import from it (cross-repository links).
        const all = provides.filter((p) => p.repoHash === r.repoHash).map((p) => `${p.ecosystem} ${p.name}`);
        // A Java or C# repository provides every package it declares: name a few.
        const provided = all.length > PROVIDES_SHOWN ? [...all.slice(0, PROVIDES_SHOWN), `and ${all.length - PROVIDES_SHOWN} more`] : all;
        return [
          `  ${r.repoUrl}  ${r.repoHash}  (service ${r.serviceName}${services.length > 0 ? `; services ${services.join(', ')}` : ''})`,
          ...(provided.length > 0 ? [`    provides ${provided.join(', ')}`] : []),
        ];
      }),
      `snapshots ${counts.snapshots}`,
      `files     ${counts.files}`,
      `nodes     ${counts.nodes} (${formatCounts(counts.nodesByKind)})`,
      `edges     ${counts.edges} (${formatCounts(counts.edgesByType)})`,
      // One calls edge per caller and callee, however often the one calls the other.
      `calls     ${counts.edgesByType.calls ?? 0} edges, ${counts.callSites} call sites`,
      `routes    ${(await store.routeSymbols()).length}`,
      isServerLocation(dbPath) ? `db        ${shownLocation(dbPath)}` : `db size   ${(fs.statSync(dbPath).size / 1024 / 1024).toFixed(1)} MiB`,
    ];
    io.stdout.write(`${lines.join('\n')}\n`);
    return 0;
  } finally {
    await store.close();
  }
}
