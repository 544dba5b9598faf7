import type { Hash } from '../../model';
import type { RequestedServiceRecord } from '../records';
import type { SqlJsDatabase } from './database';

/** Replaces the services a repository's files request with what its latest index found. */
export function replaceRepoRequests(database: SqlJsDatabase, repoHash: Hash, requests: readonly RequestedServiceRecord[]): void {
  const foreign = requests.find((r) => r.repoHash !== repoHash);
  if (foreign) throw new Error(`store/repoRequests: a request of repo ${foreign.repoHash} in the list of ${repoHash}`);
  database.run('DELETE FROM repo_requests WHERE repo_hash = ?', [repoHash]);
  for (const request of requests) {
    database.run('INSERT OR REPLACE INTO repo_requests (repo_hash, service, path) VALUES (?, ?, ?)', [repoHash, request.service, request.path]);
  }
}

/** The requests naming any of these services (lower case), of every repository, in a stable order. */
export function requestsOfServices(database: SqlJsDatabase, services: readonly string[]): RequestedServiceRecord[] {
  const wanted = [...new Set(services)];
  if (wanted.length === 0) return [];
  return database.all(
    `SELECT repo_hash, service, path FROM repo_requests WHERE service IN (${wanted.map(() => '?').join(', ')}) ORDER BY repo_hash, service, path`,
    wanted,
    (row) => ({ repoHash: String(row[0]) as Hash, service: String(row[1]), path: String(row[2]) }),
  );
}
