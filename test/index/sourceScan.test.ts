import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { hashBytes } from '../../src/model';
import { type ScanOptions, scanSources } from '../../src/index/sourceScan';
import type { FileStatRecord, LiveFile } from '../../src/store';
import { makeTempDir, writeTree } from '../helpers/tempDir';

const FILES = { 'a.ts': 'export const a = 1;\n', 'b.ts': 'export const b = 2;\n', 'notes.txt': 'not a source\n' };

/** What the graph would hold after indexing the scanned files: their live content hashes. */
function liveOf(root: string, paths: readonly string[]): Map<string, LiveFile> {
  return new Map(paths.map((p) => [p, { path: p, contentHash: hashBytes(fs.readFileSync(path.join(root, p))) } as LiveFile]));
}

function options(root: string, knownStats: Map<string, FileStatRecord> | undefined, live: Map<string, LiveFile>, settleMs = 0): ScanOptions {
  return { root, maxBytes: 1024, skipped: {}, readBytes: (p) => fs.readFileSync(path.join(root, p)), knownStats, live, settleMs };
}

function statsOf(freshStats: readonly FileStatRecord[]): Map<string, FileStatRecord> {
  return new Map(freshStats.map((record) => [record.path, record]));
}

describe('index/sourceScan: stats stand for unchanged content', () => {
  it('reads every source the first time and remembers their stats', () => {
    const root = makeTempDir();
    writeTree(root, FILES);
    const scan = scanSources(['a.ts', 'b.ts', 'notes.txt'], options(root, new Map(), new Map()));
    assert.deepEqual([...scan.sources.keys()], ['a.ts', 'b.ts']);
    assert.ok([...scan.sources.values()].every((s) => s.text !== undefined));
    assert.deepEqual(scan.freshStats.map((s) => s.path), ['a.ts', 'b.ts']);
  });

  it('takes a file with the same stat as its live content without reading it', () => {
    const root = makeTempDir();
    writeTree(root, FILES);
    const first = scanSources(['a.ts', 'b.ts'], options(root, new Map(), new Map()));
    const live = liveOf(root, ['a.ts', 'b.ts']);
    const second = scanSources(['a.ts', 'b.ts'], options(root, statsOf(first.freshStats), live));
    assert.deepEqual([...second.sources.values()].map((s) => [s.path, s.text, s.contentHash]), [
      ['a.ts', undefined, live.get('a.ts')!.contentHash],
      ['b.ts', undefined, live.get('b.ts')!.contentHash],
    ]);
    assert.deepEqual(second.freshStats, []);
  });

  it('reads a file rewritten to the same size', () => {
    const root = makeTempDir();
    writeTree(root, FILES);
    const file = path.join(root, 'a.ts');
    const first = scanSources(['a.ts', 'b.ts'], options(root, new Map(), new Map()));
    const live = liveOf(root, ['a.ts', 'b.ts']);
    const { ctimeNs } = fs.statSync(file, { bigint: true });
    // Kernels stamp times from a coarse clock: write until the change time has moved on,
    // as it has for any write after the settle time (STAT_SETTLE_MS) a real scan waits for.
    do fs.writeFileSync(file, 'export const a = 9;\n');
    while (fs.statSync(file, { bigint: true }).ctimeNs === ctimeNs);
    const second = scanSources(['a.ts', 'b.ts'], options(root, statsOf(first.freshStats), live));
    const a = second.sources.get('a.ts')!;
    assert.equal(a.text, 'export const a = 9;\n');
    assert.notEqual(a.contentHash, live.get('a.ts')!.contentHash);
    assert.equal(second.sources.get('b.ts')!.text, undefined);
  });

  it('reads a file whose live content is not the content its stat was taken for', () => {
    const root = makeTempDir();
    writeTree(root, FILES);
    const first = scanSources(['a.ts'], options(root, new Map(), new Map()));
    const staleLive = new Map([['a.ts', { path: 'a.ts', contentHash: hashBytes(Buffer.from('older')) } as LiveFile]]);
    const second = scanSources(['a.ts'], options(root, statsOf(first.freshStats), staleLive));
    assert.equal(second.sources.get('a.ts')!.text, FILES['a.ts']);
  });

  it('does not remember a file changed within the settle time, and forgets files that are gone', () => {
    const root = makeTempDir();
    writeTree(root, FILES);
    const recent = scanSources(['a.ts', 'b.ts'], options(root, new Map(), new Map(), 60_000));
    assert.deepEqual(recent.freshStats, [], 'files written just now are read again next time');
    const first = scanSources(['a.ts', 'b.ts'], options(root, new Map(), new Map()));
    fs.rmSync(path.join(root, 'b.ts'));
    const second = scanSources(['a.ts'], options(root, statsOf(first.freshStats), liveOf(root, ['a.ts'])));
    assert.deepEqual(second.forgotten, ['b.ts']);
  });

  it('reads a file over the size cap, which is then skipped as before', () => {
    const root = makeTempDir();
    writeTree(root, FILES);
    const first = scanSources(['a.ts'], options(root, new Map(), new Map()));
    const small = { ...options(root, statsOf(first.freshStats), liveOf(root, ['a.ts'])), maxBytes: 4 };
    const second = scanSources(['a.ts'], small);
    assert.equal(second.sources.size, 0);
    assert.deepEqual(small.skipped, { 'over size cap': 1 });
  });
});
