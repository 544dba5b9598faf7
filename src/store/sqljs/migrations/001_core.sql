-- Repositories, files, nodes and edges. Membership in snapshots is stored as validity
-- intervals in per-repo snapshot sequence numbers: a row is live at seq S when
-- added_in <= S AND (removed_in IS NULL OR removed_in > S).
CREATE TABLE repos (
  repo_hash TEXT PRIMARY KEY,
  repo_url TEXT NOT NULL UNIQUE,
  root_path TEXT NOT NULL,
  service_name TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL
);

CREATE TABLE files (
  file_hash TEXT NOT NULL,
  repo_hash TEXT NOT NULL,
  path TEXT NOT NULL,
  content_hash TEXT NOT NULL,
  language TEXT NOT NULL,
  size_bytes INTEGER NOT NULL,
  added_in INTEGER NOT NULL,
  removed_in INTEGER,
  PRIMARY KEY (file_hash, added_in)
);
CREATE INDEX files_live ON files (repo_hash, path) WHERE removed_in IS NULL;

CREATE TABLE nodes (
  node_hash TEXT NOT NULL,
  file_hash TEXT NOT NULL,
  repo_hash TEXT NOT NULL,
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
  PRIMARY KEY (node_hash, added_in)
);
-- One live version per identity: inserts of a hash that is already live are ignored.
CREATE UNIQUE INDEX nodes_live_hash ON nodes (node_hash) WHERE removed_in IS NULL;
CREATE INDEX nodes_live_file ON nodes (file_hash, repo_hash) WHERE removed_in IS NULL;
CREATE INDEX nodes_qualified_name ON nodes (qualified_name);

CREATE TABLE edges (
  edge_hash TEXT NOT NULL,
  source_hash TEXT NOT NULL,
  target_hash TEXT NOT NULL,
  edge_type TEXT NOT NULL,
  provenance TEXT NOT NULL,
  confidence REAL NOT NULL,
  call_site_file TEXT NOT NULL,
  call_site_line INTEGER NOT NULL,
  call_site_col INTEGER NOT NULL,
  owner_file_hash TEXT NOT NULL,
  repo_hash TEXT NOT NULL,
  added_in INTEGER NOT NULL,
  removed_in INTEGER,
  PRIMARY KEY (edge_hash, added_in)
);
CREATE UNIQUE INDEX edges_live_hash ON edges (edge_hash) WHERE removed_in IS NULL;
CREATE INDEX edges_live_source ON edges (source_hash, edge_type) WHERE removed_in IS NULL;
CREATE INDEX edges_live_target ON edges (target_hash, edge_type) WHERE removed_in IS NULL;
CREATE INDEX edges_live_owner ON edges (owner_file_hash) WHERE removed_in IS NULL;
