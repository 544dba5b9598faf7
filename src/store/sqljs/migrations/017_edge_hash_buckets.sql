-- What a snapshot's record reads without scanning the repository (issue 19: one edited
-- file through the CLI).
--
-- Counts by kind and type read these covering indexes, not every row of the tables.
-- removed_in is in the key though always NULL: SQLite counts an index as covering only when
-- it holds every column the query names, its own WHERE's too.
CREATE INDEX nodes_live_repo_kind ON nodes (repo_id, kind, removed_in) WHERE removed_in IS NULL;
CREATE INDEX edges_live_repo_type ON edges (repo_id, edge_type, removed_in) WHERE removed_in IS NULL;
-- The runtime edges other repositories store, which a snapshot holds when they touch its
-- nodes, are found without reading every edge. The WHERE is runtimeStore.ts's RUNTIME_EDGE.
CREATE INDEX edges_live_runtime ON edges (repo_id)
  WHERE removed_in IS NULL AND (provenance LIKE 'otel\_%' ESCAPE '\' OR provenance = 'runtime_unresolved');

-- A snapshot's Merkle root is over the repository's live edge hashes and the runtime edges
-- it holds, grouped by the hash's first three hex digits: each bucket's digest is the
-- Merkle root of its sorted hashes, and the snapshot's root is the Merkle root of the
-- digests in bucket order (src/store/edgeHashBuckets.ts, src/index/snapshotRecords.ts).
-- A digest is kept here until a row in its bucket changes; the triggers below then empty
-- it (''), and the next snapshot recomputes only the emptied buckets. A table rebuilt by
-- a later migration must create them again.
CREATE TABLE edge_hash_buckets (
  repo_id INTEGER NOT NULL,
  bucket TEXT NOT NULL,
  digest TEXT NOT NULL,
  PRIMARY KEY (repo_id, bucket)
) WITHOUT ROWID;

INSERT INTO edge_hash_buckets (repo_id, bucket, digest)
  SELECT DISTINCT e.repo_id, substr(h.hash, 1, 3), '' FROM edges e JOIN hashes h ON h.id = e.edge_id WHERE e.removed_in IS NULL
  UNION
  SELECT DISTINCT s.repo_id, substr(h.hash, 1, 3), '' FROM snapshot_runtime_edges s JOIN hashes h ON h.id = s.edge_id WHERE s.removed_in IS NULL;

CREATE TRIGGER edges_bucket_added AFTER INSERT ON edges WHEN NEW.removed_in IS NULL BEGIN
  INSERT INTO edge_hash_buckets (repo_id, bucket, digest) SELECT NEW.repo_id, substr(hash, 1, 3), '' FROM hashes WHERE id = NEW.edge_id
    ON CONFLICT (repo_id, bucket) DO UPDATE SET digest = '';
END;
CREATE TRIGGER edges_bucket_closed AFTER UPDATE OF removed_in ON edges WHEN (OLD.removed_in IS NULL) != (NEW.removed_in IS NULL) BEGIN
  INSERT INTO edge_hash_buckets (repo_id, bucket, digest) SELECT NEW.repo_id, substr(hash, 1, 3), '' FROM hashes WHERE id = NEW.edge_id
    ON CONFLICT (repo_id, bucket) DO UPDATE SET digest = '';
END;
CREATE TRIGGER edges_bucket_deleted AFTER DELETE ON edges WHEN OLD.removed_in IS NULL BEGIN
  UPDATE edge_hash_buckets SET digest = '' WHERE repo_id = OLD.repo_id AND bucket = (SELECT substr(hash, 1, 3) FROM hashes WHERE id = OLD.edge_id);
END;
CREATE TRIGGER held_bucket_added AFTER INSERT ON snapshot_runtime_edges WHEN NEW.removed_in IS NULL BEGIN
  INSERT INTO edge_hash_buckets (repo_id, bucket, digest) SELECT NEW.repo_id, substr(hash, 1, 3), '' FROM hashes WHERE id = NEW.edge_id
    ON CONFLICT (repo_id, bucket) DO UPDATE SET digest = '';
END;
CREATE TRIGGER held_bucket_closed AFTER UPDATE OF removed_in ON snapshot_runtime_edges WHEN (OLD.removed_in IS NULL) != (NEW.removed_in IS NULL) BEGIN
  INSERT INTO edge_hash_buckets (repo_id, bucket, digest) SELECT NEW.repo_id, substr(hash, 1, 3), '' FROM hashes WHERE id = NEW.edge_id
    ON CONFLICT (repo_id, bucket) DO UPDATE SET digest = '';
END;
CREATE TRIGGER held_bucket_deleted AFTER DELETE ON snapshot_runtime_edges WHEN OLD.removed_in IS NULL BEGIN
  UPDATE edge_hash_buckets SET digest = '' WHERE repo_id = OLD.repo_id AND bucket = (SELECT substr(hash, 1, 3) FROM hashes WHERE id = OLD.edge_id);
END;
