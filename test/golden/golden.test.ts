import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { FIXTURE_REPOS, dumpGraph, indexFixture } from '../helpers/indexFixture';

const GOLDEN_DIR = __dirname;
const UPDATE = process.env.CKG_UPDATE_GOLDEN === '1';

/** Line diff with a little context: enough to see what moved. */
function diff(expected: string, actual: string): string {
  const want = new Set(expected.split('\n'));
  const got = new Set(actual.split('\n'));
  const lost = [...want].filter((l) => !got.has(l)).map((l) => `- ${l}`);
  const gained = [...got].filter((l) => !want.has(l)).map((l) => `+ ${l}`);
  return [...lost, ...gained].join('\n');
}

describe('golden graphs of the fixture repos', () => {
  for (const name of fs.readdirSync(FIXTURE_REPOS).sort()) {
    it(name, async () => {
      const store = await indexFixture(name);
      const actual = await dumpGraph(store);
      await store.close();
      const goldenPath = path.join(GOLDEN_DIR, `${name}.graph.txt`);
      if (UPDATE || !fs.existsSync(goldenPath)) {
        fs.writeFileSync(goldenPath, actual);
        if (!UPDATE) assert.fail(`no golden file yet: wrote ${path.relative(process.cwd(), goldenPath)}; review it and commit`);
        return;
      }
      const expected = fs.readFileSync(goldenPath, 'utf8');
      if (expected !== actual) {
        assert.fail(`graph of ${name} differs from ${path.relative(process.cwd(), goldenPath)}:\n${diff(expected, actual)}\n\n`
          + 'If the new graph is right, accept it with: npm run test:update');
      }
    });
  }
});
