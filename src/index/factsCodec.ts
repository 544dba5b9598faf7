import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { FACTS_FORMAT_VERSION, type FileFacts } from '../extract/facts';
import type { Hash } from '../model';
import { namesTypesDependOn, rememberNamesTypesDependOn } from '../resolve/typeDependencies';
import type { FactsCache } from '../store';

/**
 * Stored facts are two deflated JSON documents behind a 4-byte length: the head, which is
 * everything a symbol table reads of an unchanged file (symbols, imports, routes, links,
 * and the names its types depend on), and the body, the calls and references (~80% of the
 * bytes). Decoding parses the head; the body is parsed the first time `calls` or
 * `references` is read. Re-linking one edited file then reads the heads of the other files,
 * not all their calls. Encoding runs where the facts are made (the parse workers), so the
 * single writer only copies bytes into the store; the store keeps them as opaque bytes
 * under FACTS_FORMAT_VERSION.
 */
export function encodeFacts(facts: FileFacts): Uint8Array {
  const { calls, references, ...rest } = facts;
  const head: EncodedHead = { ...rest, namesTypesDependOn: [...namesTypesDependOn(facts)] };
  const headBytes = deflateRawSync(Buffer.from(JSON.stringify(head)), { level: 1 });
  const bodyBytes = deflateRawSync(Buffer.from(JSON.stringify({ calls, references } satisfies FactsBody)), { level: 1 });
  const encoded = Buffer.allocUnsafe(HEAD_LENGTH_BYTES + headBytes.length + bodyBytes.length);
  encoded.writeUInt32LE(headBytes.length, 0);
  headBytes.copy(encoded, HEAD_LENGTH_BYTES);
  bodyBytes.copy(encoded, HEAD_LENGTH_BYTES + headBytes.length);
  return encoded;
}

export function decodeFacts(bytes: Uint8Array): FileFacts {
  const encoded = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headLength = encoded.readUInt32LE(0);
  const { namesTypesDependOn: names, ...head } = JSON.parse(
    inflateRawSync(encoded.subarray(HEAD_LENGTH_BYTES, HEAD_LENGTH_BYTES + headLength)).toString('utf8'),
  ) as EncodedHead;
  const bodyBytes = encoded.subarray(HEAD_LENGTH_BYTES + headLength);
  let body: FactsBody | undefined;
  const readBody = (): FactsBody => (body ??= JSON.parse(inflateRawSync(bodyBytes).toString('utf8')) as FactsBody);
  const facts = Object.defineProperties(head, {
    calls: { get: () => readBody().calls, enumerable: true },
    references: { get: () => readBody().references, enumerable: true },
  }) as FileFacts;
  rememberNamesTypesDependOn(facts, names);
  bodyReleasers.set(facts, () => {
    body = undefined;
  });
  return facts;
}

const bodyReleasers = new WeakMap<FileFacts, () => void>();

/**
 * Lets go of decoded facts' parsed body (calls, references) until it is read again. A
 * cold index links every file once and then needs only the heads of the files it keeps in
 * its symbol table: holding every body until the save was most of that table's memory.
 */
export function releaseFactsBody(facts: FileFacts): void {
  bodyReleasers.get(facts)?.();
}

const HEAD_LENGTH_BYTES = 4;

type FactsBody = Pick<FileFacts, 'calls' | 'references'>;

type EncodedHead = Omit<FileFacts, 'calls' | 'references'> & { readonly namesTypesDependOn: readonly string[] };

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
