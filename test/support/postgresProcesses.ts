import * as path from 'node:path';
import { type ScriptProcess, startScript } from '../helpers/scriptProcess';

const CHILD = path.join(__dirname, 'postgresChild.ts');

/** A running postgresChild.ts: its first line, its exit, and its stdin to end (a lock holder then releases and exits). */
export type PostgresChildProcess = ScriptProcess;

/** Starts postgresChild.ts in `mode` on the database at `url`. */
export function startPostgresChild(mode: string, url: string, ...flags: string[]): PostgresChildProcess {
  return startScript(CHILD, [mode, url, ...flags], `postgresChild ${mode}`);
}
