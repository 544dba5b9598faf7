-- SPEC §9.2: runtime observation counters on edges; static edges keep 0 in both.
ALTER TABLE edges ADD COLUMN observation_count INTEGER NOT NULL DEFAULT 0;
ALTER TABLE edges ADD COLUMN last_observed INTEGER NOT NULL DEFAULT 0;
