-- Integer row ids (issue 19): every node, edge, file and repository hash is stored once, in
-- `hashes`, and the graph's rows and indexes hold its integer id. Hashes were most of a
-- row and of every index (edges ~430 bytes a row); the same graph's tables and indexes
-- take about half the space and build their indexes four times faster. Replies, exports
-- and the store's interface keep the 64-hex hashes: reads join `hashes`.
--
-- An id is assigned the first time a hash is written and never changes or is reused. Id
-- 0 is the empty hash: a repository-level node's file, a runtime edge's owning file.
-- Small tables keyed by a hash (repos, snapshots, file_facts, feedback, enrichment_state,
-- repo_provides, repo_requests) keep their text keys. Every table rewritten here keeps its
-- rowids: edge_event_ranges (migration 013) name rows of `edges` by rowid.
--
-- Each table is copied, then dropped, before the next is: with the old secondary indexes
-- dropped first, the copies take pages the file already has instead of growing it.
DROP INDEX IF EXISTS files_live;
DROP INDEX IF EXISTS nodes_live_hash;
DROP INDEX IF EXISTS nodes_live_file;
DROP INDEX IF EXISTS nodes_qualified_name;
DROP INDEX IF EXISTS edges_live_hash;
DROP INDEX IF EXISTS edges_live_source;
DROP INDEX IF EXISTS edges_live_target;
DROP INDEX IF EXISTS edges_live_owner;
DROP INDEX IF EXISTS edge_events_edge;
DROP INDEX IF EXISTS route_symbols_owner;
DROP INDEX IF EXISTS snapshot_runtime_edges_edge;

CREATE TABLE hashes (id INTEGER PRIMARY KEY, hash TEXT NOT NULL UNIQUE);
INSERT INTO hashes (id, hash) VALUES (0, '');
INSERT OR IGNORE INTO hashes (hash)
  SELECT node_hash FROM nodes UNION SELECT file_hash FROM nodes UNION SELECT repo_hash FROM nodes
  UNION SELECT edge_hash FROM edges UNION SELECT source_hash FROM edges UNION SELECT target_hash FROM edges
  UNION SELECT owner_file_hash FROM edges UNION SELECT repo_hash FROM edges
  UNION SELECT file_hash FROM files UNION SELECT repo_hash FROM files
  UNION SELECT edge_hash FROM edge_events
  UNION SELECT node_hash FROM route_symbols UNION SELECT owner_file_hash FROM route_symbols
  UNION SELECT edge_hash FROM runtime_observations UNION SELECT edge_hash FROM runtime_edge_state
  UNION SELECT repo_hash FROM snapshot_runtime_edges UNION SELECT edge_hash FROM snapshot_runtime_edges
  ORDER BY 1;

CREATE TABLE files_014 (
  file_id INTEGER NOT NULL,
  repo_id INTEGER NOT NULL,
  path TEXT NOT NULL,
  content_hash TEXT NOT NULL,
  language TEXT NOT NULL,
  size_bytes INTEGER NOT NULL,
  added_in INTEGER NOT NULL,
  removed_in INTEGER,
  PRIMARY KEY (file_id, added_in)
);
INSERT INTO files_014 (rowid, file_id, repo_id, path, content_hash, language, size_bytes, added_in, removed_in)
  SELECT f.rowid, hf.id, hr.id, f.path, f.content_hash, f.language, f.size_bytes, f.added_in, f.removed_in
  FROM files f JOIN hashes hf ON hf.hash = f.file_hash JOIN hashes hr ON hr.hash = f.repo_hash ORDER BY f.rowid;

DROP TABLE files;
ALTER TABLE files_014 RENAME TO files;

CREATE TABLE nodes_014 (
  node_id INTEGER NOT NULL,
  file_id INTEGER NOT NULL,
  repo_id INTEGER NOT NULL,
  qualified_name TEXT NOT NULL,
  kind TEXT NOT NULL,
  line INTEGER NOT NULL,
  col INTEGER NOT NULL,
  end_line INTEGER NOT NULL,
  signature TEXT NOT NULL,
  body_hash TEXT NOT NULL,
  doc TEXT NOT NULL,
  added_in INTEGER NOT NULL,
  removed_in INTEGER,
  PRIMARY KEY (node_id, added_in)
);
INSERT INTO nodes_014 (rowid, node_id, file_id, repo_id, qualified_name, kind, line, col, end_line, signature, body_hash, doc, added_in, removed_in)
  SELECT n.rowid, hn.id, hf.id, hr.id, n.qualified_name, n.kind, n.line, n.col, n.end_line, n.signature, n.body_hash, n.doc, n.added_in, n.removed_in
  FROM nodes n JOIN hashes hn ON hn.hash = n.node_hash JOIN hashes hf ON hf.hash = n.file_hash JOIN hashes hr ON hr.hash = n.repo_hash
  ORDER BY n.rowid;

DROP TABLE nodes;
ALTER TABLE nodes_014 RENAME TO nodes;

CREATE TABLE edges_014 (
  edge_id INTEGER NOT NULL,
  source_id INTEGER NOT NULL,
  target_id INTEGER NOT NULL,
  edge_type TEXT NOT NULL,
  provenance TEXT NOT NULL,
  confidence REAL NOT NULL,
  call_site_file TEXT NOT NULL,
  call_site_line INTEGER NOT NULL,
  call_site_col INTEGER NOT NULL,
  owner_file_id INTEGER NOT NULL,
  repo_id INTEGER NOT NULL,
  added_in INTEGER NOT NULL,
  removed_in INTEGER,
  observation_count INTEGER NOT NULL DEFAULT 0,
  last_observed INTEGER NOT NULL DEFAULT 0,
  later_call_sites TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (edge_id, added_in)
);
INSERT INTO edges_014 (rowid, edge_id, source_id, target_id, edge_type, provenance, confidence, call_site_file, call_site_line,
    call_site_col, owner_file_id, repo_id, added_in, removed_in, observation_count, last_observed, later_call_sites)
  SELECT e.rowid, he.id, hs.id, ht.id, e.edge_type, e.provenance, e.confidence, e.call_site_file, e.call_site_line,
    e.call_site_col, ho.id, hr.id, e.added_in, e.removed_in, e.observation_count, e.last_observed, e.later_call_sites
  FROM edges e JOIN hashes he ON he.hash = e.edge_hash JOIN hashes hs ON hs.hash = e.source_hash
    JOIN hashes ht ON ht.hash = e.target_hash JOIN hashes ho ON ho.hash = e.owner_file_hash JOIN hashes hr ON hr.hash = e.repo_hash
  ORDER BY e.rowid;

DROP TABLE edges;
ALTER TABLE edges_014 RENAME TO edges;

-- AUTOINCREMENT's counter moves with the table: bulk loads reserved ids past the last row.
CREATE TABLE edge_events_014 (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  edge_id INTEGER NOT NULL,
  event TEXT NOT NULL CHECK (event IN ('added', 'removed')),
  at INTEGER NOT NULL,
  snapshot_hash TEXT
);
INSERT INTO edge_events_014 (id, edge_id, event, at, snapshot_hash)
  SELECT ev.id, h.id, ev.event, ev.at, ev.snapshot_hash FROM edge_events ev JOIN hashes h ON h.hash = ev.edge_hash ORDER BY ev.id;
DELETE FROM sqlite_sequence WHERE name = 'edge_events_014';
INSERT INTO sqlite_sequence (name, seq) SELECT 'edge_events_014', seq FROM sqlite_sequence WHERE name = 'edge_events';

DROP TABLE edge_events;
ALTER TABLE edge_events_014 RENAME TO edge_events;

CREATE TABLE route_symbols_014 (
  service_name TEXT NOT NULL,
  route_pattern TEXT NOT NULL,
  mapping_type TEXT NOT NULL,
  node_id INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  owner_file_id INTEGER NOT NULL,
  PRIMARY KEY (service_name, route_pattern, mapping_type)
);
INSERT INTO route_symbols_014 (rowid, service_name, route_pattern, mapping_type, node_id, created_at, owner_file_id)
  SELECT r.rowid, r.service_name, r.route_pattern, r.mapping_type, hn.id, r.created_at, ho.id
  FROM route_symbols r JOIN hashes hn ON hn.hash = r.node_hash JOIN hashes ho ON ho.hash = r.owner_file_hash ORDER BY r.rowid;

DROP TABLE route_symbols;
ALTER TABLE route_symbols_014 RENAME TO route_symbols;

CREATE TABLE runtime_observations_014 (
  edge_id INTEGER NOT NULL,
  day INTEGER NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (edge_id, day)
) WITHOUT ROWID;
INSERT INTO runtime_observations_014 (edge_id, day, count)
  SELECT h.id, o.day, o.count FROM runtime_observations o JOIN hashes h ON h.hash = o.edge_hash;

DROP TABLE runtime_observations;
ALTER TABLE runtime_observations_014 RENAME TO runtime_observations;

CREATE TABLE runtime_edge_state_014 (
  edge_id INTEGER PRIMARY KEY,
  confidence_cap REAL NOT NULL
) WITHOUT ROWID;
INSERT INTO runtime_edge_state_014 (edge_id, confidence_cap)
  SELECT h.id, s.confidence_cap FROM runtime_edge_state s JOIN hashes h ON h.hash = s.edge_hash;

DROP TABLE runtime_edge_state;
ALTER TABLE runtime_edge_state_014 RENAME TO runtime_edge_state;

CREATE TABLE snapshot_runtime_edges_014 (
  repo_id INTEGER NOT NULL,
  edge_id INTEGER NOT NULL,
  edge_added_in INTEGER NOT NULL,
  added_in INTEGER NOT NULL,
  removed_in INTEGER,
  PRIMARY KEY (repo_id, edge_id, added_in)
) WITHOUT ROWID;
INSERT INTO snapshot_runtime_edges_014 (repo_id, edge_id, edge_added_in, added_in, removed_in)
  SELECT hr.id, he.id, s.edge_added_in, s.added_in, s.removed_in
  FROM snapshot_runtime_edges s JOIN hashes hr ON hr.hash = s.repo_hash JOIN hashes he ON he.hash = s.edge_hash;

DROP TABLE snapshot_runtime_edges;
ALTER TABLE snapshot_runtime_edges_014 RENAME TO snapshot_runtime_edges;

-- The indexes of migrations 001-011, on the id columns.
CREATE INDEX files_live ON files (repo_id, path) WHERE removed_in IS NULL;
CREATE UNIQUE INDEX nodes_live_id ON nodes (node_id) WHERE removed_in IS NULL;
CREATE INDEX nodes_live_file ON nodes (file_id, repo_id) WHERE removed_in IS NULL;
CREATE INDEX nodes_qualified_name ON nodes (qualified_name);
CREATE UNIQUE INDEX edges_live_id ON edges (edge_id) WHERE removed_in IS NULL;
CREATE INDEX edges_live_source ON edges (source_id, edge_type) WHERE removed_in IS NULL;
CREATE INDEX edges_live_target ON edges (target_id, edge_type) WHERE removed_in IS NULL;
CREATE INDEX edges_live_owner ON edges (owner_file_id) WHERE removed_in IS NULL;
CREATE INDEX edge_events_edge ON edge_events (edge_id);
CREATE INDEX route_symbols_owner ON route_symbols (owner_file_id);
CREATE INDEX snapshot_runtime_edges_edge ON snapshot_runtime_edges (edge_id, edge_added_in);
