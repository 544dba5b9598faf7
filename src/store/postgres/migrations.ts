/**
 * The PostgreSQL schema, in the sql.js store's migration numbers (src/store/sqljs/migrations)
 * so that one schema version means the same tables on both backends. It was built once, on
 * the integer-id shape of issue 19 (every node, edge, file and repo hash stored once in
 * `hashes`, rows holding bigint ids), so 001 creates that shape directly, 013 (sql.js's
 * event ranges) and 014 (sql.js's rewrite into ids) are recorded no-ops.
 *
 * Text columns compare and sort in the "C" collation: answers are ordered by code point as
 * sql.js orders them, whatever locale the database was created with, and the prefix range
 * of nodesByPrefix holds.
 */

/** One numbered step of the schema. */
export interface PostgresMigration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

const TEXT = 'text COLLATE "C"';

/** Every migration, in order. */
export const POSTGRES_MIGRATIONS: readonly PostgresMigration[] = [
  {
    version: 1,
    name: 'core',
    sql: `
-- Every node, edge, file and repo hash, stored once; rows hold its id. An id is never
-- changed or reused. Id 0 is the empty hash: the file of a repo-level node, the owner of
-- a runtime edge.
CREATE TABLE hashes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  hash ${TEXT} NOT NULL UNIQUE
);
INSERT INTO hashes (id, hash) OVERRIDING SYSTEM VALUE VALUES (0, '');

-- Committed writes, read by every process that shares the database (StoreGeneration).
CREATE TABLE generation (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  total bigint NOT NULL,
  runtime bigint NOT NULL
);
INSERT INTO generation (total, runtime) VALUES (0, 0);

CREATE TABLE repos (
  repo_id bigint PRIMARY KEY,
  repo_url ${TEXT} NOT NULL UNIQUE,
  root_path ${TEXT} NOT NULL,
  service_name ${TEXT} NOT NULL DEFAULT '',
  created_at bigint NOT NULL
);

-- Validity intervals in per-repo snapshot seqs: live at S when added_in <= S AND (removed_in IS NULL OR removed_in > S).
CREATE TABLE files (
  file_id bigint NOT NULL,
  repo_id bigint NOT NULL,
  path ${TEXT} NOT NULL,
  content_hash ${TEXT} NOT NULL,
  language ${TEXT} NOT NULL,
  size_bytes bigint NOT NULL,
  added_in integer NOT NULL,
  removed_in integer,
  PRIMARY KEY (file_id, added_in)
);
CREATE INDEX files_live ON files (repo_id, path) WHERE removed_in IS NULL;

CREATE TABLE nodes (
  node_id bigint NOT NULL,
  file_id bigint NOT NULL,
  repo_id bigint NOT NULL,
  qualified_name ${TEXT} NOT NULL,
  kind ${TEXT} NOT NULL,
  line integer NOT NULL,
  col integer NOT NULL,
  end_line integer NOT NULL,
  signature ${TEXT} NOT NULL,
  body_hash ${TEXT} NOT NULL,
  doc ${TEXT} NOT NULL,
  added_in integer NOT NULL,
  removed_in integer,
  PRIMARY KEY (node_id, added_in)
);
CREATE UNIQUE INDEX nodes_live_hash ON nodes (node_id) WHERE removed_in IS NULL;
CREATE INDEX nodes_live_file ON nodes (file_id, repo_id) WHERE removed_in IS NULL;
CREATE INDEX nodes_qualified_name ON nodes (qualified_name);

CREATE TABLE edges (
  edge_id bigint NOT NULL,
  source_id bigint NOT NULL,
  target_id bigint NOT NULL,
  edge_type ${TEXT} NOT NULL,
  provenance ${TEXT} NOT NULL,
  confidence double precision NOT NULL,
  call_site_file ${TEXT} NOT NULL,
  call_site_line integer NOT NULL,
  call_site_col integer NOT NULL,
  owner_file_id bigint NOT NULL,
  repo_id bigint NOT NULL,
  added_in integer NOT NULL,
  removed_in integer,
  PRIMARY KEY (edge_id, added_in)
);
CREATE UNIQUE INDEX edges_live_hash ON edges (edge_id) WHERE removed_in IS NULL;
CREATE INDEX edges_live_source ON edges (source_id, edge_type) WHERE removed_in IS NULL;
CREATE INDEX edges_live_target ON edges (target_id, edge_type) WHERE removed_in IS NULL;
CREATE INDEX edges_live_owner ON edges (owner_file_id) WHERE removed_in IS NULL;`,
  },
  {
    version: 2,
    name: 'snapshots',
    sql: `
CREATE TABLE snapshots (
  snapshot_hash ${TEXT} PRIMARY KEY,
  repo_id bigint NOT NULL,
  seq integer NOT NULL,
  commit_hash ${TEXT} NOT NULL,
  parent_commit ${TEXT} NOT NULL,
  dirty boolean NOT NULL,
  created_at bigint NOT NULL,
  merkle_root ${TEXT} NOT NULL,
  file_count integer NOT NULL,
  node_count integer NOT NULL,
  edge_count integer NOT NULL,
  UNIQUE (repo_id, seq)
);
-- Append-only log of edge additions and removals (SPEC 6.2).
CREATE TABLE edge_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  edge_id bigint NOT NULL,
  event ${TEXT} NOT NULL CHECK (event IN ('added', 'removed')),
  at bigint NOT NULL,
  snapshot_hash ${TEXT}
);`,
  },
  {
    version: 3,
    name: 'routes_and_facts',
    sql: `
CREATE TABLE route_symbols (
  service_name ${TEXT} NOT NULL,
  route_pattern ${TEXT} NOT NULL,
  mapping_type ${TEXT} NOT NULL,
  node_id bigint NOT NULL,
  created_at bigint NOT NULL,
  owner_file_id bigint NOT NULL,
  PRIMARY KEY (service_name, route_pattern, mapping_type)
);
CREATE INDEX route_symbols_owner ON route_symbols (owner_file_id);
CREATE TABLE file_facts (
  file_id bigint PRIMARY KEY,
  content_hash ${TEXT} NOT NULL,
  facts_version integer NOT NULL,
  facts bytea NOT NULL
);`,
  },
  {
    version: 4,
    name: 'runtime_observations',
    sql: `
ALTER TABLE edges ADD COLUMN observation_count bigint NOT NULL DEFAULT 0;
ALTER TABLE edges ADD COLUMN last_observed bigint NOT NULL DEFAULT 0;`,
  },
  {
    version: 5,
    name: 'feedback',
    sql: `
CREATE TABLE feedback (
  symbol_id bigint NOT NULL,
  session_id ${TEXT} NOT NULL,
  useful smallint NOT NULL CHECK (useful IN (0, 1)),
  at bigint NOT NULL,
  PRIMARY KEY (symbol_id, session_id)
);`,
  },
  {
    version: 6,
    name: 'runtime_ingest',
    sql: `
CREATE TABLE runtime_observations (
  edge_id bigint NOT NULL,
  day integer NOT NULL,
  count bigint NOT NULL,
  PRIMARY KEY (edge_id, day)
);
CREATE TABLE runtime_edge_state (
  edge_id bigint PRIMARY KEY,
  confidence_cap double precision NOT NULL
);
CREATE TABLE runtime_services (
  service_name ${TEXT} PRIMARY KEY,
  first_seen bigint NOT NULL,
  last_seen bigint NOT NULL,
  spans bigint NOT NULL
);
CREATE TABLE runtime_counters (
  name ${TEXT} PRIMARY KEY,
  value bigint NOT NULL
);
CREATE INDEX edge_events_edge ON edge_events (edge_id);`,
  },
  {
    version: 7,
    name: 'call_sites',
    sql: "ALTER TABLE edges ADD COLUMN later_call_sites text NOT NULL DEFAULT '';",
  },
  {
    version: 8,
    name: 'enrichment_state',
    sql: `
CREATE TABLE enrichment_state (
  file_id bigint NOT NULL,
  source ${TEXT} NOT NULL,
  content_hash ${TEXT} NOT NULL,
  input_digest ${TEXT} NOT NULL,
  edges_digest ${TEXT} NOT NULL,
  at bigint NOT NULL,
  PRIMARY KEY (file_id, source)
);`,
  },
  {
    version: 9,
    name: 'repo_provides',
    sql: `
CREATE TABLE repo_provides (
  repo_id bigint NOT NULL,
  ecosystem ${TEXT} NOT NULL,
  name ${TEXT} NOT NULL,
  root ${TEXT} NOT NULL,
  entry ${TEXT} NOT NULL DEFAULT '',
  PRIMARY KEY (repo_id, ecosystem, name, root)
);
CREATE INDEX repo_provides_by_name ON repo_provides (ecosystem, name);`,
  },
  {
    version: 10,
    name: 'repo_services',
    sql: "ALTER TABLE repos ADD COLUMN services text NOT NULL DEFAULT '';",
  },
  {
    version: 11,
    name: 'snapshot_runtime_edges',
    sql: `
CREATE TABLE snapshot_runtime_edges (
  repo_id bigint NOT NULL,
  edge_id bigint NOT NULL,
  edge_added_in integer NOT NULL,
  added_in integer NOT NULL,
  removed_in integer,
  PRIMARY KEY (repo_id, edge_id, added_in)
);
CREATE INDEX snapshot_runtime_edges_edge ON snapshot_runtime_edges (edge_id, edge_added_in);`,
  },
  {
    version: 12,
    name: 'repo_requests',
    sql: `
CREATE TABLE repo_requests (
  repo_id bigint NOT NULL,
  service ${TEXT} NOT NULL,
  path ${TEXT} NOT NULL,
  PRIMARY KEY (repo_id, service, path)
);
CREATE INDEX repo_requests_by_service ON repo_requests (service);`,
  },
  {
    version: 13,
    name: 'edge_event_ranges',
    // sql.js keeps a bulk load's 'added' events as one range row to spare its in-memory
    // file; here they are rows, written by one INSERT ... SELECT.
    sql: '',
  },
  {
    version: 14,
    name: 'integer_ids',
    // sql.js rewrites hash-keyed tables into ids; this schema was built on ids (001).
    sql: '',
  },
  {
    version: 15,
    name: 'file_stats',
    sql: `
CREATE TABLE file_stats (
  repo_id bigint NOT NULL,
  path ${TEXT} NOT NULL,
  signature ${TEXT} NOT NULL,
  content_hash ${TEXT} NOT NULL,
  PRIMARY KEY (repo_id, path)
);`,
  },
  {
    version: 16,
    name: 'snapshot_kind_counts',
    sql: "ALTER TABLE snapshots ADD COLUMN kind_counts text NOT NULL DEFAULT '';",
  },
  {
    version: 17,
    name: 'edge_hash_buckets',
    // sql.js keeps each bucket's digest between snapshots; the server digests every bucket
    // from the live rows per snapshot (graphReads.ts, edgeBucketDigests).
    sql: '',
  },
  {
    version: 18,
    name: 'repo_layout',
    // A digest of the layout files the resolvers read (src/index/layoutDigest.ts).
    sql: "ALTER TABLE repos ADD COLUMN layout_digest text NOT NULL DEFAULT '';",
  },
];

/** The newest schema version this build knows. */
export const LATEST_POSTGRES_SCHEMA = POSTGRES_MIGRATIONS[POSTGRES_MIGRATIONS.length - 1].version;
