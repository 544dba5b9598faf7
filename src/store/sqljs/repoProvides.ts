import type { Hash } from '../../model';
import type { ProvidedModuleRecord } from '../records';
import type { SqlJsDatabase } from './database';

/** Replaces what a repository provides with what its latest index found. */
export function replaceRepoProvides(database: SqlJsDatabase, repoHash: Hash, modules: readonly ProvidedModuleRecord[]): void {
  const foreign = modules.find((m) => m.repoHash !== repoHash);
  if (foreign) throw new Error(`store/repoProvides: a module of repo ${foreign.repoHash} in the list of ${repoHash}`);
  database.run('DELETE FROM repo_provides WHERE repo_hash = ?', [repoHash]);
  for (const module of modules) {
    database.run(
      'INSERT OR REPLACE INTO repo_provides (repo_hash, ecosystem, name, root, entry) VALUES (?, ?, ?, ?, ?)',
      [repoHash, module.ecosystem, module.name, module.root, module.entry ?? ''],
    );
  }
}

/** What every repository provides, in a stable order. */
export function repoProvides(database: SqlJsDatabase): ProvidedModuleRecord[] {
  return database.all(
    'SELECT repo_hash, ecosystem, name, root, entry FROM repo_provides ORDER BY ecosystem, name, repo_hash, root',
    [],
    (row) => {
      const entry = String(row[4]);
      return { repoHash: String(row[0]) as Hash, ecosystem: String(row[1]), name: String(row[2]), root: String(row[3]), ...(entry ? { entry } : {}) };
    },
  );
}
