import type { Hash } from '../model';
import { serviceNamedByHost } from '../resolve/httpRoutes';
import type { SymbolTable } from '../resolve/symbolTable';
import type { RequestedServiceRecord } from '../store';

/**
 * The services other repositories may run that files send HTTP requests to: the hosts
 * their URLs write (first label, lower case). A computed, absent or local host names none:
 * such a request stays in its own repository.
 */

/** The services the requests of one file name, sorted. */
function servicesOfFile(table: SymbolTable, path: string): string[] {
  const services = new Set<string>();
  for (const call of table.factsOf(path)?.httpCalls ?? []) {
    const service = serviceNamedByHost(call.url.host);
    if (service !== undefined) services.add(service);
  }
  return [...services].sort();
}

/** The services the requests of these files name. */
export function servicesRequestedBy(table: SymbolTable, paths: Iterable<string>): string[] {
  const services = new Set<string>();
  for (const path of paths) for (const service of servicesOfFile(table, path)) services.add(service);
  return [...services].sort();
}

/** What repo_requests records of a repository: each file sending requests with each service they name. */
export function repoRequests(table: SymbolTable, repoHash: Hash): RequestedServiceRecord[] {
  return table.filesWithHttpCalls().flatMap((path) => servicesOfFile(table, path).map((service) => ({ repoHash, service, path })));
}
