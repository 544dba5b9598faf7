import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { StoreOpenError, openStore } from '../../../src/store';
import { makeTempDir } from '../../helpers/tempDir';
import { deadPid } from '../../helpers/writerProcesses';

/** Saves a graph with one more repo in it, so each save changes the file. */
async function saveWithRepo(location: string, repoUrl: string, padding = 0): Promise<void> {
  const store = await openStore(location);
  try {
    await store.upsertRepo({ repoHash: repoUrl.padEnd(64, '0').replace(/[^0-9a-f]/g, 'a').slice(0, 64), repoUrl, rootPath: '/r'.padEnd(padding + 2, 'r'), serviceName: 'r' });
    await store.save();
  } finally {
    await store.close();
  }
}

async function repoUrls(location: string): Promise<string[]> {
  const store = await openStore(location);
  try {
    return (await store.repos()).map((r) => r.repoUrl).sort();
  } finally {
    await store.close();
  }
}

const mode = (file: string): number => fs.statSync(file).mode & 0o7777;

describe('store/sqljs/atomicWrite: a save keeps the file\'s identity', () => {
  it('keeps the mode of the graph file (0600 stays 0600), replaced whole or written in place', async () => {
    const dir = makeTempDir();
    const db = path.join(dir, 'graph.sqlite');
    await saveWithRepo(db, 'r1');
    fs.chmodSync(db, 0o600);
    const inode = fs.statSync(db).ino;
    // A row larger than the file so far changes most of its pages: the save replaces it.
    await saveWithRepo(db, 'r2', 200_000);
    assert.notEqual(fs.statSync(db).ino, inode, 'the file was replaced, not written in place');
    assert.equal(mode(db).toString(8), '600');
    const replaced = fs.statSync(db).ino;
    await saveWithRepo(db, 'r3');
    assert.equal(fs.statSync(db).ino, replaced, 'a small change is written in place');
    assert.equal(mode(db).toString(8), '600');
    assert.deepEqual(await repoUrls(db), ['r1', 'r2', 'r3']);
    assert.deepEqual(fs.readdirSync(dir), ['graph.sqlite'], 'no temp or lock file is left behind');
  });

  it('keeps the owner of the graph file where this process may set it', async function () {
    if (process.getuid?.() !== 0) this.skip(); // only root may give a file to another user
    const db = path.join(makeTempDir(), 'graph.sqlite');
    await saveWithRepo(db, 'r1');
    fs.chownSync(db, 4321, 4321);
    await saveWithRepo(db, 'r2');
    const stat = fs.statSync(db);
    assert.deepEqual([stat.uid, stat.gid], [4321, 4321]);
  });

  it('writes a symlinked -db through to its target, atomically in the target\'s directory, and keeps the link', async () => {
    const targetDir = makeTempDir();
    const linkDir = makeTempDir();
    const target = path.join(targetDir, 'real.sqlite');
    const link = path.join(linkDir, 'graph.sqlite');
    await saveWithRepo(target, 'r1');
    fs.symlinkSync(target, link);
    await saveWithRepo(link, 'r2');
    assert.ok(fs.lstatSync(link).isSymbolicLink(), 'the link is still a link');
    assert.equal(fs.readlinkSync(link), target);
    assert.deepEqual(await repoUrls(target), ['r1', 'r2'], 'the target holds the new graph');
    assert.deepEqual(fs.readdirSync(targetDir), ['real.sqlite']);
    assert.deepEqual(fs.readdirSync(linkDir), ['graph.sqlite']);
  });

  it('creates the target of a dangling symlinked -db on the first save', async () => {
    const target = path.join(makeTempDir(), 'later.sqlite');
    const link = path.join(makeTempDir(), 'graph.sqlite');
    fs.symlinkSync(target, link);
    await saveWithRepo(link, 'r1');
    assert.ok(fs.lstatSync(link).isSymbolicLink());
    assert.deepEqual(await repoUrls(target), ['r1']);
  });

  it('refuses a read-only graph file with a clear error before any work, and never replaces it', async () => {
    const db = path.join(makeTempDir(), 'graph.sqlite');
    await saveWithRepo(db, 'r1');
    fs.chmodSync(db, 0o444);
    const before = fs.readFileSync(db);
    await assert.rejects(openStore(db, { writer: {} }),
      (error: Error) => error instanceof StoreOpenError && /graph\.sqlite: the graph file is read-only; refusing to replace it/.test(error.message));
    assert.ok(!fs.existsSync(`${db}.lock`), 'no lock was taken');
    // A store opened to read may not save over it either.
    const reader = await openStore(db);
    await assert.rejects(reader.save(), /read-only; refusing to replace it/);
    await reader.close();
    assert.deepEqual(fs.readFileSync(db), before);
    assert.equal(mode(db).toString(8), '444');
  });

  it('names temp files <graph>.ckg-tmp-<pid>-<n>, and removes those of dead processes on the next open', async () => {
    const dir = makeTempDir();
    const db = path.join(dir, 'graph.sqlite');
    await saveWithRepo(db, 'r1');
    const dead = deadPid();
    const stale = [`graph.sqlite.ckg-tmp-${dead}-3`, `.graph.sqlite.${dead}.1700000000000.tmp`, `graph.sqlite.lock.${dead}.0a1b2c3d.new`];
    const live = `graph.sqlite.ckg-tmp-${process.pid}-999`;
    const unrelated = `other.sqlite.ckg-tmp-${dead}-1`;
    for (const name of [...stale, live, unrelated]) fs.writeFileSync(path.join(dir, name), 'partial save');
    const store = await openStore(db);
    await store.close();
    assert.deepEqual(fs.readdirSync(dir).sort(), ['graph.sqlite', live, unrelated].sort(),
      'dead processes\' temp files of this graph went; a live process\'s and another graph\'s stayed');
  });
});
