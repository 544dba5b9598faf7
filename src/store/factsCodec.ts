import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { FileFacts } from '../extract/facts';

/**
 * Stored facts are deflated JSON. Encoding runs where the facts are made (the parse
 * workers), so the single writer only copies bytes into the store.
 */
export function encodeFacts(facts: FileFacts): Uint8Array {
  return deflateRawSync(Buffer.from(JSON.stringify(facts)), { level: 1 });
}

export function decodeFacts(bytes: Uint8Array): FileFacts {
  return JSON.parse(inflateRawSync(bytes).toString('utf8')) as FileFacts;
}
