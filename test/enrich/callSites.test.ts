import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { enrichFiles } from '../../src/enrich/enricher';
import { LspOracle } from '../../src/enrich/lspOracle';
import { TsServerOracle } from '../../src/enrich/tsserverOracle';
import { RepoIndexer } from '../../src/index/repoIndexer';
import { callSitesOf } from '../../src/model';
import { type GraphStore, openStore } from '../../src/store';
import { nodeNames } from '../helpers/indexFixture';
import { makeTempDir, writeTree } from '../helpers/tempDir';

/** Calls whose definition answers, from a real tsserver, name declarations the graph has no node for. */
const FILES = {
  'tsconfig.json': '{ "compilerOptions": { "strict": true, "target": "es2020", "module": "commonjs" } }\n',
  'src/ops.ts': [
    'export function make(tag: string): string { return tag; }',
    "export function other(tag: string): string { return `${tag}!`; }",
    '// The type names make; the value behind it is other.',
    'export const ops: {',
    '  make: typeof make;',
    '} = { make: other };',
    '',
  ].join('\n'),
  'src/use.ts': [
    "import { make, ops } from './ops';",
    'export function build(): string {',
    "  return ops.make('div') + make('p');",
    '}',
    'export class Box {',
    '  constructor(private readonly getter: () => number) {}',
    '  read(): number { return this.getter(); }',
    '}',
    '',
  ].join('\n'),
};

interface CallEdge {
  readonly from: string;
  readonly to: string;
  readonly provenance: string;
  readonly sites: string[];
}

async function callsEdges(store: GraphStore): Promise<CallEdge[]> {
  const name = await nodeNames(store);
  return (await store.liveEdges({ edgeType: 'calls' }))
    .map((e) => ({ from: name(e.sourceHash), to: name(e.targetHash), provenance: e.provenance, sites: callSitesOf(e).map((s) => `${s.line}:${s.col}`) }))
    .sort((a, b) => `${a.from} ${a.to}`.localeCompare(`${b.from} ${b.to}`));
}

describe('enrich/planCalls (answers of a real tsserver)', function () {
  this.timeout(120_000);
  let oracle: TsServerOracle | undefined;
  afterEach(async () => {
    await oracle?.close();
    oracle = undefined;
  });

  async function enriched(): Promise<CallEdge[]> {
    const root = makeTempDir();
    writeTree(root, FILES);
    const store = await openStore(':memory:');
    const { repoHash } = await new RepoIndexer(store).index({ repoPath: root, repoUrl: 'test/call-sites' });
    const rootPath = (await store.repo(repoHash))!.rootPath;
    oracle = new TsServerOracle({ timeoutMs: 60_000 });
    assert.equal(await oracle.warmUp(path.join(rootPath, 'src/use.ts'), 60_000), true);
    await enrichFiles(store, oracle, [{ repoHash, path: 'src/use.ts' }], { passes: { implements: false, references: false } });
    return callsEdges(store);
  }

  it('links no call through a value the graph does not model (a property typed `typeof f`) to the function its type names', async () => {
    const edges = await enriched();
    const toMake = edges.filter((e) => e.from === 'src/use.build' && e.to === 'src/ops.make');
    // make('p') at 3:28 is a call of make; ops.make('div') at 3:14 calls whatever ops holds.
    assert.deepEqual(toMake.map((e) => [e.provenance, e.sites]), [['lsp_resolved', ['3:28']]]);
  });

  it('takes a parameter answered on a constructor\'s line for no node, not for the constructor', async () => {
    const edges = await enriched();
    // this.getter() calls the function passed in; tsserver answers the parameter property.
    assert.deepEqual(edges.filter((e) => e.from === 'src/use.Box.read'), []);
  });
});

const PY_FILES = {
  'pkg/__init__.py': '',
  'pkg/group.py': [
    'import typing as t',
    '',
    '',
    'class Group:',
    '    @t.overload',
    '    def command(self, name: str) -> int: ...',
    '    @t.overload',
    '    def command(self, name: int) -> str: ...',
    '    def command(self, name: t.Any) -> t.Any:',
    '        return name',
    '',
    '',
    'REGISTRY: dict[str, Group] = {}',
    '',
    '',
    'def use() -> int:',
    '    group = next(iter(REGISTRY.values()))',
    '    return group.command("x")',
    '',
  ].join('\n'),
};

describe('enrich/planCalls (answers of a real pyright)', function () {
  this.timeout(120_000);
  let oracle: LspOracle | undefined;
  afterEach(async () => {
    await oracle?.close();
    oracle = undefined;
  });

  it('takes every overload pyright answers for the one node the graph keeps for the name', async () => {
    const root = makeTempDir();
    writeTree(root, PY_FILES);
    const store = await openStore(':memory:');
    const { repoHash } = await new RepoIndexer(store).index({ repoPath: root, repoUrl: 'test/call-sites-py' });
    const rootPath = (await store.repo(repoHash))!.rootPath;
    oracle = new LspOracle({ command: process.execPath, args: [require.resolve('pyright/langserver.index.js'), '--stdio'], rootPath, timeoutMs: 60_000 });
    assert.equal(await oracle.warmUp(path.join(rootPath, 'pkg/group.py'), 60_000), true);
    const [answer] = await oracle.locations('definition', [{ path: path.join(rootPath, 'pkg/group.py'), line: 18, character: '    return group.'.length }]);
    assert.equal(answer?.length, 3, 'pyright names both overloads and the implementation');
    await enrichFiles(store, oracle, [{ repoHash, path: 'pkg/group.py' }], { passes: { implements: false, references: false } });
    const edges = (await callsEdges(store)).filter((e) => e.from === 'pkg.group.use');
    assert.deepEqual(edges.map((e) => [e.to, e.provenance, e.sites]), [['pkg.group.Group.command', 'lsp_resolved', ['18:18']]]);
  });
});
