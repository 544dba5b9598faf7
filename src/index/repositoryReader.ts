import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

/** What an index run reads a repository's files through. */
export interface RepositoryReader {
  /** A repo-relative path's bytes, or undefined when it cannot be read. */
  readonly readBytes: (relativePath: string) => Buffer | undefined;
  /**
   * Lets go of a commit's contents, read in one batch for the run: the reader outlives
   * the run (the active RepoLayout keeps it for resolvers' later reads), and those
   * contents are every file of the commit. Later reads ask git for the one file. A no-op
   * for the work tree.
   */
  release(): void;
}

/**
 * Reads a repository's files from its work tree, or from a commit's `contents` when
 * given. Made outside index() on purpose: a closure made in index() would keep that
 * function's whole context, every file's text among it, reachable after the run.
 */
export function repositoryReader(root: string, fromCommit?: { readonly commit: string; readonly contents: ReadonlyMap<string, Buffer> }): RepositoryReader {
  if (!fromCommit) {
    return {
      readBytes: (relativePath) => {
        try {
          return fs.readFileSync(path.join(root, relativePath));
        } catch {
          return undefined;
        }
      },
      release: () => undefined,
    };
  }
  const { commit } = fromCommit;
  let contents: ReadonlyMap<string, Buffer> | undefined = fromCommit.contents;
  return {
    readBytes: (relativePath) => (contents ? contents.get(relativePath) : blobAt(root, commit, relativePath)),
    release: () => {
      contents = undefined;
    },
  };
}

/** One file's bytes at a commit, or undefined when the commit has no such file. */
function blobAt(root: string, commit: string, relativePath: string): Buffer | undefined {
  try {
    return execFileSync('git', ['cat-file', 'blob', `${commit}:${relativePath}`], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 1024 * 1024 * 1024 });
  } catch {
    return undefined;
  }
}

/** The reader's bytes as UTF-8 text (RepoLayout reads manifests as text). */
export function textReader(readBytes: (p: string) => Buffer | undefined): (p: string) => string | undefined {
  return (p) => readBytes(p)?.toString('utf8');
}
