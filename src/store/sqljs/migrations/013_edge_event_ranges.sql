-- The 'added' events of a bulk load (a repository's first index), one row per load instead
-- of one per edge (issue 19): the loaded edges are consecutive rows of `edges`, so event
-- `first_id + (rowid - rowid_from)` is 'added' of the edge at that rowid, at `at`, in
-- `snapshot_hash`. The ids are reserved in sqlite_sequence, so the log reads exactly as if
-- the rows had been written. Before a row of a range is deleted or replaced, the range is
-- written out as ordinary edge_events rows (edgeEventRanges.ts).
CREATE TABLE edge_event_ranges (
  first_id INTEGER PRIMARY KEY,
  rowid_from INTEGER NOT NULL,
  rowid_to INTEGER NOT NULL,
  at INTEGER NOT NULL,
  snapshot_hash TEXT
);
