import { type RepoRecord, type ServiceLayout, serviceLayoutKey, serviceNamesOf } from '../model';
import type { SymbolTable } from '../resolve/symbolTable';
import type { GraphReader } from '../store';

/**
 * The files whose route rows must be written again because the repository's service
 * layout (`service_name`, `services`) changed since its last index, even when no file
 * did: every file that registers routes now, and every file of the repository that owns
 * a row under one of its former service names. Re-linking them re-names their rows;
 * nothing is parsed again. Empty when the layout is unchanged or the repo is new.
 */
export async function filesToRename(
  store: GraphReader, before: RepoRecord | undefined, now: ServiceLayout, table: SymbolTable,
): Promise<string[]> {
  if (!before || serviceLayoutKey(before) === serviceLayoutKey(now)) return [];
  const files = new Set([...table.files()].filter((p) => (table.factsOf(p)?.routes.length ?? 0) > 0));
  const formerNames = new Set(serviceNamesOf(before));
  for (const row of await store.routeSymbols()) {
    // A path another repository shares is harmless here: re-linking an unchanged file rewrites the same rows.
    if (row.ownerPath !== undefined && formerNames.has(row.serviceName) && table.factsOf(row.ownerPath)) files.add(row.ownerPath);
  }
  return [...files];
}

/** Whether a repository's service layout differs from the one it was last indexed with. */
export function serviceLayoutChanged(before: RepoRecord | undefined, now: ServiceLayout): boolean {
  return before !== undefined && serviceLayoutKey(before) !== serviceLayoutKey(now);
}
