import type { Hash } from '../model';
import type { GraphReader, LiveFile } from '../store';

/**
 * A repository's live files by path, as they were before a write. A full index reads
 * them all at once; a save asks only for the paths it touches and lists them all only if
 * a changed export surface needs it, so saving one file costs no scan of the repo.
 */
export class LiveFiles {
  private readonly asked = new Map<string, LiveFile | undefined>();
  private byPath: Map<string, LiveFile> | undefined;

  private constructor(private readonly store: GraphReader, private readonly repoHash: Hash) {}

  static async all(store: GraphReader, repoHash: Hash): Promise<LiveFiles> {
    const live = new LiveFiles(store, repoHash);
    await live.all();
    return live;
  }

  static onDemand(store: GraphReader, repoHash: Hash): LiveFiles {
    return new LiveFiles(store, repoHash);
  }

  async get(path: string): Promise<LiveFile | undefined> {
    if (this.byPath) return this.byPath.get(path);
    if (!this.asked.has(path)) this.asked.set(path, await this.store.liveFile(this.repoHash, path));
    return this.asked.get(path);
  }

  async has(path: string): Promise<boolean> {
    return (await this.get(path)) !== undefined;
  }

  /** Whether the repo had no live file: its first index. */
  async empty(): Promise<boolean> {
    return this.byPath ? this.byPath.size === 0 : !(await this.store.hasLiveFiles(this.repoHash));
  }

  /** Every live file by path, read once. */
  async all(): Promise<ReadonlyMap<string, LiveFile>> {
    this.byPath ??= new Map((await this.store.liveFiles(this.repoHash)).map((f) => [f.path, f]));
    return this.byPath;
  }

  /** The live files at these paths, in order; paths without one are left out. */
  async of(paths: Iterable<string>): Promise<LiveFile[]> {
    const found: LiveFile[] = [];
    for (const path of paths) {
      const file = await this.get(path);
      if (file) found.push(file);
    }
    return found;
  }
}
