import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { type Hash, QualifiedName } from '../../src/model';
import { GraphService } from '../../src/server/graphService';
import type { GraphStatus } from '../../src/server/protocol';
import { WorkspaceIndexer } from '../../src/server/workspaceIndexer';
import { eventually, git, gitRepo } from '../helpers/gitRepo';
import { defaultSettings } from '../helpers/serverSettings';
import { liveNodes } from '../helpers/indexFixture';
import { makeTempDir } from '../helpers/tempDir';

const FILES = {
  'src/util.ts': 'export function helper(v: number): number { return v * 2; }\nexport function format(v: number): string { return `${helper(v)}`; }\n',
  'src/service.ts': "import { format, helper } from './util';\nexport function run(n: number): string { return format(helper(n)); }\n",
  'src/extra.ts': 'export function extraThing(): number { return 1; }\n',
};

interface Fixture {
  readonly root: string;
  readonly service: GraphService;
  readonly indexer: WorkspaceIndexer;
  readonly statuses: GraphStatus[];
  readonly logs: string[];
  readonly progress: string[];
  repoHash(): Promise<Hash>;
  /** Local names of the live symbols (`src/util.helper`). */
  symbols(): Promise<string[]>;
  /** `caller -> callee` of the live calls edges. */
  calls(): Promise<string[]>;
}

/** The graph server's freshness logic over a real git repository and a real graph file. */
async function workspace(files: Record<string, string> = FILES): Promise<Fixture> {
  const root = gitRepo(files);
  const statuses: GraphStatus[] = [];
  const logs: string[] = [];
  const progress: string[] = [];
  const service = await GraphService.open(makeTempDir('ckg-storage-'), (m) => logs.push(m));
  const indexer = new WorkspaceIndexer(service, [{ name: 'app', path: root }], defaultSettings({ exclude: ['generated/**'] }), {
    beginProgress: async (title) => {
      progress.push(`begin ${title}`);
      return { report: (percentage, message) => progress.push(`${percentage}% ${message}`), done: () => progress.push('done') };
    },
    statusChanged: (status) => statuses.push(status),
    log: (m) => logs.push(m),
  });
  opened.push({ service, indexer });
  const repoHash = async (): Promise<Hash> => {
    const hash = (await indexer.status()).repos[0]?.repoHash;
    assert.ok(hash, 'the folder is indexed');
    return hash;
  };
  const store = service.store();

  return {
    root, service, indexer, statuses, logs, progress, repoHash,
    symbols: async () => (await store.liveNodesOfRepo(await repoHash())).filter((n) => n.kind === 'function' && n.fileHash).map((n) => QualifiedName.localPart(n.qualifiedName)).sort(),
    calls: async () => {
      const nodes = new Map((await liveNodes(store)).map((n) => [n.nodeHash, QualifiedName.localPart(n.qualifiedName)]));
      const local = (hash: string): string => nodes.get(hash) ?? `(not live: ${hash.slice(0, 8)})`;
      return (await store.liveEdges({ edgeType: 'calls', repoHash: await repoHash() })).map((e) => `${local(e.sourceHash)} -> ${local(e.targetHash)}`).sort();
    },
  };
}

const opened: Array<{ service: GraphService; indexer: WorkspaceIndexer }> = [];
afterEach(async () => {
  for (const { service, indexer } of opened.splice(0)) {
    indexer.dispose();
    await service.close();
  }
});

describe('server/WorkspaceIndexer: freshness over a real git repository', () => {
  it('indexes the folder on start with progress, a clean snapshot of HEAD and counts in the status', async () => {
    const w = await workspace();
    const status = await w.indexer.indexAll('test');
    assert.equal(status.state, 'ready');
    assert.deepEqual(w.statuses.map((s) => s.state), ['indexing', 'ready']);
    assert.equal(w.progress[0], 'begin Code Graph: indexing');
    assert.equal(w.progress.at(-1), 'done');
    assert.deepEqual([status.repos[0].files, status.repos[0].commit, status.repos[0].dirty], [3, git(w.root, 'rev-parse', 'HEAD'), false]);
    assert.ok(status.repos[0].edges > 0);
    assert.deepEqual(await w.symbols(), ['src/extra.extraThing', 'src/service.run', 'src/util.format', 'src/util.helper']);
  });

  it('a commit moves HEAD: the folder is indexed again into a clean snapshot of the new commit', async () => {
    const w = await workspace();
    await w.indexer.indexAll('test');
    const first = git(w.root, 'rev-parse', 'HEAD');
    fs.appendFileSync(path.join(w.root, 'src/util.ts'), 'export function triple(v: number): number { return helper(v) * 3; }\n');
    git(w.root, 'commit', '-qam', 'triple');
    const second = git(w.root, 'rev-parse', 'HEAD');
    const snapshot = await eventually('a snapshot of the new commit', async () => {
      const latest = await w.service.store().latestSnapshot(await w.repoHash());
      return latest?.commitHash === second && !latest.dirty && (await w.indexer.status()).state === 'ready' ? latest : undefined;
    });
    assert.ok((await w.symbols()).includes('src/util.triple'));
    assert.ok((await w.calls()).includes('src/util.triple -> src/util.helper'));
    assert.equal(snapshot.parentCommit, first);
    assert.ok(w.logs.some((m) => m.includes(`HEAD moved ${first.slice(0, 8)} -> ${second.slice(0, 8)}`)), w.logs.join('\n'));
    const commits = (await w.service.store().snapshots(await w.repoHash())).map((s) => s.commitHash);
    assert.ok(commits.includes(first) && commits.includes(second));
  });

  it('a branch switch and back: each checkout gets a snapshot holding that branch\'s files', async () => {
    const w = await workspace();
    await w.indexer.indexAll('test');
    const main = git(w.root, 'rev-parse', 'HEAD');
    git(w.root, 'checkout', '-qb', 'feature');
    fs.writeFileSync(path.join(w.root, 'src/feature.ts'), "import { helper } from './util';\nexport function featureOnly(): number { return helper(1); }\n");
    git(w.root, 'add', '-A');
    git(w.root, 'commit', '-qm', 'feature');
    const feature = git(w.root, 'rev-parse', 'HEAD');
    await eventually('the feature snapshot', async () => (await w.service.store().latestSnapshot(await w.repoHash()))?.commitHash === feature && (await w.symbols()).includes('src/feature.featureOnly'));
    assert.ok((await w.calls()).includes('src/feature.featureOnly -> src/util.helper'));

    git(w.root, 'checkout', '-q', 'main');
    await eventually('main again, without the feature file', async () => (await w.service.store().latestSnapshot(await w.repoHash()))?.commitHash === main
      && !(await w.symbols()).includes('src/feature.featureOnly'));
    assert.equal((await w.indexer.status()).repos[0].files, 3);
    assert.ok(!(await w.calls()).some((c) => c.startsWith('src/feature.')));
    const byCommit = new Map((await w.service.store().snapshots(await w.repoHash())).map((s) => [s.commitHash, s]));
    assert.ok(byCommit.has(main) && byCommit.has(feature), 'both commits have a snapshot');
  });

  it('renames and deletes: symbols follow the file, callers of a deleted file are re-linked, no live edge dangles', async () => {
    const w = await workspace();
    await w.indexer.indexAll('test');
    fs.renameSync(path.join(w.root, 'src/extra.ts'), path.join(w.root, 'src/moved.ts'));
    assert.equal(await w.indexer.filesChanged([path.join(w.root, 'src/moved.ts')], [path.join(w.root, 'src/extra.ts')]), 2);
    const store = w.service.store();
    const extra = (await store.liveNodesOfRepo(await w.repoHash())).filter((n) => n.qualifiedName.endsWith('.extraThing'));
    assert.deepEqual(extra.map((n) => QualifiedName.localPart(n.qualifiedName)), ['src/moved.extraThing']);
    assert.deepEqual((await store.liveFiles(await w.repoHash())).map((f) => f.path).sort(), ['src/moved.ts', 'src/service.ts', 'src/util.ts']);

    assert.ok((await w.calls()).includes('src/service.run -> src/util.helper'));
    fs.rmSync(path.join(w.root, 'src/util.ts'));
    assert.equal(await w.indexer.filesChanged([], [path.join(w.root, 'src/util.ts')]), 1);
    assert.deepEqual(await w.symbols(), ['src/moved.extraThing', 'src/service.run']);
    const live = new Set((await store.liveNodesOfRepo(await w.repoHash())).map((n) => n.nodeHash));
    const dangling = (await store.liveEdges({ repoHash: await w.repoHash() })).filter((e) => !live.has(e.targetHash) || !live.has(e.sourceHash));
    assert.deepEqual(dangling, [], 'every live edge joins live nodes');
    assert.ok(!(await w.calls()).some((c) => c.includes('src/util.')), `re-linked away from the deleted file: ${(await w.calls()).join(', ')}`);
    assert.ok((await w.calls()).includes('src/service.run -> UNRESOLVED/./util.helper'), 'kept as an unresolved call, not dropped');
    assert.equal((await w.indexer.status()).repos[0].dirty, true, 'saves land in the working-tree snapshot');
  });

  it('takes a folder reported alone (a file watcher on a new or removed folder) for the files in it', async () => {
    const w = await workspace();
    await w.indexer.indexAll('test');
    fs.mkdirSync(path.join(w.root, 'tools/deep'), { recursive: true });
    fs.writeFileSync(path.join(w.root, 'tools/a.ts'), 'export function toolA() {}\n');
    fs.writeFileSync(path.join(w.root, 'tools/deep/b.ts'), 'export function toolB() {}\n');
    fs.mkdirSync(path.join(w.root, 'generated'), { recursive: true });
    fs.writeFileSync(path.join(w.root, 'generated/gen.ts'), 'export function generatedThing() {}\n');
    assert.equal(await w.indexer.filesChanged([path.join(w.root, 'tools'), path.join(w.root, 'generated')], []), 2);
    assert.deepEqual((await w.symbols()).filter((s) => s.startsWith('tools/') || s.startsWith('generated/')), ['tools/a.toolA', 'tools/deep/b.toolB'],
      'an excluded folder is not entered');
    fs.rmSync(path.join(w.root, 'tools'), { recursive: true });
    assert.equal(await w.indexer.filesChanged([], [path.join(w.root, 'tools')]), 2);
    assert.deepEqual((await w.symbols()).filter((s) => s.startsWith('tools/')), []);
    assert.deepEqual((await w.service.store().liveFiles(await w.repoHash())).map((f) => f.path).filter((p) => p.startsWith('tools/')), []);
  });

  it('ignores excluded files, files outside every folder, and files it cannot index', async () => {
    const w = await workspace();
    await w.indexer.indexAll('test');
    fs.mkdirSync(path.join(w.root, 'generated'));
    fs.writeFileSync(path.join(w.root, 'generated/gen.ts'), 'export function generatedThing() {}\n');
    fs.writeFileSync(path.join(w.root, 'notes.txt'), 'not code\n');
    const elsewhere = path.join(makeTempDir(), 'other.ts');
    fs.writeFileSync(elsewhere, 'export function outside() {}\n');
    const reindexed = await w.indexer.filesChanged([path.join(w.root, 'generated/gen.ts'), path.join(w.root, 'notes.txt'), elsewhere], []);
    assert.equal(reindexed, 0);
    assert.ok(!(await w.symbols()).some((s) => s.includes('generatedThing') || s.includes('outside')));
  });
});
