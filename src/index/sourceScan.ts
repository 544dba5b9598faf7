import * as fs from 'node:fs';
import * as path from 'node:path';
import { languageForPath } from '../extract/registry';
import type { Hash } from '../model';
import type { FileStatRecord, LiveFile } from '../store';
import { type SkipCounts, type SourceFile, readSource, toSource } from './sourceFiles';

/**
 * How long a file must have been left alone before its stat may stand for its content.
 * File systems keep times as coarse as 2 s (FAT), so a file written twice within one tick
 * can keep its size and times; one untouched for longer cannot (git's "racy" entries).
 */
export const STAT_SETTLE_MS = 2000;

/** A source whose content hash came from its unchanged stat: not read, so no text. */
export interface KnownSource {
  readonly path: string;
  readonly contentHash: Hash;
  readonly sizeBytes: number;
  readonly text?: undefined;
}

/** A source file of this run, read or known by its stat. */
export type ScannedSource = SourceFile | KnownSource;

export interface SourceScan {
  /** Every source of the run, in the candidates' order. */
  readonly sources: Map<string, ScannedSource>;
  /** Stats of files read in this run whose content may be trusted to them next time. */
  readonly freshStats: FileStatRecord[];
  /** Paths with a stored stat that are no longer sources. */
  readonly forgotten: string[];
}

export interface ScanOptions {
  readonly root: string;
  readonly maxBytes: number;
  readonly skipped: SkipCounts;
  /** Reads a repo-relative path (the working tree, or a commit's contents). */
  readonly readBytes: (relativePath: string) => Buffer | undefined;
  /** Stored stats; undefined when the run reads a commit, not the working tree. */
  readonly knownStats: Map<string, FileStatRecord> | undefined;
  /** The repository's live files: a stat is used only for the content they hold. */
  readonly live: ReadonlyMap<string, LiveFile>;
  readonly settleMs?: number;
}

/**
 * The sources among `candidates`. A working-tree file whose size, modification and change
 * times and inode are what they were when its live content was read is taken as that
 * content without reading it, as git's index does; any other file is read and hashed.
 */
export function scanSources(candidates: readonly string[], options: ScanOptions): SourceScan {
  const { knownStats, live, maxBytes, skipped } = options;
  const settleMs = options.settleMs ?? STAT_SETTLE_MS;
  const sources = new Map<string, ScannedSource>();
  const freshStats: FileStatRecord[] = [];
  for (const relativePath of candidates) {
    if (!languageForPath(relativePath)) continue;
    if (!knownStats) {
      const source = toSource(relativePath, options.readBytes(relativePath), maxBytes, skipped);
      if (source) sources.set(relativePath, source);
      continue;
    }
    const stat = statOf(path.join(options.root, relativePath));
    const known = knownStats.get(relativePath);
    if (stat && known?.signature === stat.signature && stat.size <= maxBytes && live.get(relativePath)?.contentHash === known.contentHash) {
      sources.set(relativePath, { path: relativePath, contentHash: known.contentHash, sizeBytes: stat.size });
      continue;
    }
    const readAt = Date.now();
    const source = readSource(options.root, relativePath, maxBytes, skipped);
    if (!source) continue;
    sources.set(relativePath, source);
    if (stat && stat.size === source.sizeBytes && stat.changedAtMs <= readAt - settleMs) {
      freshStats.push({ path: relativePath, signature: stat.signature, contentHash: source.contentHash });
    }
  }
  const forgotten = knownStats ? [...knownStats.keys()].filter((p) => !sources.has(p)) : [];
  return { sources, freshStats, forgotten };
}

/** The sources that were read (added and changed files always are). */
export function isRead(source: ScannedSource): source is SourceFile {
  return source.text !== undefined;
}

/** A known source read now, to be parsed again (its stored facts are stale). */
export function readKnown(root: string, source: ScannedSource, maxBytes: number, skipped: SkipCounts): SourceFile | undefined {
  return isRead(source) ? source : readSource(root, source.path, maxBytes, skipped);
}

/** A file's stat as a signature, and when it was last written or changed, or undefined when it is not a readable file. */
function statOf(absolutePath: string): { signature: string; size: number; changedAtMs: number } | undefined {
  try {
    const stat = fs.statSync(absolutePath, { bigint: true });
    if (!stat.isFile()) return undefined;
    const changedAtNs = stat.mtimeNs > stat.ctimeNs ? stat.mtimeNs : stat.ctimeNs;
    return {
      signature: `${stat.size}:${stat.mtimeNs}:${stat.ctimeNs}:${stat.ino}`,
      size: Number(stat.size),
      changedAtMs: Number(changedAtNs / 1_000_000n),
    };
  } catch {
    return undefined;
  }
}
