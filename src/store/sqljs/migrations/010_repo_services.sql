-- The services a monorepo declares for its folders (`.ckg.yaml` services, issue 15), as a
-- JSON list of {name, path}; '' for a repository that runs as one service. Route rows
-- carry the service owning their file, and traced names map to these services.
ALTER TABLE repos ADD COLUMN services TEXT NOT NULL DEFAULT '';
