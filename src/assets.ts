import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * Where runtime assets live. Bundled (dist/*.js), build copies them beside the bundle;
 * from sources (tests, tsx), they are read where they are kept in the repo.
 */
const bundled = path.basename(__dirname) === 'dist';
const packageRoot = bundled ? path.dirname(__dirname) : findPackageRoot(__dirname);

function findPackageRoot(start: string): string {
  let dir = start;
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`assets: no package.json above ${start}`);
    dir = parent;
  }
  return dir;
}

export const Assets = {
  root: packageRoot,
  grammar(fileName: string): string {
    return path.join(packageRoot, 'grammars', fileName);
  },
  queries(languageFolder: string): string {
    return bundled
      ? path.join(__dirname, 'queries', `${languageFolder}.scm`)
      : path.join(packageRoot, 'src', 'extract', languageFolder, 'queries.scm');
  },
  migrationsDir(): string {
    return bundled
      ? path.join(__dirname, 'migrations')
      : path.join(packageRoot, 'src', 'store', 'sqljs', 'migrations');
  },
  sqlJsWasm(): string {
    return bundled
      ? path.join(__dirname, 'sql-wasm.wasm')
      : path.join(packageRoot, 'node_modules', 'sql.js', 'dist', 'sql-wasm.wasm');
  },
  /** sql.js's script, read as text and patched when loaded (src/store/sqljs/sqlJsModule.ts). */
  sqlJsScript(): string {
    return bundled
      ? path.join(__dirname, 'sql-wasm.js')
      : path.join(packageRoot, 'node_modules', 'sql.js', 'dist', 'sql-wasm.js');
  },
  /** The parse worker script: the bundle beside us, or the TS source under tsx. */
  parseWorker(): string {
    return bundled
      ? path.join(__dirname, 'parseWorker.js')
      : path.join(packageRoot, 'src', 'index', 'parseWorker.ts');
  },
};
