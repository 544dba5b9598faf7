-- SPEC §2.7: handler nodes by service and route pattern, filled by static indexing.
CREATE TABLE route_symbols (
  service_name TEXT NOT NULL,
  route_pattern TEXT NOT NULL,
  mapping_type TEXT NOT NULL,
  node_hash TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  owner_file_hash TEXT NOT NULL,
  PRIMARY KEY (service_name, route_pattern, mapping_type)
);
CREATE INDEX route_symbols_owner ON route_symbols (owner_file_hash);

-- Extractor output per live file, so unchanged files are re-resolved without re-parsing.
-- facts_version invalidates rows written by an older extractor.
CREATE TABLE file_facts (
  file_hash TEXT PRIMARY KEY,
  content_hash TEXT NOT NULL,
  facts_version INTEGER NOT NULL,
  facts TEXT NOT NULL
);
