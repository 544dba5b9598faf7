import { timingSafeEqual } from 'node:crypto';

/**
 * Whether an `Authorization` value carries `Bearer <token>`: the scheme in any case
 * (RFC 7235), the token compared in constant time. The MCP endpoint and both OTLP
 * receivers check their token with it.
 */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^\s*bearer\s+(.*?)\s*$/i.exec(header ?? '');
  if (!match) return false;
  const given = Buffer.from(match[1]);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
