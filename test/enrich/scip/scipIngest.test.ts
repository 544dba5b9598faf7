import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { enrichFiles } from '../../../src/enrich/enricher';
import { SCIP_SOURCE, ScipRepoError, ingestScipIndex, readScipIndexFile } from '../../../src/enrich/scip/scipIngest';
import { TsServerOracle } from '../../../src/enrich/tsserverOracle';
import { RepoIndexer } from '../../../src/index/repoIndexer';
import { type GraphStore, openStore } from '../../../src/store';
import { nodeNames } from '../../helpers/indexFixture';
import { runScipPython, runScipTypescript } from '../../helpers/scipIndexers';
import { makeTempDir, writeTree } from '../../helpers/tempDir';

const TS_FILES = {
  'tsconfig.json': '{ "compilerOptions": { "target": "ES2022", "module": "commonjs", "strict": true, "noEmit": true }, "include": ["src"] }\n',
  'package.json': '{ "name": "scip-fixture", "version": "1.0.0" }\n',
  'src/animals.ts': [
    'export interface Animal {',
    '  speak(): string;',
    '}',
    '',
    'export class Cat implements Animal {',
    "  speak(): string { return 'meow'; }",
    '}',
    '',
    'export class Dog {',
    "  speak(): string { return 'woof'; }",
    '}',
    '',
    'export function pet(): Dog {',
    '  return new Dog();',
    '}',
    '',
  ].join('\n'),
  'src/main.ts': [
    "import { Cat, Dog, pet } from './animals';",
    '',
    // A non-ASCII line: SCIP and our facts must agree on UTF-16 columns after it too.
    'const label = "héllo😀"; export function twice(n: number): number { return n * 2; }',
    '',
    'export function viaCallback(): string[] {',
    '  return [new Cat()].map((c) => c.speak());',
    '}',
    '',
    'export function reassigned(): string {',
    '  let animal: Dog | Cat = pet();',
    '  animal = new Cat();',
    '  return animal.speak() + label;',
    '}',
    '',
    'export function shadowed(): string {',
    '  const Dog = Cat;',
    '  return new Dog().speak();',
    '}',
    '',
    'export function narrowed(animal: Dog | Cat): string {',
    "  if (animal instanceof Cat) return '';",
    '  return animal.speak();',
    '}',
    '',
    'export function passed(): number[] {',
    '  return [1, 2].map(twice);',
    '}',
    '',
  ].join('\n'),
};

interface Edge { readonly type: string; readonly from: string; readonly to: string; readonly provenance: string; readonly confidence: number }

async function edges(store: GraphStore): Promise<Edge[]> {
  const name = await nodeNames(store);
  return (await store.liveEdges()).filter((e) => e.edgeType !== 'imports')
    .map((e) => ({ type: e.edgeType, from: name(e.sourceHash), to: name(e.targetHash), provenance: e.provenance, confidence: e.confidence }));
}

function find(all: readonly Edge[], type: string, from: string, to: string): Edge[] {
  return all.filter((e) => e.type === type && e.from === from && e.to === to);
}

async function indexedTs(files: Record<string, string> = TS_FILES): Promise<{ store: GraphStore; root: string; scip: string }> {
  const root = fs.realpathSync(makeTempDir('ckg-scip-ts-'));
  writeTree(root, files);
  const scip = runScipTypescript(root, path.join(makeTempDir('ckg-scip-out-'), 'index.scip'));
  const store = await openStore(':memory:');
  await new RepoIndexer(store).index({ repoPath: root, repoUrl: 'test/scip-ts' });
  return { store, root, scip };
}

describe('enrich/scip/ingestScipIndex (real scip-typescript and scip-python indexes)', function () {
  this.timeout(180_000);

  it('confirms, adds and contradicts TypeScript calls, and adds implements and references, as scip_resolved 0.95', async () => {
    const { store, scip } = await indexedTs();
    const before = await edges(store);
    assert.deepEqual(find(before, 'calls', 'src/main.shadowed', 'src/animals.Dog.speak'), [], 'a local const is no class: no guess');
    assert.equal(find(before, 'calls', 'src/main.narrowed', 'src/animals.Cat.speak')[0]?.provenance, 'ast_inferred', 'the static pass does not narrow after the early return');
    assert.deepEqual(find(before, 'calls', 'src/main.viaCallback', 'src/animals.Cat.speak'), [], 'only the compiler knows the callback parameter');

    const summary = await ingestScipIndex(store, readScipIndexFile(scip));
    const after = await edges(store);
    assert.deepEqual(find(after, 'calls', 'src/main.reassigned', 'src/animals.pet').map((e) => [e.provenance, e.confidence]), [['scip_resolved', 0.95]]);
    assert.deepEqual(find(after, 'calls', 'src/main.viaCallback', 'src/animals.Cat.speak').map((e) => e.provenance), ['scip_resolved']);
    assert.deepEqual(find(after, 'calls', 'src/main.shadowed', 'src/animals.Cat.speak').map((e) => e.provenance), ['scip_resolved']);
    assert.deepEqual(find(after, 'calls', 'src/main.shadowed', 'src/animals.Dog.speak'), [], 'the shadowing Dog is a Cat');
    assert.deepEqual(find(after, 'calls', 'src/main.narrowed', 'src/animals.Cat.speak'), [], 'contradicted: after the early return the animal is a Dog');
    assert.deepEqual(find(after, 'calls', 'src/main.narrowed', 'src/animals.Dog.speak').map((e) => e.provenance), ['scip_resolved']);
    // A call on a union: the compiler names both methods, and confirms both static edges.
    for (const method of ['Cat', 'Dog']) {
      assert.deepEqual(find(after, 'calls', 'src/main.reassigned', `src/animals.${method}.speak`).map((e) => e.provenance), ['scip_resolved']);
    }
    assert.deepEqual(find(after, 'implements', 'src/animals.Cat', 'src/animals.Animal').map((e) => e.provenance), ['scip_resolved']);
    assert.deepEqual(find(after, 'references', 'src/main.passed', 'src/main.twice').map((e) => e.provenance), ['scip_resolved']);
    assert.ok(after.filter((e) => e.type === 'calls').every((e) => e.provenance === 'scip_resolved'), JSON.stringify(after));

    const calls = summary.report.of('calls', 'typescript');
    assert.ok(calls.confirmed >= 5 && calls.added >= 2 && calls.removed === 1, JSON.stringify(calls));
    assert.equal(summary.report.of('implements', 'typescript').confirmed + summary.report.of('implements', 'typescript').added, 1);
    assert.deepEqual([summary.documents, summary.asked, summary.unchanged, summary.notInGraph, summary.changedOnDisk], [2, 2, 0, [], []]);
    assert.equal(summary.tool, 'scip-typescript 0.4.0');
    assert.equal(summary.repo.repoUrl, 'test/scip-ts', 'found by the index project_root');
  });

  it('asks nothing the second time, and after a change asks the changed document and those sharing symbols with it', async () => {
    const { store, root, scip } = await indexedTs({ ...TS_FILES, 'src/lone.ts': 'export function lone(): number { return 1; }\n' });
    const first = await ingestScipIndex(store, readScipIndexFile(scip));
    assert.equal(first.asked, 3);
    const states = await store.enrichmentStates(SCIP_SOURCE, (await store.liveFileRecords()).map((f) => f.fileHash));
    assert.equal(states.length, 3);
    const edgesBefore = (await store.liveEdges()).map((e) => e.edgeHash).sort();

    const second = await ingestScipIndex(store, readScipIndexFile(scip));
    assert.deepEqual([second.asked, second.unchanged], [0, 3]);
    assert.deepEqual(second.report.entries(), []);
    assert.deepEqual((await store.liveEdges()).map((e) => e.edgeHash).sort(), edgesBefore);

    fs.appendFileSync(path.join(root, 'src/main.ts'), 'export function more(): string { return new Cat().speak(); }\n');
    await new RepoIndexer(store).index({ repoPath: root, repoUrl: 'test/scip-ts' });
    const third = await ingestScipIndex(store, readScipIndexFile(runScipTypescript(root, path.join(makeTempDir(), 'index.scip'))));
    assert.deepEqual([third.asked, third.unchanged], [2, 1], 'main.ts and animals.ts, not lone.ts');
    assert.deepEqual(find(await edges(store), 'calls', 'src/main.more', 'src/animals.Cat.speak').map((e) => e.provenance), ['scip_resolved']);
  });

  it('skips a document whose file changed on disk since it was indexed, and reports documents the graph lacks', async () => {
    const { store, root, scip } = await indexedTs();
    fs.appendFileSync(path.join(root, 'src/main.ts'), '// edited, not re-indexed\n');
    fs.rmSync(path.join(root, 'src/animals.ts'));
    await new RepoIndexer(store).index({ repoPath: root, repoUrl: 'test/scip-ts' });
    fs.appendFileSync(path.join(root, 'src/main.ts'), '// edited again\n');
    const summary = await ingestScipIndex(store, readScipIndexFile(scip));
    assert.deepEqual([summary.asked, summary.notInGraph, summary.changedOnDisk], [0, ['src/animals.ts'], ['src/main.ts']]);
    assert.ok((await edges(store)).every((e) => e.provenance !== 'scip_resolved'));
  });

  it('replaces lsp_resolved edges (it outranks them), and a language server pass after it never replaces scip_resolved ones', async () => {
    const { store, root, scip } = await indexedTs();
    const repoHash = (await store.repos())[0].repoHash;
    const targets = ['src/main.ts', 'src/animals.ts'].map((p) => ({ repoHash, path: p }));
    const tsserver = async (): Promise<void> => {
      const oracle = new TsServerOracle({ timeoutMs: 60_000 });
      try {
        assert.equal(await oracle.warmUp(path.join(root, 'src/main.ts'), 60_000), true);
        await enrichFiles(store, oracle, targets);
      } finally {
        await oracle.close();
      }
    };
    await tsserver();
    assert.deepEqual(find(await edges(store), 'calls', 'src/main.reassigned', 'src/animals.pet').map((e) => e.provenance), ['lsp_resolved']);

    await ingestScipIndex(store, readScipIndexFile(scip));
    const afterScip = await edges(store);
    assert.deepEqual(find(afterScip, 'calls', 'src/main.reassigned', 'src/animals.pet').map((e) => e.provenance), ['scip_resolved']);
    assert.deepEqual(afterScip.filter((e) => e.type === 'calls' && e.provenance !== 'scip_resolved'), []);

    await tsserver();
    assert.deepEqual(await edges(store), afterScip, 'lsp_resolved (0.9) never replaces scip_resolved (0.95)');
  });

  it('refuses an index of another directory unless --repo-url names an indexed repository, listing the indexed ones', async () => {
    const { store, scip } = await indexedTs();
    const index = readScipIndexFile(scip);
    const elsewhere = { ...index, projectRoot: 'file:///nowhere/at/all' };
    await assert.rejects(ingestScipIndex(store, elsewhere), (error: Error) => error instanceof ScipRepoError
      && /no indexed repository has the index's project root \/nowhere\/at\/all.*indexed: test\/scip-ts \(/.test(error.message));
    await assert.rejects(ingestScipIndex(store, index, { repoUrl: 'test/other' }), /--repo-url test\/other: no indexed repository has that URL \(indexed: test\/scip-ts/);
    const summary = await ingestScipIndex(store, elsewhere, { repoUrl: 'test/scip-ts' });
    assert.equal(summary.asked, 2);
  });

  it('confirms and adds Python calls from scip-python, with UTF-16 columns after non-ASCII text', async () => {
    const root = fs.realpathSync(makeTempDir('ckg-scip-py-'));
    writeTree(root, {
      'pkg/__init__.py': '',
      'pkg/shapes.py': [
        'class Square:',
        '    def __init__(self, side):',
        '        self.side = side',
        '',
        '    def area(self):',
        '        return self.side * self.side',
        '',
        '',
        'def make_shape():',
        '    return Square(2)',
        '',
      ].join('\n'),
      'pkg/main.py': [
        'from pkg.shapes import make_shape',
        '',
        '',
        'def twice(n):',
        '    return n * 2',
        '',
        '',
        'def main():',
        '    label = "héllo😀"; shape = make_shape()',
        '    values = list(map(twice, [1, 2]))',
        '    return shape.area() + len(values) + len(label)',
        '',
      ].join('\n'),
    });
    const scip = runScipPython(root, path.join(makeTempDir('ckg-scip-out-'), 'index.scip'));
    const store = await openStore(':memory:');
    await new RepoIndexer(store).index({ repoPath: root, repoUrl: 'test/scip-py' });
    const summary = await ingestScipIndex(store, readScipIndexFile(scip));
    const after = await edges(store);
    assert.deepEqual(find(after, 'calls', 'pkg.main.main', 'pkg.shapes.make_shape').map((e) => [e.provenance, e.confidence]), [['scip_resolved', 0.95]]);
    assert.deepEqual(find(after, 'calls', 'pkg.main.main', 'pkg.shapes.Square.area').map((e) => e.provenance), ['scip_resolved'], 'only the compiler knows shape');
    assert.deepEqual(find(after, 'references', 'pkg.main.main', 'pkg.main.twice').map((e) => e.provenance), ['scip_resolved']);
    assert.ok(summary.report.of('calls', 'python').confirmed >= 1, JSON.stringify(summary.report.entries()));
    assert.equal(summary.nodesCreated, 1, 'Square.side, a field the static pass does not model, gets a node');
    assert.deepEqual(summary.definitionsWithoutNode, {});
    assert.deepEqual(find(after, 'references', 'pkg.shapes.Square.area', 'pkg.shapes.Square.side').map((e) => e.provenance), ['scip_resolved']);
  });
});
