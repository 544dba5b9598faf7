import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';

const FUZZ = path.join(__dirname, '..', '..', 'bench', 'fuzz.mjs');

describe('bench/fuzz', () => {
  // The suite reads the built engine's store through its public roles; it broke silently
  // once when a store method it called was removed. A small run keeps it runnable.
  it('runs a small seeded suite end to end: no crash, and the index check passes', function () {
    this.timeout(120_000);
    const result = spawnSync(process.execPath, [FUZZ, '--inputs', '12', '--languages', 'python', '--repo-files', '8', '--no-record'], { encoding: 'utf8' });
    assert.equal(result.status, 0, `${result.stdout}\n${result.stderr}`);
    assert.match(result.stdout, /python\s+inputs 12, .*crashes 0/);
    assert.match(result.stdout, /dangling 0, second index no-op, clean index same/);
  });
});
