// Writes a declaration-dense SQL corpus: the worst case for SQL extraction against its
// floor (one symbol per ~40 bytes). N tables of four columns, each with a foreign key to
// the table before, and one view joining each table to that one, in migrations/ of a
// fresh git repository (bench rows name its commit).
//   node bench/generate-ddl.mjs <out_dir> [--tables N]
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { UsageError, parseArgs } from './lib/args.mjs';

const USAGE = 'node bench/generate-ddl.mjs <out_dir> [--tables N]';

function ddl(tables) {
  const parts = [];
  for (let i = 0; i < tables; i++) {
    const parent = Math.max(0, i - 1);
    parts.push(
      `-- table ${i}\nCREATE TABLE t${i} (\n  id BIGINT PRIMARY KEY,\n  name TEXT NOT NULL,\n`
        + `  parent_id BIGINT REFERENCES t${parent}(id),\n  created_at TIMESTAMP DEFAULT now()\n);\n`
        + `CREATE VIEW v${i} AS SELECT a.id, b.name FROM t${i} a JOIN t${parent} b ON a.parent_id = b.id;\n`,
    );
  }
  return parts.join('');
}

function main() {
  const { repoPath: outDir, options } = parseArgs('bench/generate-ddl', process.argv.slice(2), {
    valued: { tables: 3000 }, flags: [], usage: USAGE,
  });
  const { tables } = options;
  if (fs.existsSync(outDir) && fs.readdirSync(outDir).length > 0) throw new UsageError(`bench/generate-ddl: ${outDir} is not empty; give a new directory`);
  fs.mkdirSync(path.join(outDir, 'migrations'), { recursive: true });
  const file = path.join(outDir, 'migrations', '0001_schema.sql');
  fs.writeFileSync(file, ddl(tables));
  const git = (...args) => execFileSync('git', ['-C', outDir, ...args], { stdio: 'ignore' });
  git('init', '-q');
  git('add', '.');
  git('-c', 'user.name=bench', '-c', 'user.email=bench@localhost', 'commit', '-qm', `${tables} tables`);
  process.stdout.write(`wrote ${file} (${fs.statSync(file).size} bytes, ${tables} tables, ${tables} views, ${tables * 4} columns)\n`);
}

try {
  main();
} catch (error) {
  process.stderr.write(`${error instanceof UsageError ? error.message : error.stack}\n`);
  process.exit(error instanceof UsageError ? 2 : 1);
}
