// The engine as the bench measures it: the built library (dist/lib.js), never src/.
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { engineVersion } from './machine.mjs';

export const PACKAGE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const CLI_PATH = path.join(PACKAGE_ROOT, 'dist/cli.js');

/** Loads dist/lib.js; fails with the command that builds it when it is missing. */
export function loadEngine() {
  const libPath = path.join(PACKAGE_ROOT, 'dist/lib.js');
  if (!fs.existsSync(libPath)) throw new Error(`bench/engine: ${libPath} is missing; run \`node scripts/build.mjs\` first`);
  engineVersion(PACKAGE_ROOT);
  const engine = createRequire(import.meta.url)(libPath);
  // Measure what `ckg` runs: it raises V8's optimisation budget first thing (src/v8Tuning.ts).
  engine.tuneV8ForIndexing?.();
  return engine;
}
