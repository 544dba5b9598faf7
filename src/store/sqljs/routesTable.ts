import type { Hash, RouteSymbolRow } from '../../model';
import type { SqlJsDatabase } from './database';
import { routeFromRow } from './rows';

/**
 * Replaces the route rows a file owns. A row of `rows` takes its pattern over from any
 * other file; a row of `fallbackRows` is kept only while no other row maps the pattern.
 */
export function replaceFileRoutes(
  database: SqlJsDatabase, ownerFileHash: Hash, rows: readonly RouteSymbolRow[], fallbackRows: readonly RouteSymbolRow[],
): void {
  database.run('DELETE FROM route_symbols WHERE owner_file_hash = ?', [ownerFileHash]);
  const insert = (conflict: 'REPLACE' | 'IGNORE', row: RouteSymbolRow): void => {
    database.run(
      `INSERT OR ${conflict} INTO route_symbols (service_name, route_pattern, mapping_type, node_hash, created_at, owner_file_hash)
       VALUES (?, ?, ?, ?, ?, ?)`,
      [row.serviceName, row.routePattern, row.mappingType, row.nodeHash, row.createdAt, ownerFileHash],
    );
  };
  for (const row of rows) insert('REPLACE', row);
  for (const row of fallbackRows) insert('IGNORE', row);
}

export function routeSymbols(database: SqlJsDatabase): RouteSymbolRow[] {
  return database.all(
    // The owning file's live path tells which folder of a monorepo registered the route.
    `SELECT r.service_name, r.route_pattern, r.mapping_type, r.node_hash, r.created_at, f.path
     FROM route_symbols r LEFT JOIN files f ON f.file_hash = r.owner_file_hash AND f.removed_in IS NULL
     ORDER BY r.service_name, r.route_pattern`,
    [],
    routeFromRow,
  );
}
