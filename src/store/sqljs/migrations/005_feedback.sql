-- SPEC 4.8: usefulness votes on symbols, from the feedback tool. One vote per symbol per
-- session: a session that votes again replaces its vote, so one chatty agent cannot
-- outvote every other session. Counts are computed from these rows on demand.
CREATE TABLE feedback (
  symbol_hash TEXT NOT NULL,
  session_id TEXT NOT NULL,
  useful INTEGER NOT NULL CHECK (useful IN (0, 1)),
  at INTEGER NOT NULL,
  PRIMARY KEY (symbol_hash, session_id)
) WITHOUT ROWID;
