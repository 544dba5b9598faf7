import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

/** The programs a throwaway cluster needs. */
const PROGRAMS = ['initdb', 'pg_ctl', 'postgres'] as const;

/**
 * The folder holding PostgreSQL's server programs: `pg_config --bindir` when it names one
 * that has them, else the newest /usr/lib/postgresql/<version>/bin (Debian installs the
 * server there, off PATH). Missing PostgreSQL is an error, never a skip: CI must run the
 * PostgreSQL tests, and `.ci/run` installs the package when initdb is missing.
 */
export function postgresBinDir(candidates: readonly string[] = binDirCandidates()): string {
  const found = candidates.find((dir) => PROGRAMS.every((program) => fs.existsSync(path.join(dir, program))));
  if (!found) {
    throw new Error(
      'PostgreSQL is not installed: the PostgreSQL store tests start a throwaway cluster with initdb, pg_ctl and postgres '
      + `(looked in ${candidates.length > 0 ? candidates.join(', ') : 'pg_config --bindir and /usr/lib/postgresql/*/bin: none there'}). `
      + 'Install the server: apt-get install postgresql (Debian/Ubuntu; `.ci/run` does this when initdb is missing).',
    );
  }
  return found;
}

/** Where the programs may be: `pg_config --bindir`, then /usr/lib/postgresql/<version>/bin, newest first. */
function binDirCandidates(): string[] {
  const candidates: string[] = [];
  const configured = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  if (configured.status === 0) candidates.push(configured.stdout.trim());
  const debian = '/usr/lib/postgresql';
  if (fs.existsSync(debian)) {
    const versions = fs.readdirSync(debian).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => path.join(debian, v, 'bin')));
  }
  return candidates;
}
