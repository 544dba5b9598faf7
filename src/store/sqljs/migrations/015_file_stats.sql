-- What each source file's stat said when its content was last read (issue 19), as git's
-- index keeps: an index run takes the content hash of a file whose size, times and inode
-- are unchanged instead of reading and hashing it. Keyed by repository and path; the
-- signature is `size:mtime:ctime:ino` (nanoseconds).
CREATE TABLE file_stats (
  repo_hash TEXT NOT NULL,
  path TEXT NOT NULL,
  signature TEXT NOT NULL,
  content_hash TEXT NOT NULL,
  PRIMARY KEY (repo_hash, path)
) WITHOUT ROWID;
