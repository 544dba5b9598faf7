import { CkgError } from '../model';
import type { WriterLockOptions } from '../store';
import type { CliIo } from './io';

/** Parsed command line: positionals and `--name value` / `-db value` options. */
export interface ParsedArgs {
  readonly positionals: string[];
  readonly options: Map<string, string | true>;
}

/** A command line the user can fix: the CLI prints the message and exits 2. */
export class UsageError extends CkgError {
  readonly code = 'usage';
}

/**
 * Parses argv against the options a command accepts. `valued` options take the next
 * argument; `flags` take none. `-db` is spelled with one dash as the SPEC's client
 * configuration does; `--db` is accepted too.
 */
export function parseArgs(argv: readonly string[], valued: readonly string[], flags: readonly string[] = []): ParsedArgs {
  const positionals: string[] = [];
  const options = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('-') || arg === '-') {
      positionals.push(arg);
      continue;
    }
    const [rawName, inlineValue] = arg.replace(/^--?/, '').split(/=(.*)/s, 2);
    const name = rawName;
    if (flags.includes(name)) {
      options.set(name, true);
    } else if (valued.includes(name)) {
      const value = inlineValue ?? argv[++i];
      if (value === undefined) throw new UsageError(`${arg}: expected a value`);
      options.set(name, value);
    } else {
      const known = [...valued, ...flags].map((o) => (o === 'db' ? '-db' : `--${o}`)).join(', ');
      throw new UsageError(`unknown option ${arg}${known ? ` (expected one of: ${known})` : ''}`);
    }
  }
  return { positionals, options };
}

export function requireOption(args: ParsedArgs, name: string, what: string): string {
  const value = args.options.get(name);
  if (typeof value !== 'string' || value === '') throw new UsageError(`${name === 'db' ? '-db' : `--${name}`} <${what}> is required`);
  return value;
}

export function positiveIntegerOption(args: ParsedArgs, name: string): number | undefined {
  const value = args.options.get(name);
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (typeof value !== 'string' || !Number.isInteger(parsed) || parsed <= 0) {
    throw new UsageError(`--${name} ${String(value)}: expected a positive integer`);
  }
  return parsed;
}

/**
 * How a writing command takes the graph's writer lock: it waits for another writer,
 * saying so on stderr, unless `--no-wait` asks it to fail at once (exit 4).
 */
export function writerLock(args: ParsedArgs, command: string, io: CliIo): WriterLockOptions {
  return { wait: !args.options.has('no-wait'), command, onWait: (message) => io.stderr.write(`${message}\n`) };
}
