import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * Reads a repository's files from its work tree, or from a commit's `contents` when
 * given. Made outside index() on purpose: the reader outlives the run (the active
 * RepoLayout keeps it), and a closure made in index() would keep that function's whole
 * context, every file's text among it, reachable after the run.
 */
export function repositoryReader(root: string, contents: ReadonlyMap<string, Buffer> | undefined): (p: string) => Buffer | undefined {
  return (p) => {
    if (contents) return contents.get(p);
    try {
      return fs.readFileSync(path.join(root, p));
    } catch {
      return undefined;
    }
  };
}

/** The reader's bytes as UTF-8 text (RepoLayout reads manifests as text). */
export function textReader(readBytes: (p: string) => Buffer | undefined): (p: string) => string | undefined {
  return (p) => readBytes(p)?.toString('utf8');
}
