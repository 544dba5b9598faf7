import * as assert from 'node:assert/strict';
import { globMatcher } from '../../src/server/globs';

describe('server/globs', () => {
  it('matches VS Code style exclude globs against repo-relative paths', () => {
    const excluded = globMatcher(['**/node_modules/**', 'dist', '*.min.js', 'gen/{a,b}/*.ts', 'docs/?.md']);
    for (const p of ['node_modules/x/index.js', 'pkg/node_modules/y.ts', 'dist/cli.js', 'web/app.min.js', 'gen/a/x.ts', 'docs/a.md']) {
      assert.equal(excluded(p), true, p);
    }
    for (const p of ['src/app.ts', 'distance.ts', 'gen/c/x.ts', 'gen/a/deep/x.ts', 'docs/ab.md']) assert.equal(excluded(p), false, p);
    assert.equal(globMatcher([])('anything'), false);
  });
});
