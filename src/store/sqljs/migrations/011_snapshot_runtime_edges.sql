-- Runtime edges a repository's snapshots hold although another repository stores them
-- (SPEC 3.5, issue 18): a runtime edge row sits under its caller's repository, so one
-- whose callee is here (or whose caller is a service known only from traces) would be in
-- no snapshot of this repository. Each row is an interval in this repository's snapshot
-- seqs, like the rows of `edges`, pointing at the edge row version (edge_added_in).
CREATE TABLE snapshot_runtime_edges (
  repo_hash TEXT NOT NULL,
  edge_hash TEXT NOT NULL,
  edge_added_in INTEGER NOT NULL,
  added_in INTEGER NOT NULL,
  removed_in INTEGER,
  PRIMARY KEY (repo_hash, edge_hash, added_in)
) WITHOUT ROWID;
CREATE INDEX snapshot_runtime_edges_edge ON snapshot_runtime_edges (edge_hash, edge_added_in);
