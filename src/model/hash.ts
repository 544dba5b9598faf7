import { createHash } from 'node:crypto';

/** A SHA-256 digest as 64 lowercase hex characters (SPEC §1.6). */
export type Hash = string;

const HASH_PATTERN = /^[0-9a-f]{64}$/;

/** Hashes the parts joined by NUL, so ("ab","c") and ("a","bc") never collide. */
export function hashOf(...parts: ReadonlyArray<string | number>): Hash {
  const digest = createHash('sha256');
  parts.forEach((part, i) => {
    if (i > 0) digest.update('\0');
    digest.update(String(part));
  });
  return digest.digest('hex');
}

export function hashBytes(bytes: Uint8Array | string): Hash {
  return createHash('sha256').update(bytes).digest('hex');
}

export function isHash(value: unknown): value is Hash {
  return typeof value === 'string' && HASH_PATTERN.test(value);
}
