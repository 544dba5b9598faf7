import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';

describe('v8Tuning', () => {
  it("raises V8's optimisation budget on this Node without a word on stderr, and leaves other V8s alone", () => {
    const script = (v8Version: string): string => [
      `Object.defineProperty(process.versions, 'v8', { value: '${v8Version}' });`,
      "const v8 = require('node:v8'); const set = v8.setFlagsFromString; const flags = [];",
      'v8.setFlagsFromString = (f) => { flags.push(f); set(f); };',
      "require('./src/v8Tuning').tuneV8ForIndexing(); console.log(JSON.stringify(flags));",
    ].join('\n');
    const run = (v8Version: string): { flags: string[]; stderr: string } => {
      const child = spawnSync(process.execPath, ['--import', 'tsx', '-e', script(v8Version)], { encoding: 'utf8' });
      assert.equal(child.status, 0, child.stderr);
      return { flags: JSON.parse(child.stdout.trim().split('\n').pop()!) as string[], stderr: child.stderr };
    };
    const here = run(process.versions.v8);
    if (process.versions.v8.startsWith('11.')) {
      assert.deepEqual(here.flags, ['--interrupt-budget=270336']);
      assert.equal(here.stderr, '', 'V8 knows the flag (it prints an error for one it does not)');
    }
    assert.deepEqual(run('12.4.254.21-node.33').flags, [], 'a V8 it was not measured on is left as it is');
  });
});
