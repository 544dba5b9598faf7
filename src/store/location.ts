import * as fs from 'node:fs';
import { passwordOf, redactLocation, redactSecrets, withoutPassword } from './postgres/redact';

// What a `-db` location names and how it may be printed, apart from the backends: the CLI
// masks passwords in any error without loading a store.

/**
 * Whether a graph is there to read at `location`: a graph file that exists, or any server
 * database (the server holds it; opening it says when it cannot be reached).
 */
export function graphExists(location: string): boolean {
  return isServerLocation(location) || fs.existsSync(location);
}

/** Whether `location` names a database server rather than a graph file. */
export function isServerLocation(location: string): boolean {
  return /^postgres(ql)?:\/\//i.test(location);
}

/** `location` as it may be printed: a server URL with its password masked, a file path as it is. */
export function shownLocation(location: string): string {
  return isServerLocation(location) ? redactLocation(location) : location;
}

/** `text` (an error's message, say) with the password of a server `location` masked wherever it appears. */
export function maskLocationSecrets(text: string, location: string): string {
  return isServerLocation(location) ? redactSecrets(text, location) : text;
}

/** Whether a server `location` carries a password (in its userinfo or a `password` parameter). */
export function hasPassword(location: string): boolean {
  return isServerLocation(location) && passwordOf(location) !== undefined;
}

/** `location` fit to write where others read it: a server URL without its password, a file path as it is. */
export function locationWithoutPassword(location: string): string {
  return isServerLocation(location) ? withoutPassword(location) : location;
}
