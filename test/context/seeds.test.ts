import * as assert from 'node:assert/strict';
import { ContextInputError } from '../../src/context/errors';
import { fileSeeds, parseFileList, resolveFiles, runtimeObservations, taskSeeds } from '../../src/context/seeds';
import { SymbolIndex, symbolIndexOf } from '../../src/context/symbolIndex';
import { GraphCache } from '../../src/query/graphCache';
import { QualifiedName } from '../../src/model';
import { indexFixture } from '../helpers/indexFixture';
import { ContextGraph } from './contextGraph';

const local = (q: string) => QualifiedName.localPart(q);

describe('context/seeds and context/symbolIndex', () => {
  let index: SymbolIndex;
  before(async () => {
    const store = await indexFixture('ts-basic');
    index = symbolIndexOf(await new GraphCache(() => store).liveView());
  });

  it('keeps one index per view', () => {
    assert.equal(symbolIndexOf(index.view), index);
    assert.notEqual(symbolIndexOf(new ContextGraph().view()), index);
  });

  it('finds symbols by name words, doc comments and paths (BM25)', () => {
    const top = index.searchSymbols('parse a url', 3).map((h) => local(h.node.qualifiedName));
    assert.equal(top[0], 'src/utils/url.parseUrl');
    const byDoc = index.searchSymbols('records of services', 5).map((h) => local(h.node.qualifiedName));
    assert.ok(byDoc.includes('src/store.Store'), `the doc "Where services keep their records." matches: ${byDoc}`);
    assert.deepEqual(index.searchSymbols('the of', 5), [], 'stop words only');
    assert.deepEqual(index.searchSymbols('zebra', 5), []);
  });

  it('never offers modules or UNRESOLVED placeholders as symbols', () => {
    const all = index.searchSymbols('uuid assert index url store strings report math src', 1000);
    assert.ok(all.length > 5);
    for (const { node } of all) {
      assert.notEqual(node.kind, 'module');
      assert.ok(!QualifiedName.isUnresolved(node.qualifiedName));
      assert.ok(index.isShowable(node));
    }
    const placeholder = [...index.view.nodes.values()].find((n) => QualifiedName.isUnresolved(n.qualifiedName))!;
    assert.ok(index.isPlaceholder(placeholder.nodeHash));
    assert.equal(index.isShowable(placeholder), false);
  });

  it('lists files by path and a file\'s nodes by line', () => {
    const [file] = index.filesAt('src/utils/url.ts');
    assert.equal(file.path, 'src/utils/url.ts');
    assert.deepEqual(index.filesAt('nope.ts'), []);
    const lines = index.nodesOf(file.fileHash).map((n) => n.line);
    assert.deepEqual(lines, [...lines].sort((a, b) => a - b));
    assert.ok(index.nodesOf(file.fileHash).some((n) => local(n.qualifiedName) === 'src/utils/url.parseUrl'));
  });

  it('seeds a task with the best BM25 hits, weighted by score', () => {
    const seeds = taskSeeds(index, 'normalise and parse the url', undefined, 2);
    assert.equal(seeds.size, 2);
    const names = [...seeds.keys()].map((h) => local(index.view.nodes.get(h)!.qualifiedName));
    assert.ok(names.includes('src/utils/url.normalise') && names.includes('src/utils/url.parseUrl'), names.join());
    assert.ok([...seeds.values()].every((w) => w > 0));
    assert.equal(taskSeeds(index, 'zebra').size, 0);
    assert.throws(() => taskSeeds(index, 'url', undefined, 0), { message: 'context/seeds: limit must be a positive integer' });
  });

  it('parses the files argument leniently but not emptily', () => {
    assert.deepEqual(parseFileList(' ./a.ts, b\\c.ts,,a.ts '), ['a.ts', 'b/c.ts']);
    assert.throws(() => parseFileList(' , '), (e: Error) => e instanceof ContextInputError && e.argument === 'files'
      && e.message === 'files: expected at least one repo-relative path (comma-separated)');
  });

  it('resolves paths to files, naming the unknown ones', () => {
    assert.deepEqual(resolveFiles(index, ['src/utils/url.ts']).map((f) => f.path), ['src/utils/url.ts']);
    assert.throws(() => resolveFiles(index, ['src/utils/url.ts', 'nope.ts', 'src/gone.ts']),
      { message: 'files: not indexed: nope.ts, src/gone.ts (paths are relative to the repository root)' });
    assert.throws(() => resolveFiles(index, ['src/index.ts'], 'example.com/other'),
      { message: 'repo_url: no indexed repository has the URL "example.com/other"' });
  });

  it('passes over kinds of file the index never holds, as a PR\'s docs and config', () => {
    assert.deepEqual(resolveFiles(index, ['README.md', 'src/utils/url.ts', 'package.json', 'Makefile']).map((f) => f.path), ['src/utils/url.ts']);
    assert.throws(() => resolveFiles(index, ['README.md', 'docs/guide.md']),
      { message: 'files: none of the paths is an indexed source file: README.md, docs/guide.md' });
  });

  it('asks for repo_url when several repositories have a path', () => {
    const g = new ContextGraph('example.com/a');
    g.addRepo('example.com/b');
    g.node('x.f', { file: 'x.ts' });
    g.node('x.f', { file: 'x.ts', repoUrl: 'example.com/b' });
    const two = symbolIndexOf(g.view());
    assert.throws(() => resolveFiles(two, ['x.ts']), { message: 'files: in several repositories, pass repo_url: x.ts (in example.com/a, example.com/b)' });
    const [file] = resolveFiles(two, ['x.ts'], 'example.com/b');
    assert.equal(file.repoHash, [...g.repos.values()].find((r) => r.repoUrl === 'example.com/b')!.repoHash);
    assert.throws(() => resolveFiles(two, ['y.ts'], 'example.com/a'), { message: 'files: not indexed in example.com/a: y.ts (paths are relative to the repository root)' });
  });

  it('seeds changed files with all their nodes, heavier where runtime traffic is', () => {
    const g = new ContextGraph();
    const quiet = g.node('svc.quiet', { file: 'svc.ts', line: 1 });
    const busy = g.node('svc.busy', { file: 'svc.ts', line: 5 });
    const mod = g.node('svc', { kind: 'module', file: 'svc.ts' });
    const caller = g.node('other.caller', { file: 'other.ts' });
    const placeholder = g.node('UNRESOLVED/lib.x', { file: 'svc.ts' });
    g.edge(caller, busy, 'runtime_calls', { provenance: 'otel_trace', observationCount: 99, confidence: 0.7 });
    const small = symbolIndexOf(g.view());
    const seeds = fileSeeds(small, resolveFiles(small, ['svc.ts']));
    assert.deepEqual(new Set(seeds.keys()), new Set([quiet.nodeHash, busy.nodeHash, mod.nodeHash]));
    assert.equal(seeds.get(quiet.nodeHash), 1);
    assert.equal(seeds.get(busy.nodeHash), 3, '1 + log10(1 + 99)');
    assert.equal(seeds.has(placeholder.nodeHash), false);
    assert.equal(runtimeObservations(small, caller.nodeHash), 99);
  });
});
