-- Every site of an edge (issue 13): call_site_* stay the first, this column holds the
-- others in source order as compact JSON, '' when there are none (most edges, and every
-- row of an older graph). A site in the first site's file is [line, col], else
-- [file, line, col]. Sites are not part of an edge's identity: they change in place.
ALTER TABLE edges ADD COLUMN later_call_sites TEXT NOT NULL DEFAULT '';
