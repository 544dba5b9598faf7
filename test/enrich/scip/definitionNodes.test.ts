import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ingestScipIndex, readScipIndexFile } from '../../../src/enrich/scip/scipIngest';
import { RepoIndexer } from '../../../src/index/repoIndexer';
import { type GraphStore, openStore } from '../../../src/store';
import { liveNodes, localName, nodeNames } from '../../helpers/indexFixture';
import { runScipTypescript } from '../../helpers/scipIndexers';
import { makeTempDir, writeTree } from '../../helpers/tempDir';

const FILES = {
  'tsconfig.json': '{ "compilerOptions": { "target": "ES2022", "module": "commonjs", "strict": true, "noEmit": true }, "include": ["src"] }\n',
  'package.json': '{ "name": "scip-nodes", "version": "1.0.0" }\n',
  'src/base.ts': "export function label(item: string): string { return item; }\n",
  'src/shapes.ts': [
    "import { label } from './base';",
    'export interface Options {',
    '  verbose: boolean;',
    '}',
    '',
    'export class Store {',
    '  items: string[] = [];',
    '  add(item: string): void { this.items.push(label(item)); }',
    '}',
    '',
    'export enum Color { Red, Green }',
    '',
    'export let current = 1;',
    '',
  ].join('\n'),
  'src/use.ts': [
    "import { Color, Options, Store, current } from './shapes';",
    '',
    'export function use(o: Options, s: Store): Color {',
    '  if (o.verbose) s.add(String(current));',
    '  return s.items.length > 0 ? Color.Red : Color.Green;',
    '}',
    '',
  ].join('\n'),
};

/** kind and local name of every node of a file, sorted. */
async function nodesOf(store: GraphStore, file: string): Promise<string[]> {
  const fileHash = (await store.liveFileRecords()).find((f) => f.path === file)?.fileHash;
  return (await liveNodes(store)).filter((n) => n.fileHash === fileHash && n.kind !== 'module')
    .map((n) => `${n.kind} ${localName(n.qualifiedName)} @${n.line}`).sort();
}

async function referencesInto(store: GraphStore, target: string): Promise<string[]> {
  const name = await nodeNames(store);
  return (await store.liveEdges({ edgeType: 'references' })).filter((e) => name(e.targetHash) === target)
    .map((e) => `${name(e.sourceHash)} ${e.provenance}`).sort();
}

async function indexed(): Promise<{ store: GraphStore; root: string; scip: string }> {
  const root = fs.realpathSync(makeTempDir('ckg-scip-nodes-'));
  writeTree(root, FILES);
  const scip = runScipTypescript(root, path.join(makeTempDir('ckg-scip-out-'), 'index.scip'));
  const store = await openStore(':memory:');
  await new RepoIndexer(store).index({ repoPath: root, repoUrl: 'test/scip-nodes' });
  return { store, root, scip };
}

describe('enrich/scip/definitionNodes (through ingestScipIndex, real scip-typescript)', function () {
  this.timeout(180_000);

  it('gives in-repo fields, enum members and variables the static pass does not model a node, named under their owner', async () => {
    const { store, scip } = await indexed();
    assert.deepEqual(await nodesOf(store, 'src/shapes.ts'), [
      'interface src/shapes.Options @2', 'method src/shapes.Store.add @8', 'type src/shapes.Color @11', 'type src/shapes.Store @6',
    ]);
    const summary = await ingestScipIndex(store, readScipIndexFile(scip));
    assert.equal(summary.nodesCreated, 5);
    assert.deepEqual(summary.definitionsWithoutNode, {}, 'parameters are no nodes and are not counted');
    assert.deepEqual(await nodesOf(store, 'src/shapes.ts'), [
      'field src/shapes.Color.Green @11', 'field src/shapes.Color.Red @11', 'field src/shapes.Options.verbose @3', 'field src/shapes.Store.items @7',
      'interface src/shapes.Options @2', 'method src/shapes.Store.add @8', 'type src/shapes.Color @11', 'type src/shapes.Store @6',
      'variable src/shapes.current @13',
    ]);
    assert.deepEqual(await nodesOf(store, 'src/use.ts'), ['function src/use.use @3'], 'parameters and locals get no node');
    assert.deepEqual(await referencesInto(store, 'src/shapes.Store.items'), ['src/shapes.Store.add scip_resolved', 'src/use.use scip_resolved']);
    assert.deepEqual(await referencesInto(store, 'src/shapes.current'), ['src/use.use scip_resolved']);
    assert.deepEqual(await referencesInto(store, 'src/shapes.Color.Green'), ['src/use.use scip_resolved']);
  });

  it('creates nothing the second time; a re-link of the file drops its nodes and the next ingest makes the same ones again', async () => {
    const { store, root, scip } = await indexed();
    await ingestScipIndex(store, readScipIndexFile(scip));
    const nodesAfterFirst = await nodesOf(store, 'src/shapes.ts');
    const second = await ingestScipIndex(store, readScipIndexFile(scip));
    assert.deepEqual([second.asked, second.nodesCreated], [0, 0]);

    // A new export in base.ts changes its surface: shapes.ts, which calls into it, is re-linked unchanged.
    fs.appendFileSync(path.join(root, 'src/base.ts'), 'export function other(): number { return 1; }\n');
    await new RepoIndexer(store).index({ repoPath: root, repoUrl: 'test/scip-nodes' });
    assert.ok(!(await nodesOf(store, 'src/shapes.ts')).includes('field src/shapes.Store.items @7'), 'the re-link wrote the static nodes only');
    const third = await ingestScipIndex(store, readScipIndexFile(runScipTypescript(root, path.join(makeTempDir(), 'index.scip'))));
    assert.equal(third.nodesCreated, 5);
    assert.deepEqual(await nodesOf(store, 'src/shapes.ts'), nodesAfterFirst);
    assert.deepEqual(await referencesInto(store, 'src/shapes.Store.items'), ['src/shapes.Store.add scip_resolved', 'src/use.use scip_resolved']);
  });
});
