import { describeRepos, describeSnapshots } from '../../mcp/resources';
import { graphExists, openStore } from '../../store';
import { UsageError, parseArgs } from '../args';
import { dbLocation } from '../dbLocation';
import type { CliIo } from '../io';
import { SNAPSHOTS_USAGE } from '../usage';

/**
 * `ckg snapshots`: repositories and their snapshots, newest first, with the hashes the
 * tools take: the same descriptions as the ckg://repos resources.
 */
export async function snapshotsCommand(argv: string[], io: CliIo): Promise<number> {
  const args = parseArgs(argv, ['db', 'config'], ['json']);
  if (args.positionals.length > 0) throw new UsageError(`unexpected argument ${args.positionals[0]}; usage: ${SNAPSHOTS_USAGE}`);
  const dbPath = dbLocation(args);
  if (!graphExists(dbPath)) throw new UsageError(`-db ${dbPath}: no such file (run ckg index first)`);
  const store = await openStore(dbPath);
  try {
    const repos = [];
    for (const repo of await describeRepos(store)) repos.push({ ...repo, snapshots: await describeSnapshots(store, repo.repo_hash) });
    if (args.options.has('json')) {
      io.stdout.write(`${JSON.stringify(repos, null, 2)}\n`);
      return 0;
    }
    const lines = repos.length === 0 ? ['no repositories (run ckg index first)'] : [];
    for (const repo of repos) {
      lines.push(`${repo.repo_url}  repo ${repo.repo_hash}${repo.service_name ? `  service ${repo.service_name}` : ''}`);
      for (const s of repo.snapshots) {
        lines.push(
          `  snapshot ${s.snapshot_hash}  commit ${s.commit || '(none)'}  ${s.created}`
          + `  parent ${s.parent_commit || '(none)'}${s.dirty ? '  dirty' : ''}  files ${s.files} nodes ${s.nodes} edges ${s.edges}`,
        );
      }
    }
    io.stdout.write(`${lines.join('\n')}\n`);
    return 0;
  } finally {
    await store.close();
  }
}
