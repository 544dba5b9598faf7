import * as fs from 'node:fs';
import * as path from 'node:path';
import type { IndexProgress } from '../index/progress';
import type { IndexSummary } from '../index/repoIndexer';
import type { Hash } from '../model';
import { globMatcher } from './globs';
import type { GraphService } from './graphService';
import { HeadWatcher } from './headWatcher';
import type { GraphSettings, GraphStatus, RepoStatus, WorkspaceFolderInfo } from './protocol';

export interface ProgressReporter {
  report(percentage: number, message: string): void;
  done(): void;
}

/** What the indexer tells the world; the LSP wiring (main.ts) or a test provides it. */
export interface WorkspaceHooks {
  beginProgress(title: string): Promise<ProgressReporter>;
  statusChanged(status: GraphStatus): void;
  log(message: string): void;
}

interface Folder {
  readonly info: WorkspaceFolderInfo;
  /** The real path: index and file events compare against it. */
  readonly root: string;
  repoHash?: Hash;
  summary?: IndexSummary;
  watcher?: HeadWatcher;
}

/** Where each phase of an index run sits in the progress bar, in percent. */
const PHASE_SPAN: Record<IndexProgress['phase'], [number, number]> = {
  scan: [0, 10], parse: [10, 70], resolve: [70, 75], write: [75, 100], done: [100, 100],
};

/**
 * Keeps the graph of every workspace folder fresh: indexes each folder as its own repo
 * on start (with progress), re-indexes saved, created, deleted and renamed files, and
 * takes a snapshot when a folder's HEAD moves. Every write goes through the service's
 * queue, so saves, HEAD moves and the Index command never interleave.
 */
export class WorkspaceIndexer {
  private folders: Folder[];
  private state: GraphStatus['state'] = 'starting';
  private message: string | undefined;
  private published: Promise<void> = Promise.resolve();
  private lastIndexSeconds: number | undefined;
  private excluded: (relativePath: string) => boolean;

  constructor(private readonly service: GraphService, folders: readonly WorkspaceFolderInfo[], private settings: GraphSettings,
    private readonly hooks: WorkspaceHooks) {
    this.folders = folders.map(toFolder);
    this.excluded = globMatcher(settings.exclude);
  }

  /** Applies new settings; says whether the graph must be re-indexed for them. */
  updateSettings(settings: GraphSettings): boolean {
    const reindex = JSON.stringify(settings.exclude) !== JSON.stringify(this.settings.exclude) || settings.maxFileBytes !== this.settings.maxFileBytes;
    this.settings = settings;
    this.excluded = globMatcher(settings.exclude);
    return reindex;
  }

  async status(): Promise<GraphStatus> {
    const { state, message, lastIndexSeconds } = this;
    const store = this.service.store();
    const repos: RepoStatus[] = [];
    for (const folder of this.folders) {
      if (!folder.repoHash) continue;
      const repo = await store.repo(folder.repoHash);
      const latest = await store.latestSnapshot(folder.repoHash);
      const counts = await store.countsOfRepo(folder.repoHash);
      repos.push({
        folder: folder.info.name, repoUrl: repo?.repoUrl ?? '', repoHash: folder.repoHash, serviceName: repo?.serviceName ?? '', files: counts.files, nodes: counts.nodes,
        edges: counts.edges, commit: latest?.commitHash ?? '', dirty: latest?.dirty ?? false,
      });
    }
    return { state, repos, message, lastIndexSeconds };
  }

  /** Indexes every folder, one after the other, under one progress notification. */
  async indexAll(reason: string): Promise<GraphStatus> {
    this.setState('indexing');
    const progress = await this.hooks.beginProgress('Code Graph: indexing');
    const started = performance.now();
    const failures: string[] = [];
    try {
      for (const [i, folder] of this.folders.entries()) {
        try {
          await this.indexFolder(folder, reason, (percentage, message) =>
            progress.report(Math.round((100 * i + percentage) / this.folders.length), `${folder.info.name}: ${message}`));
        } catch (error) {
          failures.push(`${folder.info.name}: ${(error as Error).message}`);
          this.hooks.log(`index ${folder.info.path} failed: ${(error as Error).message}`);
        }
      }
    } finally {
      progress.done();
    }
    this.lastIndexSeconds = (performance.now() - started) / 1000;
    this.setState(failures.length > 0 ? 'failed' : 'ready', failures.length > 0 ? failures.join('; ') : undefined);
    return this.status();
  }

  /**
   * Re-indexes saved/created and deleted files (a rename is both); others are ignored. A
   * file watcher reports a folder created or deleted with its files as the folder alone
   * (a branch switch, an unzip, `rm -r`): a created folder stands for every file in it, a
   * deleted path for every indexed file under it.
   */
  async filesChanged(changed: readonly string[], deleted: readonly string[]): Promise<number> {
    const byFolder = new Map<Folder, Set<string>>();
    for (const file of [...changed, ...deleted]) {
      const folder = this.folderOf(file);
      if (!folder?.repoHash) continue;
      const relativePath = path.relative(folder.root, realPathOr(file)).split(path.sep).join('/');
      const list = byFolder.get(folder) ?? new Set<string>();
      for (const each of await this.filesAt(folder, relativePath)) if (!this.excluded(each)) list.add(each);
      byFolder.set(folder, list);
    }
    let reindexed = 0;
    for (const [folder, paths] of byFolder) {
      if (paths.size === 0) continue;
      const summary = await this.service.reindexFiles(folder.root, [...paths], this.settings.maxFileBytes);
      reindexed += summary.files.indexed + summary.files.removed;
    }
    if (reindexed > 0) await this.publishStatus();
    return reindexed;
  }

  dispose(): void {
    for (const folder of this.folders) folder.watcher?.dispose();
  }

  private async indexFolder(folder: Folder, reason: string, report: (percentage: number, message: string) => void): Promise<void> {
    const summary = await this.service.index({
      repoPath: folder.root,
      maxFileBytes: this.settings.maxFileBytes,
      exclude: this.excluded,
      onProgress: ({ phase, done, total }) => {
        const [from, to] = PHASE_SPAN[phase];
        report(Math.round(from + ((to - from) * done) / Math.max(1, total)), `${phase} ${done}/${total}`);
      },
    });
    folder.repoHash = summary.repoHash;
    folder.summary = summary;
    await this.service.prepareForEdits(folder.root);
    folder.watcher ??= new HeadWatcher(folder.root, (commit, previous) => {
      this.hooks.log(`${folder.info.name}: HEAD moved ${previous.slice(0, 8) || '(none)'} -> ${commit.slice(0, 8)}; taking a snapshot`);
      void this.indexAll(`HEAD moved in ${folder.info.name}`);
    });
    this.hooks.log(`${folder.info.name} (${reason}): ${summary.files.indexed} files, +${summary.files.added} ~${summary.files.changed} `
      + `-${summary.files.removed}, ${summary.newSnapshot ? 'new snapshot' : 'unchanged'} in ${summary.seconds.toFixed(2)} s`);
  }

  /** The files a reported path stands for: itself, the files of a folder, or the indexed files under a path that is gone. */
  private async filesAt(folder: Folder, relativePath: string): Promise<string[]> {
    const absolute = path.join(folder.root, relativePath);
    let stat: fs.Stats | undefined;
    try {
      stat = fs.statSync(absolute);
    } catch {
      stat = undefined;
    }
    if (stat?.isDirectory()) return filesUnder(absolute, relativePath, (p) => this.excluded(p));
    if (stat) return [relativePath];
    const prefix = `${relativePath}/`;
    const indexed = (await this.service.store().liveFiles(folder.repoHash!)).map((f) => f.path).filter((p) => p.startsWith(prefix));
    return [relativePath, ...indexed];
  }

  private folderOf(file: string): Folder | undefined {
    const real = realPathOr(file);
    return this.folders
      .filter((f) => real === f.root || real.startsWith(f.root + path.sep))
      .sort((a, b) => b.root.length - a.root.length)[0];
  }

  private setState(state: GraphStatus['state'], message?: string): void {
    this.state = state;
    this.message = message;
    void this.publishStatus();
  }

  /** Sends the status; one after the other, so the editor never sees an older one last. */
  private publishStatus(): Promise<void> {
    const publish = async (): Promise<void> => this.hooks.statusChanged(await this.status());
    this.published = this.published.then(publish, publish).catch((error: unknown) => {
      this.hooks.log(`cannot read the graph status: ${(error as Error).message}`);
    });
    return this.published;
  }
}

function toFolder(info: WorkspaceFolderInfo): Folder {
  return { info, root: realPathOr(info.path) };
}

/** Repo-relative paths of the files under a folder; excluded folders and `.git` are not entered. */
function filesUnder(absolute: string, relative: string, excluded: (relativePath: string) => boolean): string[] {
  const files: string[] = [];
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(absolute, { withFileTypes: true });
  } catch {
    return files;
  }
  for (const entry of entries) {
    const childRelative = `${relative}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name !== '.git' && !excluded(`${childRelative}/`)) {
        for (const file of filesUnder(path.join(absolute, entry.name), childRelative, excluded)) files.push(file);
      }
    } else if (entry.isFile()) {
      files.push(childRelative);
    }
  }
  return files;
}

/** The real path of a file, or of its nearest existing parent joined with the rest (deleted files). */
function realPathOr(file: string): string {
  const resolved = path.resolve(file);
  try {
    return fs.realpathSync(resolved);
  } catch {
    const parent = path.dirname(resolved);
    return parent === resolved ? resolved : path.join(realPathOr(parent), path.basename(resolved));
  }
}
