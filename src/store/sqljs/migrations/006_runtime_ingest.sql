-- Runtime ingestion (SPEC 3.1-3.2, 4.10.3). Runtime edges live in `edges` like static ones
-- (owner_file_hash ''); these tables hold what their lifecycle needs besides.

-- Observations per runtime edge per UTC day (Unix day number), so ObservationCount can be
-- the count within a sliding window and the decay job can age it out.
CREATE TABLE runtime_observations (
  edge_hash TEXT NOT NULL,
  day INTEGER NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (edge_hash, day)
) WITHOUT ROWID;

-- The highest confidence an edge's mapping allows: 0.3 for a heuristic service match or
-- an unresolved route (SPEC 2.8, 3.2), 0.95 otherwise.
CREATE TABLE runtime_edge_state (
  edge_hash TEXT PRIMARY KEY,
  confidence_cap REAL NOT NULL
) WITHOUT ROWID;

-- Services seen sending spans (or serving logged requests): "confirmed zero traffic"
-- versus "unknown" in the SPEC 4.10.3 reporting rule.
CREATE TABLE runtime_services (
  service_name TEXT PRIMARY KEY,
  first_seen INTEGER NOT NULL,
  last_seen INTEGER NOT NULL,
  spans INTEGER NOT NULL
) WITHOUT ROWID;

-- Ingest counters (spans received, batches dropped...), reported in trace_stats' _meta.
CREATE TABLE runtime_counters (
  name TEXT PRIMARY KEY,
  value INTEGER NOT NULL
) WITHOUT ROWID;

CREATE INDEX edge_events_edge ON edge_events (edge_hash);
