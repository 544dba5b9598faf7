import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { PassageIndex, lineOwners } from '../../src/context/passages';
import { symbolIndexOf } from '../../src/context/symbolIndex';
import type { GraphView } from '../../src/graph/graphView';
import { RepoIndexer } from '../../src/index/repoIndexer';
import { type GraphNode, QualifiedName } from '../../src/model';
import { GraphCache } from '../../src/query/graphCache';
import { openStore } from '../../src/store';
import { FIXTURE_REPOS } from '../helpers/indexFixture';
import { makeTempDir } from '../helpers/tempDir';

const local = (name: string) => QualifiedName.localPart(name);

function symbol(line: number, endLine: number): GraphNode {
  return { nodeHash: `${line}-${endLine}`, fileHash: 'f', repoHash: 'r', qualifiedName: `x://s${line}`, kind: 'function', line, column: 0, endLine, signature: '', bodyHash: '', doc: '' };
}

/** ts-basic copied to a temporary folder (edited first, when asked) and indexed: its files can be edited after indexing. */
async function indexedCopy(edit?: (root: string) => void): Promise<{ root: string; view: GraphView }> {
  const root = makeTempDir();
  fs.cpSync(path.join(FIXTURE_REPOS, 'ts-basic'), root, { recursive: true });
  edit?.(root);
  const store = await openStore(':memory:');
  await new RepoIndexer(store).index({ repoPath: root, repoUrl: 'fixtures/ts-basic' });
  return { root, view: await new GraphCache(() => store).liveView() };
}

function passagesOf(view: GraphView): PassageIndex {
  const index = symbolIndexOf(view);
  return new PassageIndex(view, (fileHash) => index.nodesOf(fileHash).filter((n) => index.isShowable(n)));
}

describe('context/passages', () => {
  it('gives each line to the innermost symbol around it, and none to lines outside every symbol', () => {
    // A class on lines 2-8 with a method on 4-6; line 1 and line 9 are the file's rest.
    assert.deepEqual([...lineOwners(9, [symbol(2, 8), symbol(4, 6)])], [-1, 0, 0, 1, 1, 1, 0, 0, -1]);
    assert.deepEqual([...lineOwners(3, [symbol(2, 40)])], [-1, 0, 0], 'a range past the end stops at the last line');
  });

  it('finds a symbol and its file by a word only its body holds', async () => {
    const { view } = await indexedCopy();
    // `indexOf` is called in parseUrl's body and named nowhere else: no symbol name or doc holds it.
    const hits = passagesOf(view).search('where is indexOf used');
    const [bestSymbol] = hits.symbols.keys();
    assert.equal(local(view.nodes.get(bestSymbol!)!.qualifiedName), 'src/utils/url.parseUrl');
    assert.equal(hits.symbols.get(bestSymbol!), 1);
    const [bestFile] = [...hits.files].sort((a, b) => b[1] - a[1]);
    assert.equal(view.files.get(bestFile![0])!.path, 'src/utils/url.ts');
    assert.equal(bestFile![1], 1);
    assert.deepEqual(passagesOf(view).search('the of and'), { files: new Map(), symbols: new Map() });
  });

  it('reads a file from disk only while it holds the indexed content, and counts each content once', async () => {
    // Content of its own (no other test indexed it), so no earlier index counted it.
    const { root, view } = await indexedCopy((r) => fs.appendFileSync(path.join(r, 'src/utils/url.ts'), '\n// passages test\n'));
    const urlFiles = (hits: ReturnType<PassageIndex['search']>) =>
      [...hits.symbols.keys()].map((h) => view.files.get(view.nodes.get(h)!.fileHash)!.path).filter((p) => p === 'src/utils/url.ts');
    fs.appendFileSync(path.join(root, 'src/utils/url.ts'), '\n// edited after indexing\n');
    assert.deepEqual(urlFiles(passagesOf(view).search('where is indexOf used')), [], 'its lines on disk are no longer the indexed ones');
    const fresh = await indexedCopy((r) => fs.appendFileSync(path.join(r, 'src/utils/url.ts'), '\n// counted once\n'));
    assert.equal(urlFiles(passagesOf(fresh.view).search('where is indexOf used')).length, 1);
    fs.rmSync(path.join(fresh.root, 'src/utils/url.ts'));
    assert.equal(urlFiles(passagesOf(fresh.view).search('where is indexOf used')).length, 1, 'counted before: its indexed words, without reading the disk');
  });
});
