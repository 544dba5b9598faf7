import type { Hash, RouteSymbolRow } from '../../model';
import type { EnrichmentState, EnrichmentSummary, FeedbackCounts, FileStatRecord, ProvidedModuleRecord, RequestedServiceRecord, StoredFacts } from '../records';
import { hashIds, idIn, idOf, live } from './rows';
import type { Sql } from './sql';

/**
 * The tables beside the graph: facts, routes, feedback votes, enrichment visits, and what
 * repositories provide and request. Validation messages are the graph-file store's.
 */

// Facts (migration 003)

/** FactsCache.facts (roles.ts) over PostgreSQL. */
export async function facts(sql: Sql, fileHash: Hash, contentHash: Hash, formatVersion: number): Promise<Uint8Array | undefined> {
  const bytes = await sql.scalar(
    `SELECT facts FROM file_facts WHERE file_id = ${idOf(1)} AND content_hash = $2 AND facts_version = $3`, [fileHash, contentHash, formatVersion],
  );
  // The driver answers a Buffer; callers get the plain bytes the seam promises.
  return bytes instanceof Uint8Array ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) : undefined;
}

/** FactsCache.putFacts (roles.ts) over PostgreSQL. */
export async function putFacts(sql: Sql, fileHash: Hash, contentHash: Hash, formatVersion: number, encoded: Uint8Array): Promise<void> {
  const ids = await hashIds(sql, [fileHash]);
  await sql.run(
    `INSERT INTO file_facts (file_id, content_hash, facts_version, facts) VALUES ($1, $2, $3, $4)
     ON CONFLICT (file_id) DO UPDATE SET content_hash = excluded.content_hash, facts_version = excluded.facts_version, facts = excluded.facts`,
    [idIn(ids, fileHash), contentHash, formatVersion, Buffer.from(encoded.buffer, encoded.byteOffset, encoded.byteLength)],
  );
}

/** FactsCache.staleFactsCount (roles.ts) over PostgreSQL. */
export async function staleFactsCount(sql: Sql, repoHash: Hash, formatVersion: number): Promise<number> {
  return Number(await sql.scalar(
    `SELECT count(*) FROM file_facts ff JOIN files f ON f.file_id = ff.file_id AND ${live('f')}
     WHERE f.repo_id = ${idOf(1)} AND ff.facts_version <> $2`,
    [repoHash, formatVersion],
  ));
}

/** FactsCache.liveFactsOfRepo (roles.ts) over PostgreSQL. */
export async function liveFactsOfRepo(sql: Sql, repoHash: Hash, formatVersion: number): Promise<Map<Hash, StoredFacts>> {
  const stored = new Map<Hash, StoredFacts>();
  await sql.forEach(
    `SELECT h.hash, ff.content_hash, ff.facts FROM file_facts ff JOIN files f ON f.file_id = ff.file_id AND ${live('f')}
     JOIN hashes h ON h.id = ff.file_id
     WHERE f.repo_id = ${idOf(1)} AND ff.facts_version = $2`,
    [repoHash, formatVersion],
    ([fileHash, contentHash, bytes]) => {
      if (bytes instanceof Uint8Array) {
        stored.set(String(fileHash), { contentHash: String(contentHash), encoded: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) });
      }
    },
  );
  return stored;
}

/** FactsCache.deleteFacts (roles.ts) over PostgreSQL. */
export async function deleteFacts(sql: Sql, fileHash: Hash): Promise<void> {
  await sql.run(`DELETE FROM file_facts WHERE file_id = ${idOf(1)}`, [fileHash]);
}

// Routes (migration 003)

/**
 * Replaces the route rows a file owns. A row of `rows` takes its pattern over from any
 * other file; a row of `fallbackRows` is kept only while no other row maps the pattern.
 */
export async function replaceFileRoutes(
  sql: Sql, ownerFileHash: Hash, rows: readonly RouteSymbolRow[], fallbackRows: readonly RouteSymbolRow[],
): Promise<void> {
  const ids = await hashIds(sql, [ownerFileHash, ...rows.map((r) => r.nodeHash), ...fallbackRows.map((r) => r.nodeHash)]);
  const ownerId = idIn(ids, ownerFileHash);
  await sql.run('DELETE FROM route_symbols WHERE owner_file_id = $1', [ownerId]);
  const insert = async (onConflict: string, row: RouteSymbolRow): Promise<void> => {
    await sql.run(
      `INSERT INTO route_symbols (service_name, route_pattern, mapping_type, node_id, created_at, owner_file_id) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (service_name, route_pattern, mapping_type) ${onConflict}`,
      [row.serviceName, row.routePattern, row.mappingType, idIn(ids, row.nodeHash), row.createdAt, ownerId],
    );
  };
  for (const row of rows) {
    await insert('DO UPDATE SET node_id = excluded.node_id, created_at = excluded.created_at, owner_file_id = excluded.owner_file_id', row);
  }
  for (const row of fallbackRows) await insert('DO NOTHING', row);
}

/** GraphReader.routeSymbols (roles.ts) over PostgreSQL. */
export function routeSymbols(sql: Sql): Promise<RouteSymbolRow[]> {
  return sql.rows(
    // The owning file's live path tells which folder of a monorepo registered the route.
    `SELECT r.service_name, r.route_pattern, r.mapping_type, hn.hash, r.created_at, f.path
     FROM route_symbols r JOIN hashes hn ON hn.id = r.node_id LEFT JOIN files f ON f.file_id = r.owner_file_id AND ${live('f')}
     ORDER BY r.service_name, r.route_pattern`,
    [],
    (row) => ({
      serviceName: row[0] as string, routePattern: row[1] as string, mappingType: row[2] as RouteSymbolRow['mappingType'],
      nodeHash: row[3] as string, createdAt: row[4] as number, ...(typeof row[5] === 'string' ? { ownerPath: row[5] } : {}),
    }),
  );
}

// Feedback (migration 005): one vote per symbol per session, the latest kept

/** FeedbackStore.recordFeedback (roles.ts) over PostgreSQL. */
export async function recordFeedback(sql: Sql, symbolHash: Hash, sessionId: string, useful: boolean, at: number): Promise<void> {
  if (sessionId.length === 0) throw new Error('store/feedback: sessionId must not be empty');
  if (!Number.isInteger(at) || at < 0) throw new Error('store/feedback: at must be a Unix time in whole seconds');
  const ids = await hashIds(sql, [symbolHash]);
  await sql.run(
    `INSERT INTO feedback (symbol_id, session_id, useful, at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (symbol_id, session_id) DO UPDATE SET useful = excluded.useful, at = excluded.at`,
    [idIn(ids, symbolHash), sessionId, useful ? 1 : 0, at],
  );
}

/** FeedbackStore.feedbackCounts (roles.ts) over PostgreSQL. */
export async function feedbackCounts(sql: Sql, symbolHashes: readonly Hash[] | 'all'): Promise<Map<Hash, FeedbackCounts>> {
  const counts = new Map<Hash, FeedbackCounts>();
  if (symbolHashes.length === 0) return counts;
  const select = 'SELECT h.hash, sum(v.useful), sum(1 - v.useful) FROM feedback v JOIN hashes h ON h.id = v.symbol_id';
  const map = (row: unknown[]): [Hash, FeedbackCounts] => [row[0] as string, { useful: Number(row[1]), notUseful: Number(row[2]) }];
  const rows = symbolHashes === 'all'
    ? await sql.rows(`${select} GROUP BY h.hash ORDER BY h.hash`, [], map)
    : await sql.rows(`${select} WHERE h.hash = ANY($1::text[]) GROUP BY h.hash ORDER BY h.hash`, [symbolHashes], map);
  for (const [hash, count] of rows) counts.set(hash, count);
  return counts;
}

// Enrichment visits (migration 008)

/** EnrichmentLog.recordEnrichment (roles.ts) over PostgreSQL. */
export async function recordEnrichment(sql: Sql, states: readonly EnrichmentState[]): Promise<void> {
  for (const state of states) {
    if (!Number.isInteger(state.at) || state.at < 0) throw new Error('store/enrichment: at must be a Unix time in whole seconds');
    if (state.source === '') throw new Error('store/enrichment: source must not be empty');
  }
  if (states.length === 0) return;
  const ids = await hashIds(sql, states.map((s) => s.fileHash));
  for (const state of states) {
    await sql.run(
      `INSERT INTO enrichment_state (file_id, source, content_hash, input_digest, edges_digest, at) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (file_id, source) DO UPDATE SET content_hash = excluded.content_hash, input_digest = excluded.input_digest,
         edges_digest = excluded.edges_digest, at = excluded.at`,
      [idIn(ids, state.fileHash), state.source, state.contentHash, state.inputDigest, state.edgesDigest, state.at],
    );
  }
}

/** EnrichmentLog.enrichmentStates (roles.ts) over PostgreSQL. */
export async function enrichmentStates(sql: Sql, source: string, fileHashes: readonly Hash[]): Promise<EnrichmentState[]> {
  if (fileHashes.length === 0) return [];
  return sql.rows(
    `SELECT h.hash, s.source, s.content_hash, s.input_digest, s.edges_digest, s.at FROM enrichment_state s JOIN hashes h ON h.id = s.file_id
     WHERE s.source = $1 AND h.hash = ANY($2::text[]) ORDER BY h.hash`,
    [source, fileHashes],
    (row) => ({
      fileHash: row[0] as string, source: row[1] as string, contentHash: row[2] as string, inputDigest: row[3] as string,
      edgesDigest: row[4] as string, at: Number(row[5]),
    }),
  );
}

/** EnrichmentLog.enrichmentSummary (roles.ts) over PostgreSQL. */
export function enrichmentSummary(sql: Sql, repoHash?: Hash): Promise<EnrichmentSummary[]> {
  return sql.rows(
    `SELECT s.source, count(*), max(s.at) FROM enrichment_state s
     JOIN files f ON f.file_id = s.file_id AND ${live('f')} AND f.content_hash = s.content_hash
     ${repoHash ? `WHERE f.repo_id = ${idOf(1)}` : ''} GROUP BY s.source ORDER BY s.source`,
    repoHash ? [repoHash] : [],
    (row) => ({ source: row[0] as string, files: Number(row[1]), lastAt: Number(row[2]) }),
  );
}

// What repositories provide (migration 009) and request (migration 012)

/** ProvidesRegistry.replaceRepoProvides (roles.ts) over PostgreSQL. */
export async function replaceRepoProvides(sql: Sql, repoHash: Hash, modules: readonly ProvidedModuleRecord[]): Promise<void> {
  const foreign = modules.find((m) => m.repoHash !== repoHash);
  if (foreign) throw new Error(`store/repoProvides: a module of repo ${foreign.repoHash} in the list of ${repoHash}`);
  const repoId = idIn(await hashIds(sql, [repoHash]), repoHash);
  await sql.run('DELETE FROM repo_provides WHERE repo_id = $1', [repoId]);
  // A module listed twice: the later entry wins, as the graph-file store's INSERT OR REPLACE has it.
  const unique = [...new Map(modules.map((m) => [JSON.stringify([m.ecosystem, m.name, m.root]), m])).values()];
  if (unique.length === 0) return;
  await sql.run(
    `INSERT INTO repo_provides (repo_id, ecosystem, name, root, entry) SELECT $1, u.* FROM unnest($2::text[], $3::text[], $4::text[], $5::text[]) AS u
     ON CONFLICT (repo_id, ecosystem, name, root) DO NOTHING`,
    [repoId, unique.map((m) => m.ecosystem), unique.map((m) => m.name), unique.map((m) => m.root), unique.map((m) => m.entry ?? '')],
  );
}

/** ProvidesRegistry.repoProvides (roles.ts) over PostgreSQL. */
export function repoProvides(sql: Sql): Promise<ProvidedModuleRecord[]> {
  return sql.rows(
    'SELECT h.hash, p.ecosystem, p.name, p.root, p.entry FROM repo_provides p JOIN hashes h ON h.id = p.repo_id ORDER BY p.ecosystem, p.name, h.hash, p.root',
    [],
    (row) => {
      const entry = row[4] as string;
      return { repoHash: row[0] as string, ecosystem: row[1] as string, name: row[2] as string, root: row[3] as string, ...(entry ? { entry } : {}) };
    },
  );
}

/** RequestsRegistry.replaceRepoRequests (roles.ts) over PostgreSQL. */
export async function replaceRepoRequests(sql: Sql, repoHash: Hash, requests: readonly RequestedServiceRecord[]): Promise<void> {
  const foreign = requests.find((r) => r.repoHash !== repoHash);
  if (foreign) throw new Error(`store/repoRequests: a request of repo ${foreign.repoHash} in the list of ${repoHash}`);
  const repoId = idIn(await hashIds(sql, [repoHash]), repoHash);
  await sql.run('DELETE FROM repo_requests WHERE repo_id = $1', [repoId]);
  if (requests.length === 0) return;
  await sql.run(
    `INSERT INTO repo_requests (repo_id, service, path) SELECT $1, u.* FROM unnest($2::text[], $3::text[]) AS u
     ON CONFLICT (repo_id, service, path) DO NOTHING`,
    [repoId, requests.map((r) => r.service), requests.map((r) => r.path)],
  );
}

/** RequestsRegistry.requestsOfServices (roles.ts) over PostgreSQL. */
export async function requestsOfServices(sql: Sql, services: readonly string[]): Promise<RequestedServiceRecord[]> {
  const wanted = [...new Set(services)];
  if (wanted.length === 0) return [];
  return sql.rows(
    `SELECT h.hash, q.service, q.path FROM repo_requests q JOIN hashes h ON h.id = q.repo_id
     WHERE q.service = ANY($1::text[]) ORDER BY h.hash, q.service, q.path`,
    [wanted],
    (row) => ({ repoHash: row[0] as string, service: row[1] as string, path: row[2] as string }),
  );
}

/** FileStatCache.fileStats (roles.ts) over PostgreSQL. */
export async function fileStats(sql: Sql, repoHash: Hash): Promise<Map<string, FileStatRecord>> {
  return new Map(await sql.rows(
    `SELECT s.path, s.signature, s.content_hash FROM file_stats s WHERE s.repo_id = ${idOf(1)}`,
    [repoHash],
    (row) => [row[0] as string, { path: row[0] as string, signature: row[1] as string, contentHash: row[2] as string }] as const,
  ));
}

/** FileStatCache.putFileStats (roles.ts) over PostgreSQL: one statement for the lot. */
export async function putFileStats(sql: Sql, repoHash: Hash, records: readonly FileStatRecord[]): Promise<void> {
  if (records.length === 0) return;
  const latest = [...new Map(records.map((record) => [record.path, record])).values()];
  const repoId = idIn(await hashIds(sql, [repoHash]), repoHash);
  await sql.run(
    `INSERT INTO file_stats (repo_id, path, signature, content_hash) SELECT $1, u.* FROM unnest($2::text[], $3::text[], $4::text[]) AS u
     ON CONFLICT (repo_id, path) DO UPDATE SET signature = excluded.signature, content_hash = excluded.content_hash`,
    [repoId, latest.map((r) => r.path), latest.map((r) => r.signature), latest.map((r) => r.contentHash)],
  );
}

/** FileStatCache.deleteFileStats (roles.ts) over PostgreSQL. */
export async function deleteFileStats(sql: Sql, repoHash: Hash, paths: readonly string[]): Promise<void> {
  if (paths.length === 0) return;
  await sql.run(`DELETE FROM file_stats WHERE repo_id = ${idOf(1)} AND path = ANY($2::text[])`, [repoHash, [...paths]]);
}
