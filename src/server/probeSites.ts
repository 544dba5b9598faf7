import * as fs from 'node:fs';
import * as path from 'node:path';
import { NodeLocator } from '../enrich/nodeLocator';
import type { SourceLocation } from '../enrich/oracle';
import { hashBytes } from '../model';
import { extensionEntry } from '../model/languages';
import type { GraphReader, SnapshotLog } from '../store';

/** Kinds whose node sits at its name: a definition query there answers the declaration itself. */
const DECLARATION_KINDS = new Set(['function', 'method', 'type', 'interface']);
/** Files looked at before giving up: a language whose first files declare nothing is rare. */
const MAX_FILES = 50;

/** The graph's language id of a path (by extension, as the indexer chooses a file's extractor), or undefined. */
export function languageOfPath(filePath: string): string | undefined {
  return extensionEntry(path.extname(filePath).toLowerCase())?.language.id;
}

/**
 * Up to `limit` declarations the graph knows in live files of one language, at their
 * names, for a probe: the files in `prefer` (`repoHash:path` keys of the ones about to be
 * enriched) first. Only
 * files whose bytes on disk are the indexed ones count, so the position is right in what
 * the language server reads.
 */
export async function probeSites(
  store: GraphReader & SnapshotLog, language: string, prefer: ReadonlySet<string>, limit: number,
): Promise<SourceLocation[]> {
  const locator = await NodeLocator.open(store);
  const candidates = (await languageFiles(store, language))
    .sort((a, b) => Number(prefer.has(b.key)) - Number(prefer.has(a.key)))
    .slice(0, MAX_FILES)
    .map((file) => file.absolutePath);
  const sites: SourceLocation[] = [];
  for (const absolutePath of candidates) {
    const located = locator.fileAt(absolutePath);
    if (!located || contentOnDisk(absolutePath) !== located.file.contentHash) continue;
    await locator.prepare([located.file.fileHash]);
    for (const node of locator.nodesOf(located.file.fileHash)) {
      if (!DECLARATION_KINDS.has(node.kind)) continue;
      const site = { path: absolutePath, line: node.line, character: node.column };
      if (locator.declarationAt(site)?.nodeHash !== node.nodeHash) continue;
      sites.push(site);
      // One per file: a file the server cannot read should not decide alone.
      break;
    }
    if (sites.length >= limit) break;
  }
  return sites;
}

async function languageFiles(store: GraphReader & SnapshotLog, language: string): Promise<Array<{ key: string; absolutePath: string }>> {
  const files: Array<{ key: string; absolutePath: string }> = [];
  for (const repo of await store.repos()) {
    for (const file of await store.liveFiles(repo.repoHash)) {
      if (file.language === language) files.push({ key: `${repo.repoHash}:${file.path}`, absolutePath: path.join(repo.rootPath, file.path) });
    }
  }
  return files;
}

function contentOnDisk(absolutePath: string): string | undefined {
  try {
    return hashBytes(fs.readFileSync(absolutePath));
  } catch {
    return undefined;
  }
}
