import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readCommitFiles } from '../../src/index/gitInfo';
import { repositoryReader } from '../../src/index/repositoryReader';
import { commitFiles, git, gitRepo } from '../helpers/gitRepo';

describe('index/repositoryReader', () => {
  it('reads the work tree, and a missing file as undefined', () => {
    const root = gitRepo({ 'go.mod': 'module example.com/shop\n' });
    fs.writeFileSync(path.join(root, 'go.mod'), 'module example.com/edited\n');
    const reader = repositoryReader(root);
    assert.equal(reader.readBytes('go.mod')?.toString(), 'module example.com/edited\n');
    assert.equal(reader.readBytes('missing.go'), undefined);
    reader.release();
    assert.equal(reader.readBytes('go.mod')?.toString(), 'module example.com/edited\n', 'releasing a work-tree reader changes nothing');
  });

  it("reads a commit from the run's batch, and after release from git one file at a time", () => {
    const root = gitRepo({ 'go.mod': 'module example.com/first\n', 'cart/cart.go': 'package cart\n' });
    const first = git(root, 'rev-parse', 'HEAD');
    commitFiles(root, { 'go.mod': 'module example.com/second\n' }, 'second');
    const contents = readCommitFiles(root, first, ['go.mod', 'cart/cart.go']);
    const reader = repositoryReader(root, { commit: first, contents });
    assert.equal(reader.readBytes('go.mod')?.toString(), 'module example.com/first\n');

    // After release the batch is no longer read: a change to it does not show, the commit's file does.
    (contents as Map<string, Buffer>).set('go.mod', Buffer.from('module example.com/batch-only\n'));
    reader.release();
    assert.equal(reader.readBytes('go.mod')?.toString(), 'module example.com/first\n', 'the file as the commit holds it');
    assert.equal(reader.readBytes('cart/cart.go')?.toString(), 'package cart\n');
    assert.equal(reader.readBytes('missing.go'), undefined, 'a path the commit does not hold');
  });
});
