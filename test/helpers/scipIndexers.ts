import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

const BIN = path.join(__dirname, '..', '..', 'node_modules', '.bin');

/** Runs the real scip-typescript on a directory holding a tsconfig.json; returns the index file. */
export function runScipTypescript(root: string, output = path.join(root, 'index.scip')): string {
  run(path.join(BIN, 'scip-typescript'), ['index', '--output', output], root);
  return output;
}

/** Runs the real scip-python on a directory of Python code (no installed packages); returns the index file. */
export function runScipPython(root: string, output = path.join(root, 'index.scip')): string {
  const environment = path.join(path.dirname(output), 'scip-python-env.json');
  fs.writeFileSync(environment, '[]');
  run(path.join(BIN, 'scip-python'), ['index', '.', '--project-name', 'p', '--project-version', '1', '--environment', environment, '--output', output], root);
  return output;
}

function run(command: string, args: string[], cwd: string): void {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${path.basename(command)} ${args.join(' ')} failed (${result.status}): ${result.stderr}${result.stdout}`);
}
