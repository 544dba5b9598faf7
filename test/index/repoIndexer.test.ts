import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readFacts, staleFactsCount } from '../../src/index/factsCodec';
import { merkleRoot } from '../../src/index/merkle';
import { RepoIndexer } from '../../src/index/repoIndexer';
import type { IndexProgress } from '../../src/index/progress';
import { callSitesOf } from '../../src/model';
import { type GraphStore, openStore } from '../../src/store';
import { gitRepo } from '../helpers/gitRepo';
import { liveNodes, localName } from '../helpers/indexFixture';
import { makeTempDir, writeTree } from '../helpers/tempDir';

const REPO_URL = 'example.com/shop';

async function callEdges(store: GraphStore): Promise<string[]> {
  const names = new Map((await liveNodes(store)).map((n) => [n.nodeHash, localName(n.qualifiedName)]));
  return (await store
    .liveEdges({ edgeType: 'calls' }))
    .map((e) => `${names.get(e.sourceHash) ?? '?'} -> ${names.get(e.targetHash) ?? 'CLOSED-NODE'}`)
    .sort();
}

function git(root: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd: root, env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' } })
    .toString()
    .trim();
}

const CALLER = 'from shop.pricing import total\n\n\ndef checkout(items):\n    return total(items)\n';
const CALLEE = 'def total(items):\n    return sum(items)\n';

describe('index/RepoIndexer', () => {
  let root: string;
  let store: GraphStore;
  let indexer: RepoIndexer;

  beforeEach(async () => {
    root = makeTempDir();
    writeTree(root, { 'shop/__init__.py': '', 'shop/cart.py': CALLER, 'shop/pricing.py': CALLEE });
    store = await openStore(':memory:');
    indexer = new RepoIndexer(store);
  });
  afterEach(() => store.close());

  it('indexes a repository, reports progress, and does no work when nothing changed', async () => {
    const progress: IndexProgress[] = [];
    const first = await indexer.index({ repoPath: root, repoUrl: REPO_URL, onProgress: (p) => progress.push(p) });
    assert.equal(first.newSnapshot, true);
    assert.equal(first.files.added, 3);
    assert.deepEqual(await callEdges(store), ['shop.cart.checkout -> shop.pricing.total']);
    assert.ok(progress.some((p) => p.phase === 'parse' && p.done === p.total));
    assert.equal(progress[progress.length - 1].phase, 'done');

    const second = await new RepoIndexer(store).index({ repoPath: root, repoUrl: REPO_URL });
    assert.equal(second.newSnapshot, false);
    assert.equal(second.relinkedFiles, 0);
    assert.equal(second.files.unchanged, 3);
    assert.equal(second.snapshotHash, first.snapshotHash);
  });

  it('keeps edges from an unchanged file when only the callee file changes', async () => {
    await indexer.index({ repoPath: root, repoUrl: REPO_URL });
    // What total returns stays what it was: callers of it need nothing new.
    fs.writeFileSync(path.join(root, 'shop/pricing.py'), '# prices\n\ndef total(items):\n    rate = 1.2\n    return sum(items)\n');
    const summary = await new RepoIndexer(store).index({ repoPath: root, repoUrl: REPO_URL });
    assert.equal(summary.files.changed, 1);
    assert.equal(summary.relinkedFiles, 1, 'a body-only change re-links only the edited file');
    assert.deepEqual(await callEdges(store), ['shop.cart.checkout -> shop.pricing.total']);
  });

  it('keeps every call site of a pair, and updates the sites of the live edge when only sites change', async () => {
    const sites = async (): Promise<string[]> => (await store.liveEdges({ edgeType: 'calls' })).flatMap((e) => callSitesOf(e).map((s) => `${s.line}:${s.col}`));
    const { repoHash } = await indexer.index({ repoPath: root, repoUrl: REPO_URL });
    const [edge] = await store.liveEdges({ edgeType: 'calls' });
    fs.writeFileSync(path.join(root, 'shop/cart.py'), CALLER.replace('total(items)\n', 'total(items) + total(items[1:])\n'));
    await indexer.index({ repoPath: root, repoUrl: REPO_URL });
    assert.deepEqual(await sites(), ['5:12', '5:27'], 'a second call of the same pair is a second site of the same edge');
    fs.writeFileSync(path.join(root, 'shop/cart.py'), `# moved down\n${CALLER}`);
    await indexer.reindexFiles(root, ['shop/cart.py']);
    assert.deepEqual(await sites(), ['6:12'], 'a save moves the site and drops the one deleted');
    assert.deepEqual((await store.edgeEvents(edge.edgeHash)).map((e) => e.event), ['added'], 'sites change in place: no new edge version');
    assert.equal((await store.edgesAt(repoHash, 1)).filter((e) => e.edgeType === 'calls').length, 1);
  });

  it('drops the edge when the callee disappears and restores it when it returns', async () => {
    await indexer.index({ repoPath: root, repoUrl: REPO_URL });
    fs.writeFileSync(path.join(root, 'shop/pricing.py'), 'def subtotal(items):\n    return sum(items)\n');
    const renamed = await indexer.index({ repoPath: root, repoUrl: REPO_URL });
    assert.equal(renamed.relinkedFiles, 2, 'the importer is re-linked when the exported names change');
    assert.deepEqual(await callEdges(store), [], 'no edge may point at a removed node');
    fs.writeFileSync(path.join(root, 'shop/pricing.py'), CALLEE);
    await indexer.index({ repoPath: root, repoUrl: REPO_URL });
    assert.deepEqual(await callEdges(store), ['shop.cart.checkout -> shop.pricing.total']);
  });

  it('removes a deleted file with its nodes and the edges into it', async () => {
    await indexer.index({ repoPath: root, repoUrl: REPO_URL });
    fs.rmSync(path.join(root, 'shop/pricing.py'));
    const summary = await indexer.index({ repoPath: root, repoUrl: REPO_URL });
    assert.equal(summary.files.removed, 1);
    assert.deepEqual(await callEdges(store), ['shop.cart.checkout -> UNRESOLVED/shop.pricing.total'], 'the call now dangles, explicitly');
    assert.ok(!(await store.liveFiles(summary.repoHash)).some((f) => f.path === 'shop/pricing.py'));
  });

  it('skips binary and oversized files with counted reasons, and survives malformed source', async () => {
    writeTree(root, {
      'shop/blob.py': 'x = 1\n\0\0\0binary',
      'shop/huge.py': `# ${'x'.repeat(2048)}\n`,
      'shop/broken.py': 'def ok():\n    return 1\n\ndef broken(:\n    pass\n',
    });
    const summary = await indexer.index({ repoPath: root, repoUrl: REPO_URL, maxFileBytes: 1024 });
    assert.deepEqual(summary.skipped, { binary: 1, 'over size cap': 1 });
    assert.equal(summary.filesWithSyntaxErrors, 1);
    assert.ok((await liveNodes(store)).some((n) => n.qualifiedName.endsWith('shop.broken.ok')));
  });

  it('re-indexes a saved file so it is queryable, and refuses paths outside the repo', async () => {
    await indexer.index({ repoPath: root, repoUrl: REPO_URL });
    fs.writeFileSync(path.join(root, 'shop/cart.py'), `${CALLER}\n\ndef refund(items):\n    return -total(items)\n`);
    const summary = await indexer.reindexFiles(root, ['shop/cart.py']);
    assert.equal(summary.files.changed, 1);
    assert.deepEqual(await callEdges(store), ['shop.cart.checkout -> shop.pricing.total', 'shop.cart.refund -> shop.pricing.total']);
    await assert.rejects(indexer.reindexFiles(root, ['../elsewhere.py']), /outside the repository/);
  });

  it("a save's working snapshot carries the last full index's counts with their breakdown by kind and type", async () => {
    // A clean commit's snapshot: the save starts a working snapshot of its own.
    root = gitRepo({ 'shop/__init__.py': '', 'shop/cart.py': CALLER, 'shop/pricing.py': CALLEE });
    const first = await indexer.index({ repoPath: root, repoUrl: REPO_URL });
    assert.equal(first.dirty, false);
    const indexed = (await store.snapshot(first.snapshotHash))!;
    assert.ok(indexed.nodesByKind && indexed.edgesByType);
    fs.writeFileSync(path.join(root, 'shop/cart.py'), `${CALLER}\n# saved\n`);
    const saved = await indexer.reindexFiles(root, ['shop/cart.py']);
    const working = (await store.snapshot(saved.snapshotHash))!;
    assert.equal(working.dirty, true);
    assert.notEqual(working.snapshotHash, indexed.snapshotHash);
    assert.deepEqual(
      [working.nodeCount, working.edgeCount, working.nodesByKind, working.edgesByType],
      [indexed.nodeCount, indexed.edgeCount, indexed.nodesByKind, indexed.edgesByType],
    );
  });

  it('a save closes the placeholder its last edge pointed at, and keeps one another file still uses', async () => {
    const usesRate = (name: string) => `from vendor.tax import rate\n\n\ndef ${name}(items):\n    return rate(items)\n`;
    writeTree(root, { 'shop/cart.py': usesRate('checkout'), 'shop/refund.py': usesRate('refund') });
    const { repoHash } = await indexer.index({ repoPath: root, repoUrl: REPO_URL });
    const placeholders = async () => (await store.liveRepoLevelNodes(repoHash)).map((n) => localName(n.qualifiedName)).filter((n) => n.includes('vendor')).sort();
    const before = await placeholders();
    assert.ok(before.some((n) => n.includes('rate')), `expected a placeholder for vendor.tax.rate, got ${before.join(', ')}`);

    fs.writeFileSync(path.join(root, 'shop/cart.py'), 'def checkout(items):\n    return 0\n');
    await indexer.reindexFiles(root, ['shop/cart.py']);
    assert.deepEqual(await placeholders(), before, 'refund.py still calls rate');

    fs.writeFileSync(path.join(root, 'shop/refund.py'), 'def refund(items):\n    return 0\n');
    await indexer.reindexFiles(root, ['shop/refund.py']);
    assert.deepEqual(await placeholders(), [], 'no edge touches the vendor placeholders any more');
  });

  it('snapshots each commit, marks a dirty tree, and indexes an older commit from git objects', async () => {
    git(root, 'init', '-q');
    git(root, 'add', '.');
    git(root, 'commit', '-qm', 'first');
    const first = git(root, 'rev-parse', 'HEAD');
    const a = await indexer.index({ repoPath: root, repoUrl: REPO_URL });
    assert.equal(a.commit, first);
    assert.equal(a.dirty, false);

    fs.writeFileSync(path.join(root, 'shop/pricing.py'), 'def subtotal(items):\n    return sum(items)\n');
    const dirty = await indexer.index({ repoPath: root, repoUrl: REPO_URL });
    assert.equal(dirty.dirty, true);
    assert.notEqual(dirty.snapshotHash, a.snapshotHash);
    assert.deepEqual(await callEdges(store), []);

    const back = await indexer.index({ repoPath: root, repoUrl: REPO_URL, commit: first });
    assert.equal(back.snapshotHash, a.snapshotHash, 'a commit always has the same snapshot hash');
    assert.deepEqual(await callEdges(store), ['shop.cart.checkout -> shop.pricing.total']);
    const snapshots = await store.snapshots(a.repoHash);
    assert.ok(snapshots.some((s) => s.dirty && s.parentCommit === first), 'the dirty snapshot records its parent commit');
    await assert.rejects(indexer.index({ repoPath: root, commit: 'no-such-ref' }), /--commit no-such-ref: not a commit/);
  });

  it("records each snapshot's Merkle root over its edges, bucket by bucket, the same whenever the edges are", async () => {
    /** The root from scratch: each bucket's sorted hashes to a root, then the roots in bucket order. */
    async function expectedRoot(repoHash: string, seq: number): Promise<{ root: string; edges: number }> {
      const hashes = (await store.edgesAt(repoHash, seq)).map((e) => e.edgeHash).sort();
      const buckets = new Map<string, string[]>();
      for (const hash of hashes) buckets.set(hash.slice(0, 3), [...buckets.get(hash.slice(0, 3)) ?? [], hash]);
      return { root: merkleRoot([...buckets.keys()].sort().map((bucket) => merkleRoot(buckets.get(bucket)!))), edges: hashes.length };
    }
    const recorded = async (snapshotHash: string): Promise<{ root: string; edges: number; seq: number; repoHash: string }> => {
      const s = (await store.snapshot(snapshotHash))!;
      return { root: s.merkleRoot, edges: s.edgeCount, seq: s.seq, repoHash: s.repoHash };
    };
    const first = await recorded((await indexer.index({ repoPath: root, repoUrl: REPO_URL })).snapshotHash);
    assert.deepEqual({ root: first.root, edges: first.edges }, await expectedRoot(first.repoHash, first.seq));

    fs.writeFileSync(path.join(root, 'shop/pricing.py'), 'def subtotal(items):\n    return sum(items)\n');
    const changed = await recorded((await indexer.index({ repoPath: root, repoUrl: REPO_URL })).snapshotHash);
    assert.deepEqual({ root: changed.root, edges: changed.edges }, await expectedRoot(changed.repoHash, changed.seq));
    assert.notEqual(changed.root, first.root);

    fs.writeFileSync(path.join(root, 'shop/pricing.py'), CALLEE);
    const back = await recorded((await indexer.index({ repoPath: root, repoUrl: REPO_URL })).snapshotHash);
    assert.equal(back.root, first.root, 'the same edges, the same root');
  });

  it('names a bad repo path', async () => {
    await assert.rejects(indexer.index({ repoPath: path.join(root, 'missing') }), /repo_path .*missing: no such directory/);
    await assert.rejects(indexer.index({ repoPath: path.join(root, 'shop/cart.py') }), /expected a directory, found a file/);
  });
});

describe('index/RepoIndexer with Go packages', () => {
  it('keeps a function that moves between files of one package, and the calls into it', async () => {
    const root = makeTempDir();
    writeTree(root, {
      'go.mod': 'module example.com/m\n',
      'util/a.go': 'package util\n\nfunc Other() int { return 2 }\n',
      'util/b.go': 'package util\n\nfunc Helper() int { return 1 }\n',
      'main.go': 'package main\n\nimport "example.com/m/util"\n\nfunc main() {\n\tutil.Helper()\n}\n',
    });
    const store = await openStore(':memory:');
    const indexer = new RepoIndexer(store);
    await indexer.index({ repoPath: root, repoUrl: 'example.com/m' });
    assert.deepEqual(await callEdges(store), ['example.com/m.main -> example.com/m/util.Helper']);
    // The new home sorts before the old one: the move must not depend on write order.
    fs.writeFileSync(path.join(root, 'util/a.go'), 'package util\n\nfunc Other() int { return 2 }\n\nfunc Helper() int { return 1 }\n');
    fs.writeFileSync(path.join(root, 'util/b.go'), 'package util\n');
    await indexer.index({ repoPath: root, repoUrl: 'example.com/m' });
    assert.deepEqual(await callEdges(store), ['example.com/m.main -> example.com/m/util.Helper']);
    const helpers = (await store.liveNodesOfRepo((await store.repos())[0].repoHash)).filter((n) => n.qualifiedName.endsWith('util.Helper'));
    assert.equal(helpers.length, 1);
    assert.equal((await store.liveFiles((await store.repos())[0].repoHash)).find((f) => f.fileHash === helpers[0].fileHash)?.path, 'util/a.go');
    await store.close();
  });
});

describe('index/RepoIndexer when a type read through other files changes', () => {
  const limits = (made: string): string => `import { ${made} } from './types';\nexport function make() { return new ${made}(); }\n`;

  /** The calls of `check` after a first index, then after limits.ts's make starts making a Large instead of a Small. */
  async function checkCallsBeforeAndAfter(files: Record<string, string>): Promise<[string[], string[]]> {
    const root = makeTempDir();
    writeTree(root, { 'types.ts': 'export class Small { check() {} }\nexport class Large { check() {} }\n', 'limits.ts': limits('Small'), ...files });
    const store = await openStore(':memory:');
    const checks = async (): Promise<string[]> => (await callEdges(store)).filter((e) => e.endsWith('check'));
    await new RepoIndexer(store).index({ repoPath: root, repoUrl: 'example.com/t' });
    const before = await checks();
    fs.writeFileSync(path.join(root, 'limits.ts'), limits('Large'));
    await new RepoIndexer(store).index({ repoPath: root, repoUrl: 'example.com/t' });
    const after = await checks();
    await store.close();
    return [before, after];
  }

  it('re-links a file whose receiver is typed through a chain of declarations, however long', async () => {
    const [before, after] = await checkCallsBeforeAndAfter({
      // Neither file names the type: gt returns what make returns, value what gt returns.
      'chain.ts': "import { make } from './limits';\nexport function gt() { return make(); }\nexport const value = gt();\n",
      'use.ts': "import { gt, value } from './chain';\nexport function viaResult() { gt().check(); }\nexport function viaValue() { value.check(); }\n",
    });
    assert.deepEqual(before, ['use.viaResult -> types.Small.check', 'use.viaValue -> types.Small.check']);
    assert.deepEqual(after, ['use.viaResult -> types.Large.check', 'use.viaValue -> types.Large.check']);
  });

  it('re-links a file calling through a field that holds a function by name when the function changes', async () => {
    const [before, after] = await checkCallsBeforeAndAfter({
      // Neither file names the type: the field holds make, which limits.ts declares.
      'registry.ts': "import { make } from './limits';\nexport class Registry { static create = make; }\n",
      'use.ts': "import { Registry } from './registry';\nexport function viaField() { Registry.create().check(); }\n",
    });
    assert.deepEqual(before, ['use.viaField -> types.Small.check']);
    assert.deepEqual(after, ['use.viaField -> types.Large.check']);
  });
});

describe('index/RepoIndexer when a returned object literal changes', () => {
  it('re-links the files calling through what a factory returns', async () => {
    const root = makeTempDir();
    const factory = (held: string): string => `function start() {}\nfunction stop() {}\nexport function make() { return { run: ${held} }; }\n`;
    writeTree(root, { 'factory.ts': factory('start'), 'use.ts': "import { make } from './factory';\nexport function go() { make().run(); }\n" });
    const store = await openStore(':memory:');
    const runs = async (): Promise<string[]> => (await callEdges(store)).filter((e) => e.startsWith('use.go') && !e.endsWith('make'));
    await new RepoIndexer(store).index({ repoPath: root, repoUrl: 'example.com/t' });
    assert.deepEqual(await runs(), ['use.go -> factory.start']);
    fs.writeFileSync(path.join(root, 'factory.ts'), factory('stop'));
    await new RepoIndexer(store).index({ repoPath: root, repoUrl: 'example.com/t' });
    assert.deepEqual(await runs(), ['use.go -> factory.stop'], 'use.ts did not change, but what it calls did');
    await store.close();
  });
});

describe('index/RepoIndexer when the layout changes', () => {
  const tsconfig = (target: string): string => JSON.stringify({ compilerOptions: { paths: { '~/*': [`./${target}/*`] } } });

  it('re-links every file when a tsconfig moves where imports land, and nothing when only a source changes', async () => {
    const root = makeTempDir();
    writeTree(root, {
      'tsconfig.json': tsconfig('v1'),
      'v1/format.ts': 'export function title(s: string) { return s; }\n',
      'v2/format.ts': 'export function title(s: string) { return s.trim(); }\n',
      'page.ts': "import { title } from '~/format';\nexport function render() { return title('x'); }\n",
      'other.ts': 'export function unrelated() { return 1; }\n',
    });
    const store = await openStore(':memory:');
    await new RepoIndexer(store).index({ repoPath: root, repoUrl: 'example.com/t' });
    assert.deepEqual(await callEdges(store), ['page.render -> v1/format.title']);

    fs.writeFileSync(path.join(root, 'tsconfig.json'), tsconfig('v2'));
    const moved = await new RepoIndexer(store).index({ repoPath: root, repoUrl: 'example.com/t' });
    assert.equal(moved.files.changed, 0, 'no source changed');
    assert.equal(moved.relinkedFiles, 4, 'every file is re-linked');
    assert.deepEqual(await callEdges(store), ['page.render -> v2/format.title']);

    fs.writeFileSync(path.join(root, 'other.ts'), 'export function unrelated() { return 2; }\n');
    const edited = await new RepoIndexer(store).index({ repoPath: root, repoUrl: 'example.com/t' });
    assert.equal(edited.relinkedFiles, 1, 'the layout is as before: only the edited file');
    const again = await new RepoIndexer(store).index({ repoPath: root, repoUrl: 'example.com/t' });
    assert.equal(again.newSnapshot, false);
    await store.close();
  });
});

describe('index/RepoIndexer first index of a large repo', () => {
  it('bulk-loads with indexes rebuilt, logs one added event per edge, and stays incremental after', async () => {
    const root = makeTempDir();
    const files: Record<string, string> = { 'pkg/__init__.py': '', 'pkg/base.py': 'def shared():\n    return 0\n' };
    for (let i = 0; i < 220; i++) files[`pkg/m${i}.py`] = `from pkg.base import shared\n\n\ndef f${i}():\n    return shared()\n`;
    writeTree(root, files);
    const store = await openStore(':memory:');
    const indexer = new RepoIndexer(store);
    const writes: IndexProgress[] = [];
    await indexer.index({ repoPath: root, repoUrl: REPO_URL, onProgress: (p) => p.phase === 'write' && writes.push(p) });
    const edges = await store.liveEdges();
    assert.equal((await store.liveEdges({ edgeType: 'calls' })).length, 220);
    const fileNodes = (await store.liveNodesOfRepo((await store.repos())[0].repoHash)).filter((n) => n.fileHash !== '').length;
    const rows = fileNodes + edges.length;
    assert.deepEqual(writes.at(-1), { phase: 'write', done: rows, total: rows }, 'write progress counts the rows loaded');
    assert.deepEqual(await store.edgeEventCounts(), { added: edges.length, removed: 0 });
    assert.ok((await store.ownersOfEdgesInto([edges[0].targetHash])).length > 0, 'indexes answer again after the load');

    fs.writeFileSync(path.join(root, 'pkg/m0.py'), 'def f0():\n    return 1\n');
    await indexer.index({ repoPath: root, repoUrl: REPO_URL });
    assert.equal((await store.liveEdges({ edgeType: 'calls' })).length, 219);
    assert.equal((await store.edgeEventCounts()).removed, 2, 'the call and the import of m0 are gone');
    await store.close();
  });
});

describe('index/sourceFiles outside git', () => {
  it('walks the tree honouring the root .gitignore and skipping node_modules', async () => {
    const { listRepositoryFiles } = await import('../../src/index/sourceFiles');
    const root = makeTempDir();
    writeTree(root, {
      '.gitignore': '# build output\ndist/\n*.gen.ts\n!keep.gen.ts\n/top-only.ts\n',
      'src/a.ts': '', 'src/b.gen.ts': '', 'src/keep.gen.ts': '', 'dist/out.js': '', 'top-only.ts': '', 'src/top-only.ts': '',
      'node_modules/lib/index.js': '',
    });
    assert.deepEqual(listRepositoryFiles(root).sourcePaths, ['src/a.ts', 'src/keep.gen.ts', 'src/top-only.ts']);
  });
});

describe('index/RepoIndexer after an extractor upgrade', () => {
  it('re-parses files whose stored facts an older extractor wrote, even when no file changed', async () => {
    const root = makeTempDir();
    writeTree(root, { 'a.py': 'def f():\n    return g()\n\n\ndef g():\n    return 1\n' });
    const store = await openStore(':memory:');
    await new RepoIndexer(store).index({ repoPath: root, repoUrl: REPO_URL });
    const repoHash = (await store.repos())[0].repoHash;
    const [file] = await store.liveFiles(repoHash);
    const facts = (await readFacts(store, file.fileHash, file.contentHash))!;
    // Simulate facts written by an older extractor version.
    (store as unknown as { database: { run(sql: string, params: unknown[]): void } }).database.run('UPDATE file_facts SET facts_version = 0', []);
    assert.equal(await staleFactsCount(store, repoHash), 1);
    const summary = await new RepoIndexer(store).index({ repoPath: root, repoUrl: REPO_URL });
    assert.equal(summary.newSnapshot, true);
    assert.equal(summary.relinkedFiles, 1);
    assert.equal(await staleFactsCount(store, repoHash), 0);
    assert.deepEqual(await readFacts(store, file.fileHash, file.contentHash), facts);
    await store.close();
  });
});

describe('index/RepoIndexer serving several repositories', () => {
  it("keeps each repo's layout, and sees a file created after the first index", async () => {
    const first = makeTempDir();
    const second = makeTempDir();
    writeTree(first, { 'shop/__init__.py': '', 'shop/cart.py': CALLER, 'shop/pricing.py': CALLEE });
    writeTree(second, { 'other/__init__.py': '', 'other/mod.py': 'def x():\n    return 1\n' });
    const store = await openStore(':memory:');
    const indexer = new RepoIndexer(store);
    await indexer.index({ repoPath: first, repoUrl: REPO_URL });
    await indexer.index({ repoPath: second, repoUrl: 'example.com/other' });

    writeTree(first, { 'shop/tax.py': 'def vat(x):\n    return x\n' });
    await indexer.reindexFiles(first, ['shop/tax.py']);
    fs.writeFileSync(path.join(first, 'shop/cart.py'), `from shop.tax import vat\n${CALLER}\n\ndef gross(items):\n    return vat(total(items))\n`);
    await indexer.reindexFiles(first, ['shop/cart.py']);
    assert.deepEqual((await callEdges(store)).filter((e) => e.startsWith('shop.')), [
      'shop.cart.checkout -> shop.pricing.total', 'shop.cart.gross -> shop.pricing.total', 'shop.cart.gross -> shop.tax.vat',
    ]);
    await store.close();
  });
});
