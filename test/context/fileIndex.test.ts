import * as assert from 'node:assert/strict';
import { fileIndexOf } from '../../src/context/fileIndex';
import { ContextGraph } from './contextGraph';

describe('context/fileIndex', () => {
  it('ranks whole files by their path, symbol names, signatures and doc comments', () => {
    const g = new ContextGraph();
    g.node('cookies.parse', { file: 'src/cookies.py', doc: 'Parse a Set-Cookie header.' });
    g.node('routing.match', { file: 'src/routing.py', signature: 'match(path, method)' });
    g.node('UNRESOLVED/cookie.header');
    const view = g.view();
    const index = fileIndexOf(view);
    assert.equal(fileIndexOf(view), index, 'one index per view');
    assert.deepEqual(index.searchFiles('set cookie header parsing', 5).map((h) => h.file.path), ['src/cookies.py']);
    assert.deepEqual(index.searchFiles('route matching by method', 5).map((h) => h.file.path), ['src/routing.py']);
    assert.deepEqual(index.searchFiles('...', 5), []);
  });
});
