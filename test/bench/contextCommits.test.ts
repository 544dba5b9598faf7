import * as assert from 'node:assert/strict';
import { type LoggedCommit, parseLog, pickCommits, rejection, seededShuffle, truthFiles } from '../../bench/lib/contextCommits.mjs';

const isSource = (path: string): boolean => /\.(ts|go|py)$/.test(path);
const commit = (message: string, changes: [string, string][], parents = ['p']): LoggedCommit => ({
  hash: message.slice(0, 8), parents, message, changes: changes.map(([status, path]) => ({ status, path })),
});

describe('bench context commit selection', () => {
  it('takes a non-merge commit of 1-8 source files outside tests with a message of 5 words', () => {
    assert.equal(rejection(commit('fix the watcher flush order now', [['M', 'src/watch.ts'], ['M', 'src/watch.test.ts']]), isSource), undefined);
  });

  it('names why a commit is left out', () => {
    const ok: [string, string][] = [['M', 'src/a.ts']];
    assert.equal(rejection(commit('merge the branch into main today', ok, ['p', 'q']), isSource), 'merge or root');
    assert.equal(rejection(commit('chore(deps): bump the lodash version up', ok), isSource), 'dependency bump');
    assert.equal(rejection(commit('update the parser and its deps', [['M', 'src/a.go'], ['M', 'go.sum']]), isSource), 'dependency bump');
    assert.equal(rejection(commit('pin requirements for the docs build', [['M', 'a.py'], ['M', 'requirements/dev.txt']]), isSource), 'dependency bump');
    assert.equal(rejection(commit('document the flags in the readme', [['M', 'README.md']]), isSource), 'no source file');
    assert.equal(rejection(commit('cover the flush order with tests', [['M', 'src/a_test.go'], ['A', 'tests/test_b.py']]), isSource), 'tests only');
    const nine = Array.from({ length: 9 }, (_, i): [string, string] => ['M', `src/f${i}.ts`]);
    assert.equal(rejection(commit('rename the helpers across the tree', nine), isSource), 'more than 8 source files');
    assert.equal(rejection(commit('add a brand new module for caching', [['A', 'src/cache.ts']]), isSource), 'only added files');
    assert.equal(rejection(commit('fix typo (#123)\n\nSigned-off-by: A B <a@b>', ok), isSource), 'message under 5 words');
  });

  it('takes as truth the changed source files outside tests that the parent has', () => {
    const c = commit('x', [['M', 'src/b.ts'], ['A', 'src/new.ts'], ['D', 'src/a.ts'], ['M', 'src/b.test.ts'], ['M', 'docs/x.md']]);
    assert.deepEqual(truthFiles(c, isSource), ['src/a.ts', 'src/b.ts']);
  });

  it('parses git log records with their message and name-status lines', () => {
    const text = '\x1eaaa\x00ppp\x00fix: the thing\n\nbody line\n\x00\n\nM\tsrc/a.ts\nD\tsrc/b.ts\n\x1ebbb\x00p1 p2\x00merge\n\x00\n';
    assert.deepEqual(parseLog(text), [
      { hash: 'aaa', parents: ['ppp'], message: 'fix: the thing\n\nbody line', changes: [{ status: 'M', path: 'src/a.ts' }, { status: 'D', path: 'src/b.ts' }] },
      { hash: 'bbb', parents: ['p1', 'p2'], message: 'merge', changes: [] },
    ]);
  });

  it('picks the same commits for the same seed, oldest first', () => {
    const candidates = Array.from({ length: 30 }, (_, i) => commit(`change number ${i} of the parser code`, [['M', `src/f${i}.ts`]]))
      .map((c, i) => ({ ...c, hash: `h${i}` }));
    const first = pickCommits(candidates, isSource, { n: 5, seed: '16' });
    assert.deepEqual(pickCommits(candidates, isSource, { n: 5, seed: '16' }), first);
    assert.notDeepEqual(pickCommits(candidates, isSource, { n: 5, seed: '17' }).map((c) => c.hash), first.map((c) => c.hash));
    const positions = first.map((c) => Number(c.hash.slice(1)));
    assert.deepEqual(positions, [...positions].sort((a, b) => b - a));
    assert.deepEqual(seededShuffle([1, 2, 3, 4], 7), seededShuffle([1, 2, 3, 4], 7));
  });
});
