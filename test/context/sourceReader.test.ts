import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { DEFAULTS, SourceReader } from '../../src/context/sourceReader';
import { makeTempDir, writeTree } from '../helpers/tempDir';
import { ContextGraph } from './contextGraph';

const TEXT = ['// header', 'export function f() {', '  return 1;', '}', '', 'export function g() {', '  a();', '  b();', '  c();', '}'].join('\n');

function setup(content = TEXT): { root: string; g: ContextGraph } {
  const root = makeTempDir();
  writeTree(root, { 'src/m.ts': content });
  const g = new ContextGraph('example.com/app', root);
  g.file('src/m.ts', content);
  return { root, g };
}

describe('context/sourceReader', () => {
  it('reads a symbol\'s lines from the repository on disk', () => {
    const { g } = setup();
    const f = g.node('src/m.f', { file: 'src/m.ts', line: 2, endLine: 4 });
    const result = new SourceReader(g.view()).excerpt(f);
    assert.deepEqual(result, { state: 'included', excerpt: { startLine: 2, text: 'export function f() {\n  return 1;\n}', truncatedLines: 0 } });
  });

  it('cuts long bodies at maxLines and says how many lines are left', () => {
    const { g } = setup();
    const fn = g.node('src/m.g', { file: 'src/m.ts', line: 6, endLine: 10 });
    const result = new SourceReader(g.view(), 2).excerpt(fn);
    assert.deepEqual(result, { state: 'included', excerpt: { startLine: 6, text: 'export function g() {\n  a();', truncatedLines: 3 } });
    assert.equal(DEFAULTS.maxLines, 60);
    assert.throws(() => new SourceReader(g.view(), 0), { message: 'context/sourceReader: maxLines must be a positive integer' });
  });

  it('shows no lines of a file that changed since it was indexed', () => {
    const { root, g } = setup();
    const f = g.node('src/m.f', { file: 'src/m.ts', line: 2, endLine: 4 });
    fs.writeFileSync(path.join(root, 'src/m.ts'), `// moved\n${TEXT}`);
    assert.deepEqual(new SourceReader(g.view()).excerpt(f), { state: 'stale' });
  });

  it('reports lines past the end of the file as stale', () => {
    const { g } = setup();
    const f = g.node('src/m.late', { file: 'src/m.ts', line: 40, endLine: 41 });
    assert.deepEqual(new SourceReader(g.view()).excerpt(f), { state: 'stale' });
  });

  it('says unreadable for a missing file, a missing root, a repo-level node, or a path leaving the repository', () => {
    const { root, g } = setup();
    const missing = g.node('src/gone.f', { file: 'src/gone.ts', line: 1 });
    const repoLevel = g.node('pkg');
    const outside = g.node('evil.f', { file: '../outside.ts', line: 1 });
    fs.writeFileSync(path.join(root, '..', 'outside.ts'), '');
    const reader = new SourceReader(g.view());
    assert.deepEqual(reader.excerpt(missing), { state: 'unreadable' });
    assert.deepEqual(reader.excerpt(repoLevel), { state: 'unreadable' });
    assert.deepEqual(reader.excerpt(outside), { state: 'unreadable' });
    fs.rmSync(path.join(root, '..', 'outside.ts'));
    const rootless = new ContextGraph();
    const f = rootless.node('src/m.f', { file: 'src/m.ts', line: 1 });
    assert.deepEqual(new SourceReader(rootless.view()).excerpt(f), { state: 'unreadable' });
  });

  it('never reads through a symlink that leaves the repository, even when the content hash matches', () => {
    const { root, g } = setup();
    const secret = path.join(makeTempDir(), 'secret.ts');
    fs.writeFileSync(secret, TEXT);
    fs.symlinkSync(secret, path.join(root, 'src/link.ts'));
    g.file('src/link.ts', TEXT);
    const leaked = g.node('src/link.f', { file: 'src/link.ts', line: 2, endLine: 4 });
    assert.deepEqual(new SourceReader(g.view()).excerpt(leaked), { state: 'unreadable' });
  });

  it('reads a symlink that stays inside the repository, and a repository reached through a symlinked root', () => {
    const { root, g } = setup();
    fs.symlinkSync(path.join(root, 'src/m.ts'), path.join(root, 'src/alias.ts'));
    g.file('src/alias.ts', TEXT);
    const alias = g.node('src/alias.f', { file: 'src/alias.ts', line: 2, endLine: 4 });
    assert.equal(new SourceReader(g.view()).excerpt(alias).state, 'included');
    const linkedRoot = path.join(makeTempDir(), 'repo-link');
    fs.symlinkSync(root, linkedRoot);
    const viaLink = new ContextGraph('example.com/app', linkedRoot);
    viaLink.file('src/m.ts', TEXT);
    const f = viaLink.node('src/m.f', { file: 'src/m.ts', line: 2, endLine: 4 });
    assert.equal(new SourceReader(viaLink.view()).excerpt(f).state, 'included');
  });

  it('reads each file once per reader', () => {
    const { root, g } = setup();
    const f = g.node('src/m.f', { file: 'src/m.ts', line: 2, endLine: 4 });
    const fn = g.node('src/m.g', { file: 'src/m.ts', line: 6, endLine: 10 });
    const reader = new SourceReader(g.view());
    assert.equal(reader.excerpt(f).state, 'included');
    fs.rmSync(path.join(root, 'src/m.ts'));
    assert.equal(reader.excerpt(fn).state, 'included', 'served from the first read');
  });
});
