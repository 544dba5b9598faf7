-- A snapshot's node count by kind and edge count by type (issue 19), as JSON
-- {"nodes": {kind: n}, "edges": {type: n}}, counted when the snapshot is written: a run
-- that finds nothing to index prints them without counting the graph again. '' for
-- snapshots written before, and for those saves write into.
ALTER TABLE snapshots ADD COLUMN kind_counts TEXT NOT NULL DEFAULT '';
