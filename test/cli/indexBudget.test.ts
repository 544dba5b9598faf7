import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { makeTempDir, writeTree } from '../helpers/tempDir';

/** The built bundle (`npm run build` first), as users run it. */
const CLI = path.join(__dirname, '..', '..', 'dist', 'cli.js');

function ckg(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('cli: ckg index on pathological files (built bundle)', () => {
  it('finishes, counts the files over the work budget in the summary and names them', () => {
    assert.ok(fs.existsSync(CLI), `${CLI} is missing: run npm run build first (npm test does)`);
    const repo = makeTempDir();
    const files: Record<string, string> = { 'bad/parens.go': '('.repeat(100_000), 'bad/parens.py': '('.repeat(100_000) };
    // Enough ordinary files for the run to use the parse pool.
    for (let i = 0; i < 10; i++) files[`ok/m${i}.py`] = `def f${i}():\n    return ${i}\n`;
    writeTree(repo, files);
    const db = path.join(makeTempDir(), 'graph.sqlite');
    // A generous clock: the cut-off here is the counted work, the same on every machine.
    const result = ckg('index', repo, '--repo-url', 'example.com/bad', '--file-budget-ms', '600000', '-db', db);
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /^skipped\s+over work budget 2/m);
    assert.match(result.stderr, /warning: bad\/parens\.go: skipped, over work budget/);
    assert.match(result.stderr, /warning: bad\/parens\.py: skipped, over work budget/);
    assert.match(result.stdout, /^files\s+12 /m);
  });

  it('names a bad --file-budget-ms', () => {
    const result = ckg('index', makeTempDir(), '--file-budget-ms', '0', '-db', path.join(makeTempDir(), 'g.sqlite'));
    assert.equal(result.status, 2);
    assert.match(result.stderr, /--file-budget-ms 0: expected a positive integer/);
  });
});
