import * as path from 'node:path';

/** What language resolvers may know of a repository: its file list and small config files. */
export class RepoLayout {
  private readonly cache = new Map<string, string | undefined>();
  readonly files: ReadonlySet<string>;
  readonly directories: ReadonlySet<string>;

  /** `read` returns a repo file's text, or undefined when it cannot be read. */
  constructor(files: Iterable<string>, private readonly read: (relativePath: string) => string | undefined) {
    this.files = new Set(files);
    const directories = new Set<string>(['']);
    for (const file of this.files) {
      for (let dir = parentDir(file); !directories.has(dir); dir = parentDir(dir)) directories.add(dir);
    }
    this.directories = directories;
  }

  /** A repo file's text (config files: go.mod, tsconfig.json, package.json), cached. */
  readText(relativePath: string): string | undefined {
    if (!this.cache.has(relativePath)) {
      this.cache.set(relativePath, this.files.has(relativePath) ? this.read(relativePath) : undefined);
    }
    return this.cache.get(relativePath);
  }

  /**
   * A repo file's text, not cached: for a source a resolver scans once and keeps what it
   * found (C# namespaces). The layout lives as long as its indexer; caching every source
   * would keep them all.
   */
  readOnce(relativePath: string): string | undefined {
    return this.files.has(relativePath) ? (this.cache.get(relativePath) ?? this.read(relativePath)) : undefined;
  }

  /** Files named `name` in `dir` or its ancestors, nearest first. */
  nearest(dir: string, name: string): string | undefined {
    for (let current = dir; ; current = parentDir(current)) {
      const candidate = joinPath(current, name);
      if (this.readText(candidate) !== undefined) return candidate;
      if (current === '') return undefined;
    }
  }
}

/** '' for the repo root, otherwise the posix dirname. */
export function parentDir(relativePath: string): string {
  const at = relativePath.lastIndexOf('/');
  return at < 0 ? '' : relativePath.slice(0, at);
}

export function joinPath(dir: string, name: string): string {
  return path.posix.normalize(dir === '' ? name : `${dir}/${name}`).replace(/^\.\//, '');
}
