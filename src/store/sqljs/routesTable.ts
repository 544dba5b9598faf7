import type { Hash, RouteSymbolRow } from '../../model';
import type { SqlJsDatabase } from './database';
import { ID_OF, ensureId } from './hashIds';
import { routeFromRow } from './rows';

/**
 * Replaces the route rows a file owns. A row of `rows` takes its pattern over from any
 * other file; a row of `fallbackRows` is kept only while no other row maps the pattern.
 */
export function replaceFileRoutes(
  database: SqlJsDatabase, ownerFileHash: Hash, rows: readonly RouteSymbolRow[], fallbackRows: readonly RouteSymbolRow[],
): void {
  database.run(`DELETE FROM route_symbols WHERE owner_file_id = ${ID_OF}`, [ownerFileHash]);
  if (rows.length === 0 && fallbackRows.length === 0) return;
  const ownerFileId = ensureId(database, ownerFileHash);
  const insert = (conflict: 'REPLACE' | 'IGNORE', row: RouteSymbolRow): void => {
    database.run(
      `INSERT OR ${conflict} INTO route_symbols (service_name, route_pattern, mapping_type, node_id, created_at, owner_file_id)
       VALUES (?, ?, ?, ?, ?, ?)`,
      [row.serviceName, row.routePattern, row.mappingType, ensureId(database, row.nodeHash), row.createdAt, ownerFileId],
    );
  };
  for (const row of rows) insert('REPLACE', row);
  for (const row of fallbackRows) insert('IGNORE', row);
}

export function routeSymbols(database: SqlJsDatabase): RouteSymbolRow[] {
  return database.all(
    // The owning file's live path tells which folder of a monorepo registered the route.
    `SELECT r.service_name, r.route_pattern, r.mapping_type, h.hash, r.created_at, f.path
     FROM route_symbols r JOIN hashes h ON h.id = r.node_id LEFT JOIN files f ON f.file_id = r.owner_file_id AND f.removed_in IS NULL
     ORDER BY r.service_name, r.route_pattern`,
    [],
    routeFromRow,
  );
}
