import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { enrichFiles } from '../../src/enrich/enricher';
import type { LocationOracle, LocationQueryKind, SourceLocation } from '../../src/enrich/oracle';
import { RepoIndexer } from '../../src/index/repoIndexer';
import { type GraphEdge, callSitesOf } from '../../src/model';
import { type GraphStore, openStore } from '../../src/store';
import { nodeNames } from '../helpers/indexFixture';
import { makeTempDir, writeTree } from '../helpers/tempDir';

/** A language server stand-in: answers from a table keyed by `kind path:line:character`. */
class TableOracle implements LocationOracle {
  readonly asked: Array<{ kind: LocationQueryKind; at: SourceLocation }> = [];
  constructor(private readonly answers: Map<string, SourceLocation[] | null>, private readonly fallback: SourceLocation[] | null = null) {}
  async locations(kind: LocationQueryKind, queries: readonly SourceLocation[]): Promise<Array<SourceLocation[] | null>> {
    return queries.map((at) => {
      this.asked.push({ kind, at });
      const key = `${kind} ${path.basename(at.path)}:${at.line}:${at.character}`;
      return this.answers.has(key) ? this.answers.get(key)! : this.fallback;
    });
  }
}

const FILES = {
  'src/a.ts': [
    'export function helper(): number { return 1; }',
    'export function other(): number { return 2; }',
    'export interface Shape { area(): number }',
    'export class Square implements Shape { area(): number { return 4; } }',
    '',
  ].join('\n'),
  'src/b.ts': [
    "import { helper, other } from './a';",
    'export function run(): number {',
    '  const f = pick();',
    '  return helper() + f.go() + other();',
    '}',
    'function pick() { return { go: () => 3 }; }',
    '',
  ].join('\n'),
  'src/c.ts': [
    "import { helper } from './a';",
    'export function thrice(): number {',
    '  return helper() + helper() + helper();',
    '}',
    '',
  ].join('\n'),
};

async function indexed(): Promise<{ store: GraphStore; root: string; repoHash: string }> {
  const root = makeTempDir();
  writeTree(root, FILES);
  const store = await openStore(':memory:');
  const summary = await new RepoIndexer(store).index({ repoPath: root, repoUrl: 'test/enrich' });
  return { store, root: (await store.repo(summary.repoHash))!.rootPath, repoHash: summary.repoHash };
}

async function callsEdges(store: GraphStore): Promise<Array<{ from: string; to: string; provenance: string; confidence: number; line: number }>> {
  const name = await nodeNames(store);
  return (await store.liveEdges({ edgeType: 'calls' }))
    .map((e: GraphEdge) => ({ from: name(e.sourceHash), to: name(e.targetHash), provenance: e.provenance, confidence: e.confidence, line: e.callSiteLine }))
    .sort((a, b) => a.to.localeCompare(b.to));
}

/** The line/character of `needle` in a fixture file (0-based character, as facts count). */
function at(root: string, file: keyof typeof FILES, needle: string, occurrence = 0): SourceLocation {
  const lines = FILES[file].split('\n');
  let seen = 0;
  for (let i = 0; i < lines.length; i++) {
    let from = 0;
    for (;;) {
      const character = lines[i].indexOf(needle, from);
      if (character < 0) break;
      if (seen++ === occurrence) return { path: path.join(root, file), line: i + 1, character };
      from = character + 1;
    }
  }
  throw new Error(`${needle} not in ${file}`);
}

const key = (kind: LocationQueryKind, loc: SourceLocation) => `${kind} ${path.basename(loc.path)}:${loc.line}:${loc.character}`;

describe('enrich/enrichFiles', () => {
  it('replaces a confirmed ast_inferred call edge by an lsp_resolved one (delete + insert, events recorded)', async () => {
    const { store, root, repoHash } = await indexed();
    const before = (await callsEdges(store)).find((e) => e.to === 'src/a.helper');
    assert.deepEqual(before && [before.provenance, before.confidence], ['ast_inferred', 0.7]);
    const events = await store.edgeEventCounts();
    const oracle = new TableOracle(new Map([[key('definition', at(root, 'src/b.ts', 'helper()')), [at(root, 'src/a.ts', 'helper')]]]));
    const report = await enrichFiles(store, oracle, [{ repoHash, path: 'src/b.ts' }]);
    const after = (await callsEdges(store)).filter((e) => e.to === 'src/a.helper' && e.from === 'src/b.run');
    assert.deepEqual(after.map((e) => [e.from, e.provenance, e.confidence, e.line]), [['src/b.run', 'lsp_resolved', 0.9, 4]]);
    const counts = report.of('calls', 'typescript');
    assert.equal(counts.confirmed, 1);
    assert.equal((await store.edgeEventCounts()).added, events.added + 1);
    assert.equal((await store.edgeEventCounts()).removed, events.removed + 1);
    assert.match(report.lines().join('\n'), /typescript calls: .*upgraded 1\/3 ast_inferred \(33\.3%\)/);
  });

  it('adds an lsp_resolved edge where the static pass had none, and replaces a contradicted one', async () => {
    const { store, root, repoHash } = await indexed();
    const goCall = at(root, 'src/b.ts', 'go()');
    const onLine = async () => (await callsEdges(store)).filter((e) => e.line === goCall.line).map((e) => `${e.to} ${e.provenance}`).sort();
    // f.go() has no static edge: the type of f is not declared.
    assert.deepEqual(await onLine(), ['src/a.helper ast_inferred', 'src/a.other ast_inferred']);
    const oracle = new TableOracle(new Map([
      // For the test, f.go() resolves to other(), and the other() call to helper.
      [key('definition', goCall), [at(root, 'src/a.ts', 'other')]],
      [key('definition', at(root, 'src/b.ts', 'other()')), [at(root, 'src/a.ts', 'helper')]],
    ]));
    const report = await enrichFiles(store, oracle, [{ repoHash, path: 'src/b.ts' }]);
    assert.deepEqual(await onLine(), ['src/a.helper ast_inferred', 'src/a.helper lsp_resolved', 'src/a.other lsp_resolved']);
    const counts = report.of('calls', 'typescript');
    assert.deepEqual([counts.added, counts.removed, counts.confirmed], [2, 1, 0]);
  });

  it('judges an edge over all its sites: confirmed ones upgrade it, a contradicted one moves to its own target', async () => {
    const { store, root, repoHash } = await indexed();
    const sitesTo = async (to: string) => (await store.liveEdges({ edgeType: 'calls' }))
      .filter((e) => e.callSiteFile === 'src/c.ts' && e.targetHash === nodeHash(to))
      .map((e) => `${e.provenance} ${callSitesOf(e).map((s) => s.col).join(',')}`).sort();
    const name = await nodeNames(store);
    const nodes = await store.liveNodesOfRepo(repoHash);
    const nodeHash = (qualified: string) => nodes.find((n) => name(n.nodeHash) === qualified)!.nodeHash;
    assert.deepEqual(await sitesTo('src/a.helper'), ['ast_inferred 10,21,32']);
    const oracle = new TableOracle(new Map([
      [key('definition', at(root, 'src/c.ts', 'helper()', 0)), [at(root, 'src/a.ts', 'helper')]],
      // For the test, the second call resolves to other(); the third gets no answer.
      [key('definition', at(root, 'src/c.ts', 'helper()', 1)), [at(root, 'src/a.ts', 'other')]],
    ]), null);
    const report = await enrichFiles(store, oracle, [{ repoHash, path: 'src/c.ts' }], { passes: { implements: false, references: false } });
    assert.deepEqual(await sitesTo('src/a.helper'), ['lsp_resolved 10,32'], 'the unanswered site stays with the confirmed relationship');
    assert.deepEqual(await sitesTo('src/a.other'), ['lsp_resolved 21']);
    const counts = report.of('calls', 'typescript');
    assert.deepEqual([counts.inferred, counts.confirmed, counts.added, counts.removed], [1, 1, 1, 0]);
  });

  it('leaves sites without an answer, or answered outside the graph, as they were', async () => {
    const { store, repoHash } = await indexed();
    const before = JSON.stringify(await callsEdges(store));
    const none = await enrichFiles(store, new TableOracle(new Map(), null), [{ repoHash, path: 'src/b.ts' }]);
    assert.equal(JSON.stringify(await callsEdges(store)), before);
    assert.equal(none.of('calls', 'typescript').answered, 0);
    const outside = await enrichFiles(store, new TableOracle(new Map(), [{ path: '/elsewhere/lib.d.ts', line: 1, character: 0 }]), [{ repoHash, path: 'src/b.ts' }]);
    assert.equal(JSON.stringify(await callsEdges(store)), before);
    assert.ok(outside.of('calls', 'typescript').answered > 0);
  });

  it('adds implements and references edges from implementation and reference answers', async () => {
    const { store, root, repoHash } = await indexed();
    const oracle = new TableOracle(new Map([
      [key('implementation', at(root, 'src/a.ts', 'Shape')), [at(root, 'src/a.ts', 'Square')]],
      // helper is referenced at its call site in b.ts (a call: not a reference) and in the import line.
      [key('references', at(root, 'src/a.ts', 'helper')), [at(root, 'src/a.ts', 'helper'), at(root, 'src/b.ts', 'helper()'), at(root, 'src/b.ts', 'helper')]],
      // other is passed as a value somewhere: the call site of pick stands in for it.
      [key('references', at(root, 'src/a.ts', 'other')), [at(root, 'src/b.ts', 'pick() {')]],
    ]), []);
    const report = await enrichFiles(store, oracle, [{ repoHash, path: 'src/a.ts' }], { passes: { calls: false } });
    const name = await nodeNames(store);
    const impl = (await store.liveEdges({ edgeType: 'implements' })).map((e) => `${name(e.sourceHash)} -> ${name(e.targetHash)} ${e.provenance}`);
    assert.deepEqual(impl, ['src/a.Square -> src/a.Shape lsp_resolved'], 'the static edge is confirmed and upgraded');
    const refs = (await store.liveEdges({ edgeType: 'references' })).map((e) => `${name(e.sourceHash)} -> ${name(e.targetHash)} ${e.provenance} @${e.callSiteFile}:${e.callSiteLine}`);
    assert.deepEqual(refs, ['src/b.pick -> src/a.other lsp_resolved @src/b.ts:6']);
    assert.equal(report.of('implements', 'typescript').confirmed, 1);
    assert.equal(report.of('references', 'typescript').added, 1);
  });

  it('drops answers for a file that changed before the write', async () => {
    const { store, root, repoHash } = await indexed();
    const indexer = new RepoIndexer(store);
    await indexer.index({ repoPath: root, repoUrl: 'test/enrich' });
    const helperCall = at(root, 'src/b.ts', 'helper()');
    const oracle: LocationOracle = {
      async locations(kind, queries) {
        if (kind === 'definition') {
          writeTree(root, { 'src/b.ts': `${FILES['src/b.ts']}\nexport const late = 1;\n` });
          await indexer.reindexFiles(root, ['src/b.ts']);
        }
        return queries.map((q) => (q.line === helperCall.line && q.character === helperCall.character ? [at(root, 'src/a.ts', 'helper')] : null));
      },
    };
    const report = await enrichFiles(store, oracle, [{ repoHash, path: 'src/b.ts' }]);
    assert.ok(report.skippedQueries > 0);
    assert.equal((await callsEdges(store)).some((e) => e.provenance === 'lsp_resolved'), false);
  });

  it('marks a file unsettled when a call linked into the indexed files gets no definition (a language server still loading)', async () => {
    const { store, root, repoHash } = await indexed();
    const target = [{ repoHash, path: 'src/b.ts' }];
    const callsOnly = { passes: { implements: false, references: false } };
    const unsettled = async (oracle: LocationOracle) => [...(await enrichFiles(store, oracle, target, callsOnly)).unsettled.values()].map((t) => t.path);
    assert.deepEqual(await unsettled(new TableOracle(new Map(), null)), ['src/b.ts'], 'timed out');
    // Every linked call answered; f.go(), which the static pass could not link, finds nothing: settled.
    const linked = new Map([
      [key('definition', at(root, 'src/b.ts', 'helper()')), [at(root, 'src/a.ts', 'helper')]],
      [key('definition', at(root, 'src/b.ts', 'other()')), [at(root, 'src/a.ts', 'other')]],
      [key('definition', at(root, 'src/b.ts', 'pick()')), [at(root, 'src/b.ts', 'pick() {')]],
    ]);
    assert.deepEqual(await unsettled(new TableOracle(linked, [])), []);
    // The same, but other() — linked to src/a.other — finds nothing: the server is not ready.
    linked.set(key('definition', at(root, 'src/b.ts', 'other()')), []);
    assert.deepEqual(await unsettled(new TableOracle(linked, [])), ['src/b.ts']);
    // TypeScript's syntax-only start answers with the import that brought the name in:
    // a location, but no declaration, where the static pass linked one. Not ready either.
    linked.set(key('definition', at(root, 'src/b.ts', 'other()')), [at(root, 'src/b.ts', 'other }')]);
    assert.deepEqual(await unsettled(new TableOracle(linked, [])), ['src/b.ts']);
  });

  it('stops between requests when cancelled and rejects a bad batch size', async () => {
    const { store, repoHash } = await indexed();
    const controller = new AbortController();
    controller.abort();
    const oracle = new TableOracle(new Map());
    const report = await enrichFiles(store, oracle, [{ repoHash, path: 'src/b.ts' }], { signal: controller.signal });
    assert.equal(report.cancelled, true);
    assert.equal(oracle.asked.length, 0);
    await assert.rejects(enrichFiles(store, oracle, [], { batchSize: 0 }), /batchSize must be a positive integer, got 0/);
  });
});
