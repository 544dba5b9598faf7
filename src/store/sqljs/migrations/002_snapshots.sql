-- One row per indexed commit (or dirty working tree). seq orders a repo's snapshots.
CREATE TABLE snapshots (
  snapshot_hash TEXT PRIMARY KEY,
  repo_hash TEXT NOT NULL,
  seq INTEGER NOT NULL,
  commit_hash TEXT NOT NULL,
  parent_commit TEXT NOT NULL,
  dirty INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  merkle_root TEXT NOT NULL,
  file_count INTEGER NOT NULL,
  node_count INTEGER NOT NULL,
  edge_count INTEGER NOT NULL,
  UNIQUE (repo_hash, seq)
);

-- Append-only log of edge additions and removals (SPEC §6.2).
CREATE TABLE edge_events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  edge_hash TEXT NOT NULL,
  event TEXT NOT NULL CHECK (event IN ('added', 'removed')),
  at INTEGER NOT NULL,
  snapshot_hash TEXT
);
