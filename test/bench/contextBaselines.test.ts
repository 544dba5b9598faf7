import * as assert from 'node:assert/strict';
import { rankCoChanges } from '../../bench/lib/contextBaselines.mjs';

describe('bench context baselines', () => {
  it('ranks the files that changed with a file by how many commits changed both', () => {
    const log = ['', 'src/a.ts\nsrc/b.ts\nsrc/c.ts\n', 'src/a.ts\nsrc/c.ts\nREADME.md\n', 'src/a.ts\n\nsrc/c.ts\nsrc/c.ts\n'].join('\x1e');
    const allowed = new Set(['src/a.ts', 'src/b.ts', 'src/c.ts']);
    assert.deepEqual(rankCoChanges(log, 'src/a.ts', allowed), ['src/c.ts', 'src/b.ts'], 'c three times (once per commit), b once; the file itself and README left out');
    assert.deepEqual(rankCoChanges('', 'src/a.ts', allowed), []);
  });
});
