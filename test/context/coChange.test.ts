import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { DEFAULTS, coChangeEvidence, coChanged, coChangedFiles } from '../../src/context/coChange';
import { parseChangeSets } from '../../src/context/gitHistory';
import { symbolIndexOf } from '../../src/context/symbolIndex';
import { RepoIndexer } from '../../src/index/repoIndexer';
import { QualifiedName } from '../../src/model';
import { GraphCache } from '../../src/query/graphCache';
import { openStore } from '../../src/store';
import { commitFiles, git } from '../helpers/gitRepo';
import { makeTempDir } from '../helpers/tempDir';

describe('context/coChange', () => {
  it('scores the files that changed with the given ones by how many commits changed both', () => {
    const history = [['a.ts', 'b.ts'], ['a.ts', 'b.ts', 'c.ts'], ['c.ts', 'd.ts'], ['a.ts', 'e.ts']];
    assert.deepEqual([...coChanged(history, ['a.ts'])], [['b.ts', 1], ['c.ts', 0.5], ['e.ts', 0.5]]);
    assert.deepEqual([...coChanged(history, ['a.ts', 'c.ts'])], [['b.ts', 1], ['d.ts', 0.5], ['e.ts', 0.5]], 'each commit counts once');
    assert.deepEqual([...coChanged(history, ['zzz.ts'])], []);
  });

  it('reads git log records, leaving out commits of one file and sweeps of many', () => {
    const sweep = Array.from({ length: DEFAULTS.maxFilesPerCommit + 1 }, (_, i) => `f${i}.ts`).join('\n');
    const log = ['', '\na.ts\nb.ts\n', '\nsolo.ts\n', `\n${sweep}\n`, '\nb.ts\nc.ts\nb.ts\n'].join('\x1e');
    assert.deepEqual(parseChangeSets(log, { minFiles: 2 }), [['a.ts', 'b.ts'], ['b.ts', 'c.ts']]);
    assert.deepEqual(parseChangeSets(log), [['a.ts', 'b.ts'], ['solo.ts'], ['b.ts', 'c.ts']], 'one file is a change set of its own');
  });

  it('reads paths relative to a repository that is a folder of a larger git work tree', () => {
    const top = makeTempDir();
    git(top, 'init', '-q');
    commitFiles(top, { 'services/cart/a.ts': '1', 'services/cart/b.ts': '1', 'docs/x.md': '1' }, 'together');
    assert.deepEqual([...coChangedFiles(path.join(top, 'services/cart'), ['a.ts'])!], [['b.ts', 1]], 'the file outside the folder is left out');
  });

  it('brings the files that changed with a changed file into its context, from a real repository', async () => {
    const root = makeTempDir();
    git(root, 'init', '-q');
    commitFiles(root, { 'src/parse.ts': 'export function parse(s: string) { return s.trim(); }\n', 'src/render.ts': 'export function render(s: string) { return `<${s}>`; }\n' }, 'first');
    // parse.ts and schema.ts change together three times; nothing calls or imports between them.
    for (let i = 0; i < 3; i++) {
      commitFiles(root, {
        'src/parse.ts': `export function parse(s: string) { return s.trim() + '${i}'; }\n`,
        'src/schema.ts': `export function columns() { return ${i}; }\n`,
      }, `parse and schema ${i}`);
    }
    assert.deepEqual([...coChangedFiles(root, ['src/schema.ts'])!], [['src/parse.ts', 1]], 'only the commits touching the file are read');
    const store = await openStore(':memory:');
    await new RepoIndexer(store).index({ repoPath: root, repoUrl: 'local/cochange' });
    const index = symbolIndexOf(await new GraphCache(() => store).liveView());
    const evidence = coChangeEvidence(index, index.filesAt('src/parse.ts'));
    const pathOf = (fileHash: string) => index.view.files.get(fileHash)!.path;
    assert.deepEqual([...evidence.files].map(([file, score]) => [pathOf(file), score]), [['src/schema.ts', 1], ['src/render.ts', 1 / 3]]);
    assert.deepEqual([...evidence.symbols.keys()].map((h) => QualifiedName.localPart(index.view.nodes.get(h)!.qualifiedName)), ['src/schema.columns', 'src/render.render']);
    assert.equal(coChangedFiles(makeTempDir(), ['src/parse.ts']), undefined, 'outside git: no history');
  });
});
