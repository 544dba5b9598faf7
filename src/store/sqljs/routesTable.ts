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
    'SELECT service_name, route_pattern, mapping_type, node_hash, created_at FROM route_symbols ORDER BY service_name, route_pattern',
    [],
    routeFromRow,
  );
}
