import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { type ContextSources, MODE_SETTINGS, buildFilesContext, buildTaskContext } from '../../src/context/contextBuilder';
import { ContextInputError } from '../../src/context/errors';
import { CONTEXT_FORMATS } from '../../src/context/formats';
import { decodeGcb } from '../../src/context/formats/gcbDecoder';
import { countTokens } from '../../src/context/tokenizer';
import { RepoIndexer } from '../../src/index/repoIndexer';
import { GraphCache } from '../../src/query/graphCache';
import { QualifiedName } from '../../src/model';
import { type GraphStore, openStore } from '../../src/store';
import { FIXTURE_REPOS, indexFixture } from '../helpers/indexFixture';
import { makeTempDir } from '../helpers/tempDir';

async function sourcesOver(store: GraphStore, extra: Partial<ContextSources> = {}): Promise<ContextSources> {
  return { view: await new GraphCache(() => store).liveView(), ...extra };
}

const local = (name: string) => QualifiedName.localPart(name);

describe('context/contextBuilder', () => {
  let ts: ContextSources;
  let go: ContextSources;
  before(async () => {
    ts = (await sourcesOver(await indexFixture('ts-basic')));
    go = (await sourcesOver(await indexFixture('go-basic')));
  });

  it('counts every format exactly and stays within the budget', () => {
    for (const format of CONTEXT_FORMATS) {
      for (const tokenBudget of [150, 600, 3000, 50_000]) {
        const result = buildTaskContext(ts, { description: 'register a user and parse the url', tokenBudget, format });
        assert.equal(result.tokenCount, countTokens(result.content), `${format} ${tokenBudget}`);
        assert.ok(result.tokenCount <= tokenBudget, `${format} ${tokenBudget}: ${result.tokenCount}`);
        assert.ok(result.symbolsIncluded <= result.symbolsAvailable);
      }
    }
  });

  it('ranks what the task names first and shows its lines from disk', () => {
    const doc = decodeGcb(buildTaskContext(ts, { description: 'parse a url', tokenBudget: 4000, format: 'gcb' }).content);
    const first = doc.symbols[0];
    assert.equal(local(first.name), 'src/utils/url.parseUrl');
    assert.equal(first.distance, 0);
    assert.equal(first.relevance, 1000);
    assert.equal(first.sourceState, 'included');
    const onDisk = fs.readFileSync(path.join(FIXTURE_REPOS, 'ts-basic', 'src/utils/url.ts'), 'utf8').split('\n');
    assert.equal(first.source!.text, onDisk.slice(first.line - 1, first.endLine).join('\n'));
    const callers = first.relations.filter((r) => r.direction === 'in' && r.edgeType === 'calls');
    assert.ok(callers.length > 0, 'its callers are listed');
  });

  it('gives everything the walk reached when the budget allows, and never a placeholder or module', () => {
    const result = buildTaskContext(ts, { description: 'register a user', tokenBudget: 50_000, format: 'gcb' });
    const doc = decodeGcb(result.content);
    assert.equal(result.symbolsIncluded, result.symbolsAvailable);
    for (const symbol of doc.symbols) {
      assert.ok(!QualifiedName.isUnresolved(symbol.name), symbol.name);
      assert.notEqual(symbol.kind, 'module');
      for (const r of symbol.relations) if ('name' in r.target) assert.ok(!r.target.name.includes('UNRESOLVED/'), r.target.name);
    }
    assert.deepEqual(doc.symbols.map((s) => s.id), doc.symbols.map((_, i) => i));
  });

  it('is deterministic', () => {
    const request = { description: 'store values and look them up', tokenBudget: 2000, format: 'gcf' as const };
    assert.equal(buildTaskContext(go, request).content, buildTaskContext(go, request).content);
  });

  it('answers a task that matches nothing with an empty, counted context', () => {
    const result = buildTaskContext(ts, { description: 'zebra giraffe', tokenBudget: 1000, format: 'xml' });
    assert.equal(result.symbolsIncluded, 0);
    assert.equal(result.symbolsAvailable, 0);
    assert.equal(result.tokenCount, countTokens(result.content));
    assert.ok(result.content.includes('symbols_included="0"'));
  });

  it('seeds changed files with their symbols, and puts them first', () => {
    for (const mode of ['files', 'pr'] as const) {
      const doc = decodeGcb(buildFilesContext(go, { files: 'store/memory.go', tokenBudget: 3000, format: 'gcb', mode }).content);
      assert.equal(doc.mode, mode);
      assert.equal(doc.query, 'store/memory.go');
      const atZero = doc.symbols.filter((s) => s.distance === 0);
      assert.ok(atZero.length > 0 && atZero.every((s) => s.file === 'store/memory.go'));
      assert.equal(doc.symbols[0].file, 'store/memory.go');
      assert.ok(doc.symbols.some((s) => s.file !== 'store/memory.go'), 'related symbols elsewhere');
    }
    const listed = buildFilesContext(go, { files: ['store/memory.go', 'store/store.go'], tokenBudget: 3000, format: 'json', mode: 'pr' });
    assert.equal(JSON.parse(listed.content).query, 'store/memory.go, store/store.go');
    assert.ok(MODE_SETTINGS.files.backward > MODE_SETTINGS.files.forward, 'files lean towards callers');
  });

  it('names the argument of a request the caller can fix', () => {
    const fails = (work: () => unknown, argument: string, message: RegExp) =>
      assert.throws(work, (e: Error) => e instanceof ContextInputError && e.argument === argument && message.test(e.message));
    fails(() => buildTaskContext(ts, { description: '  ', tokenBudget: 100, format: 'xml' }), 'task_description', /^task_description: expected a non-empty description$/);
    fails(() => buildTaskContext(ts, { description: 'url', tokenBudget: 0, format: 'xml' }), 'token_budget', /expected a positive integer/);
    fails(() => buildTaskContext(ts, { description: 'url', tokenBudget: 3, format: 'xml' }), 'token_budget', /too small/);
    fails(() => buildFilesContext(ts, { files: 'nope.ts', tokenBudget: 100, format: 'xml', mode: 'pr' }), 'files', /^files: not indexed: nope.ts/);
    fails(() => buildFilesContext(ts, { files: [], tokenBudget: 100, format: 'xml', mode: 'pr' }), 'files', /at least one/);
    fails(() => buildFilesContext(ts, { files: 'src/index.ts', repoUrl: 'x', tokenBudget: 100, format: 'xml', mode: 'pr' }), 'repo_url', /no indexed repository/);
  });

  it('shows no lines of a file edited after indexing, and says so', async () => {
    const root = makeTempDir();
    fs.cpSync(path.join(FIXTURE_REPOS, 'ts-basic'), root, { recursive: true });
    const store = await openStore(':memory:');
    await new RepoIndexer(store).index({ repoPath: root, repoUrl: 'fixtures/ts-basic' });
    fs.appendFileSync(path.join(root, 'src/utils/url.ts'), '\n// edited\n');
    const doc = decodeGcb(buildFilesContext(await sourcesOver(store), { files: 'src/utils/url.ts', tokenBudget: 5000, format: 'gcb', mode: 'pr' }).content);
    const fromUrl = doc.symbols.filter((s) => s.file === 'src/utils/url.ts');
    assert.ok(fromUrl.length > 0 && fromUrl.every((s) => s.sourceState === 'stale' && s.source === undefined));
    assert.ok(doc.symbols.some((s) => s.file !== 'src/utils/url.ts' && s.sourceState === 'included'));
  });

  it('reads no source when told not to', () => {
    const doc = decodeGcb(buildTaskContext({ ...ts, readSource: false }, { description: 'parse a url', tokenBudget: 3000, format: 'gcb' }).content);
    assert.ok(doc.symbols.length > 0 && doc.symbols.every((s) => s.source === undefined));
  });

  it('lets feedback move a symbol up', () => {
    const request = { description: 'url', tokenBudget: 50_000, format: 'gcb' as const };
    const plain = decodeGcb(buildTaskContext(ts, request).content).symbols.map((s) => local(s.name));
    const last = plain.at(-1)!;
    const hashOfLast = [...ts.view.nodes.values()].find((n) => local(n.qualifiedName) === last)!.nodeHash;
    const voted = { ...ts, feedback: () => new Map([[hashOfLast, { useful: 50, notUseful: 0 }]]) };
    const boosted = decodeGcb(buildTaskContext(voted, request).content).symbols.map((s) => local(s.name));
    assert.ok(boosted.indexOf(last) < plain.indexOf(last), `${last}: ${boosted.indexOf(last)} vs ${plain.indexOf(last)}`);
  });
});
