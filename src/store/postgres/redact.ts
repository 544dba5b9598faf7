/**
 * Passwords out of what ckg prints. A `postgres://user:password@host/db` location is shown
 * as `postgres://user:***@host/db`; a `password=` query parameter likewise; and any text
 * (a driver's error message) has every occurrence of the password replaced.
 */

const MASK = '***';

/** The location with its password masked, in the userinfo and in a `password` parameter. */
export function redactLocation(location: string): string {
  return location
    .replace(/^(postgres(?:ql)?:\/\/[^:@/?#]*:)([^@/?#]*)@/i, (_all, head: string, secret: string) => (secret === '' ? `${head}@` : `${head}${MASK}@`))
    .replace(/([?&]password=)([^&#]*)/gi, (_all, head: string, secret: string) => (secret === '' ? head : `${head}${MASK}`));
}

/** The password a location carries (userinfo or `password` parameter), decoded; undefined when none. */
export function passwordOf(location: string): string | undefined {
  const userinfo = /^postgres(?:ql)?:\/\/[^:@/?#]*:([^@/?#]*)@/i.exec(location)?.[1];
  const parameter = /[?&]password=([^&#]*)/i.exec(location)?.[1];
  const raw = userinfo || parameter;
  if (!raw) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** `text` with the location's password (raw and decoded) and the location itself masked. */
export function redactSecrets(text: string, location: string): string {
  let result = text.split(location).join(redactLocation(location));
  const userinfo = /^postgres(?:ql)?:\/\/[^:@/?#]*:([^@/?#]*)@/i.exec(location)?.[1];
  const parameter = /[?&]password=([^&#]*)/i.exec(location)?.[1];
  for (const secret of new Set([userinfo, parameter, passwordOf(location)])) {
    if (secret) result = result.split(secret).join(MASK);
  }
  return result;
}

/**
 * The location with its password left out (userinfo and `password` parameter), for a
 * configuration that others may read: the driver then takes the password from
 * PGPASSWORD or the password file (~/.pgpass, or the file PGPASSFILE names).
 */
export function withoutPassword(location: string): string {
  return location
    .replace(/^(postgres(?:ql)?:\/\/[^:@/?#]*):[^@/?#]*@/i, (_all, head: string) => `${head}@`)
    .replace(/([?&])password=[^&#]*(&?)/gi, (_all, lead: string, trail: string) => (trail ? lead : ''))
    .replace(/\?(#|$)/, '$1');
}
