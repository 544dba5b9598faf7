-- Which files a compiler-grade pass has visited (issue 14): `ckg enrich`'s language
-- servers (source 'lsp:<server>') and `ckg ingest-scip` (source 'scip'). A file is asked
-- again only when its content, the input (server and version, or the SCIP document's
-- digest) or the edges it owns changed since: a re-link by `ckg index` replaces them.
CREATE TABLE enrichment_state (
  file_hash TEXT NOT NULL,
  source TEXT NOT NULL,
  content_hash TEXT NOT NULL,
  input_digest TEXT NOT NULL,
  edges_digest TEXT NOT NULL,
  at INTEGER NOT NULL,
  PRIMARY KEY (file_hash, source)
) WITHOUT ROWID;
