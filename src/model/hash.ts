import * as crypto from 'node:crypto';
import { createHash } from 'node:crypto';

/** A SHA-256 digest as 64 lowercase hex characters (SPEC §1.6). */
export type Hash = string;

const HASH_PATTERN = /^[0-9a-f]{64}$/;

type OneShotHash = (algorithm: string, data: string | Uint8Array, encoding: 'hex') => string;
/** Node >= 20.12 hashes small inputs in one call, about 3x faster than createHash. */
const oneShot = (crypto as { hash?: OneShotHash }).hash;

/** Hashes the parts joined by NUL, so ("ab","c") and ("a","bc") never collide. */
export function hashOf(...parts: ReadonlyArray<string | number>): Hash {
  return hashBytes(parts.join('\0'));
}

export function hashBytes(bytes: Uint8Array | string): Hash {
  return oneShot ? oneShot('sha256', bytes, 'hex') : createHash('sha256').update(bytes).digest('hex');
}

export function isHash(value: unknown): value is Hash {
  return typeof value === 'string' && HASH_PATTERN.test(value);
}
