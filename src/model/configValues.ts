import { CkgError } from './errors';

/**
 * Readers for config values (ckg.config.yaml): each checks one value and refuses it with
 * an error naming the file, the key and what was expected. A typo in a key is refused too
 * (rejectUnknown), so it never silently means "default".
 */

/** A config value that is refused; the message names the file, the key and what was expected. */
export class ConfigError extends CkgError {
  readonly code = 'config';
}

const UNITS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** Milliseconds from seconds (a number) or a string with a unit. */
export function parseDuration(value: unknown, what: string): number {
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) return Math.round(value * 1000);
  const match = typeof value === 'string' ? /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)\s*$/.exec(value) : null;
  const ms = match ? Math.round(Number(match[1]) * UNITS[match[2]]) : 0;
  if (ms <= 0) throw new ConfigError(`${what} ${JSON.stringify(value)}: expected a positive duration in seconds or with a unit (500ms, 10s, 5m, 1h, 7d)`);
  return ms;
}

/** A duration key in milliseconds, or the fallback when it is absent. */
export function duration(value: unknown, fallback: number, location: string, key: string): number {
  return value === undefined ? fallback : parseDuration(value, `${location}: ${key}`);
}

/** An integer key within [min, max], or the fallback when it is absent. */
export function intIn(value: unknown, fallback: number, min: number, max: number, location: string, key: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${location}: ${key} ${JSON.stringify(value)}: expected an integer from ${min} to ${max}`);
  }
  return value;
}

/** A boolean key. */
export function boolean(value: unknown, location: string, key: string): boolean {
  if (typeof value !== 'boolean') throw new ConfigError(`${location}: ${key} ${JSON.stringify(value)}: expected true or false`);
  return value;
}

/** A section that must be a mapping. */
export function mapping(value: unknown, location: string, key: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ConfigError(`${location}: ${key}: expected a mapping`);
  return value as Record<string, unknown>;
}

/** Refuses a key the section does not know, naming the ones it does. */
export function rejectUnknown(section: Record<string, unknown>, known: readonly string[], location: string, prefix: string): void {
  const unknown = Object.keys(section).find((k) => !known.includes(k));
  if (unknown !== undefined) {
    throw new ConfigError(`${location}: unknown key ${prefix}${unknown} (expected one of: ${known.map((k) => prefix + k).join(', ')})`);
  }
}
