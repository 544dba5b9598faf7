import type { Hash } from '../model';
import type { GraphStore, LiveFile } from '../store/graphStore';

/**
 * A repository's live files by path, as they were before a write. A full index reads
 * them all at once; a save asks only for the paths it touches and lists them all only if
 * a changed export surface needs it, so saving one file costs no scan of the repo.
 */
export class LiveFiles {
  private readonly asked = new Map<string, LiveFile | undefined>();

  private constructor(
    private readonly store: GraphStore,
    private readonly repoHash: Hash,
    private byPath: Map<string, LiveFile> | undefined,
  ) {}

  static all(store: GraphStore, repoHash: Hash): LiveFiles {
    return new LiveFiles(store, repoHash, undefined).loaded();
  }

  static onDemand(store: GraphStore, repoHash: Hash): LiveFiles {
    return new LiveFiles(store, repoHash, undefined);
  }

  get(path: string): LiveFile | undefined {
    if (this.byPath) return this.byPath.get(path);
    if (!this.asked.has(path)) this.asked.set(path, this.store.liveFile(this.repoHash, path));
    return this.asked.get(path);
  }

  has(path: string): boolean {
    return this.get(path) !== undefined;
  }

  /** Whether the repo had no live file: its first index. */
  get empty(): boolean {
    return this.byPath ? this.byPath.size === 0 : !this.store.hasLiveFiles(this.repoHash);
  }

  values(): IterableIterator<LiveFile> {
    return this.loaded().byPath!.values();
  }

  private loaded(): this {
    this.byPath ??= new Map(this.store.liveFiles(this.repoHash).map((f) => [f.path, f]));
    return this;
  }
}
