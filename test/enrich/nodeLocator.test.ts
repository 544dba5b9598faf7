import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { NodeLocator } from '../../src/enrich/nodeLocator';
import { RepoIndexer } from '../../src/index/repoIndexer';
import { localName } from '../helpers/indexFixture';
import { makeTempDir, writeTree } from '../helpers/tempDir';

/** Declarations a definition answer can point at that are not at a node's own name. */
const FILES = {
  'src/shapes.ts': [
    'export function pick(a: string): string;',
    'export function pick(a: number): number;',
    'export function pick(a: unknown): unknown {',
    '  return a;',
    '}',
    'export function make(tag: string): string { return tag; }',
    'export const ops: {',
    '  make: typeof make;',
    '} = { make };',
    'export const double = (n: number): number => n * 2;',
    'export class Box {',
    '  constructor(private readonly getter: () => number) {}',
    '}',
    'export interface Svc { run(): void }',
    'export const impl: Svc = {',
    '  run() {},',
    '};',
    '',
  ].join('\n'),
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
  ].join('\n'),
};

describe('enrich/NodeLocator.declarationAt', () => {
  let root: string;
  let locator: NodeLocator;

  before(async () => {
    const dir = makeTempDir();
    writeTree(dir, FILES);
    const { openStore } = await import('../../src/store');
    const store = await openStore(':memory:');
    const { repoHash } = await new RepoIndexer(store).index({ repoPath: dir, repoUrl: 'test/locator' });
    root = (await store.repo(repoHash))!.rootPath;
    locator = await NodeLocator.open(store);
    await locator.prepare((await store.liveFiles(repoHash)).map((f) => f.fileHash));
  });

  /** The node at the `occurrence`-th `needle` of a file (0-based), by its local name. */
  function nodeAt(file: keyof typeof FILES, needle: string, occurrence = 0): string | undefined {
    const lines = FILES[file].split('\n');
    let seen = 0;
    for (let i = 0; i < lines.length; i++) {
      const character = lines[i].indexOf(needle);
      if (character >= 0 && seen++ === occurrence) {
        const node = locator.declarationAt({ path: path.join(root, file), line: i + 1, character });
        return node && localName(node.qualifiedName);
      }
    }
    throw new Error(`${needle} not in ${file}`);
  }

  it('takes every overload of a name for the one node the graph keeps for it (SCIP and tsserver name one overload)', () => {
    assert.deepEqual([0, 1, 2].map((n) => nodeAt('src/shapes.ts', 'pick', n)), ['src/shapes.pick', 'src/shapes.pick', 'src/shapes.pick']);
    assert.deepEqual([0, 1, 2].map((n) => nodeAt('pkg/group.py', 'command', n)), ['pkg.group.Group.command', 'pkg.group.Group.command', 'pkg.group.Group.command']);
  });

  it('takes a function value on a function\'s line for that function', () => {
    assert.equal(nodeAt('src/shapes.ts', '(n: number)'), 'src/shapes.double');
  });

  it('finds no node for a property of a type, a parameter or a literal, even on a node\'s line or under its name', () => {
    assert.equal(nodeAt('src/shapes.ts', 'make: typeof'), undefined);
    assert.equal(nodeAt('src/shapes.ts', 'getter'), undefined);
    assert.equal(nodeAt('src/shapes.ts', '{ make }'), undefined);
  });

  it('takes an object literal an implementation answer points at for the constant it initialises, and no call target', () => {
    const line = FILES['src/shapes.ts'].split('\n').indexOf('export const impl: Svc = {') + 1;
    const brace = { path: path.join(root, 'src/shapes.ts'), line, character: 'export const impl: Svc = '.length };
    assert.equal(localName(locator.implementorAt(brace)!.qualifiedName), 'src/shapes.impl');
    assert.equal(locator.declarationAt(brace), undefined);
  });
});
