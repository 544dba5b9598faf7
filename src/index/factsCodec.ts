import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { FACTS_FORMAT_VERSION, type FileFacts } from '../extract/facts';
import type { Hash } from '../model';
import type { FactsCache } from '../store';

/**
 * Stored facts are deflated JSON. Encoding runs where the facts are made (the parse
 * workers), so the single writer only copies bytes into the store; the store keeps them
 * as opaque bytes under FACTS_FORMAT_VERSION.
 */
export function encodeFacts(facts: FileFacts): Uint8Array {
  return deflateRawSync(Buffer.from(JSON.stringify(facts)), { level: 1 });
}

export function decodeFacts(bytes: Uint8Array): FileFacts {
  return JSON.parse(inflateRawSync(bytes).toString('utf8')) as FileFacts;
}

/** A file's stored facts, if the current extractor wrote them for this content. */
export async function readFacts(cache: FactsCache, fileHash: Hash, contentHash: Hash): Promise<FileFacts | undefined> {
  const encoded = await cache.facts(fileHash, contentHash, FACTS_FORMAT_VERSION);
  return encoded && decodeFacts(encoded);
}

/**
 * The format version facts are stored under when they must be made again on the next
 * index: never current, so the file counts as stale (staleFactsCount) and is parsed again.
 */
export const RETRY_FACTS_VERSION = 0;

/**
 * Stores facts, or facts a parse worker already encoded. `retry`: the file was skipped for
 * a reason of the machine's, not the file's (RETRIED_SKIP_REASONS); the next index parses
 * it again instead of keeping the skip.
 */
export function writeFacts(cache: FactsCache, fileHash: Hash, contentHash: Hash, facts: FileFacts | Uint8Array, retry = false): Promise<void> {
  const version = retry ? RETRY_FACTS_VERSION : FACTS_FORMAT_VERSION;
  return cache.putFacts(fileHash, contentHash, version, facts instanceof Uint8Array ? facts : encodeFacts(facts));
}

/** Live files of a repo whose facts an older extractor wrote. */
export function staleFactsCount(cache: FactsCache, repoHash: Hash): Promise<number> {
  return cache.staleFactsCount(repoHash, FACTS_FORMAT_VERSION);
}
