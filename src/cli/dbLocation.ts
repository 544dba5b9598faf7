import { type ParsedArgs, UsageError } from './args';
import { readConfig } from './configFile';
import { noteChosenLocation } from './shownSecrets';

/** The environment variable naming the graph when `-db` does not. */
export const DB_ENV = 'CKG_DB';

/** Where the graph's location came from, for messages that name it. */
export type DbSource = '-db' | typeof DB_ENV | 'config';

/** The graph a command opens, and which source named it. */
export interface DbChoice {
  readonly location: string;
  readonly source: DbSource;
}

/**
 * The graph a command opens: `-db`, else `CKG_DB`, else the config file's `database:`
 * (`--config FILE`, else ckg.config.yaml in the working directory). A team keeps its
 * server's URL in one place and runs every command without repeating it; the flag still
 * wins for a one-off. None of them: the usage error every command gave before.
 */
export function chooseDb(args: ParsedArgs, env: NodeJS.ProcessEnv = process.env): DbChoice {
  const choice = pick(args, env);
  noteChosenLocation(choice.location);
  return choice;
}

function pick(args: ParsedArgs, env: NodeJS.ProcessEnv): DbChoice {
  const flag = args.options.get('db');
  if (typeof flag === 'string' && flag !== '') return { location: flag, source: '-db' };
  const fromEnv = env[DB_ENV];
  if (fromEnv !== undefined && fromEnv.trim() !== '') return { location: fromEnv.trim(), source: DB_ENV };
  const fromConfig = readConfig(args.options.get('config')).database;
  if (fromConfig !== undefined) return { location: fromConfig, source: 'config' };
  throw new UsageError(`-db <db_path> is required (or set ${DB_ENV}, or database: in ckg.config.yaml)`);
}

/** The location alone: what most commands need. */
export function dbLocation(args: ParsedArgs, env: NodeJS.ProcessEnv = process.env): string {
  return chooseDb(args, env).location;
}
