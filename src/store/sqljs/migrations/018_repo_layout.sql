-- A digest of the layout files a repository's resolvers read (tsconfig.json, package.json,
-- go.mod, ... : src/index/layoutDigest.ts) as of the last index that linked by them; ''
-- before it was kept. An index that finds it changed re-links every file.
ALTER TABLE repos ADD COLUMN layout_digest TEXT NOT NULL DEFAULT '';
