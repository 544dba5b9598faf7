import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { hashBytes } from '../../src/model';
import { ckg } from '../helpers/builtCli';
import { runScipTypescript } from '../helpers/scipIndexers';
import { makeTempDir, writeTree } from '../helpers/tempDir';
import { startLockHolder } from '../helpers/writerProcesses';
import { encodeTestIndex } from '../enrich/scip/scipBytes';

const FILES = {
  'tsconfig.json': '{ "compilerOptions": { "strict": true, "noEmit": true }, "include": ["src"] }\n',
  'src/shapes.ts': [
    'export interface Shape { area(): number }',
    'export class Square implements Shape { side = 2; area(): number { return this.side * 2; } }',
    'export function make(): Shape { return new Square(); }',
    '',
  ].join('\n'),
  'src/main.ts': "import { make } from './shapes';\nexport function main(): number { return [make()].map((s) => s.area())[0]; }\n",
};

/** A repository indexed by the built CLI, its SCIP index from the real scip-typescript, and the graph file. */
function setUp(): { root: string; scip: string; db: string; out: string } {
  const root = fs.realpathSync(makeTempDir('ckg-ingest-scip-'));
  writeTree(root, FILES);
  const out = makeTempDir('ckg-ingest-scip-out-');
  const scip = runScipTypescript(root, path.join(out, 'index.scip'));
  const db = path.join(out, 'graph.sqlite');
  const indexed = ckg('index', root, '--repo-url', 'test/shapes', '-db', db);
  assert.equal(indexed.status, 0, indexed.stderr);
  return { root, scip, db, out };
}

describe('ckg ingest-scip (built CLI, real scip-typescript index)', function () {
  this.timeout(180_000);

  it('writes scip_resolved edges, reports them per language and pass, and asks nothing the second time', () => {
    const { scip, db } = setUp();
    const first = ckg('ingest-scip', scip, '-db', db);
    assert.equal(first.status, 0, first.stderr);
    const lines = first.stdout.split('\n');
    assert.equal(lines[0], `ingested ${scip} (scip-typescript 0.4.0) into test/shapes`);
    assert.equal(lines[1], 'documents 2: asked 2, unchanged 0, not in the graph 0');
    assert.match(first.stdout, /^typescript calls: \d+\/\d+ answered; upgraded \d+\/\d+ ast_inferred \(\S+\), added 1, removed 0 contradicted$/m);
    assert.match(first.stdout, /^typescript implements: 1\/1 answered; .*$/m);
    assert.match(first.stdout, /^nodes added for definitions the static pass did not model: 1$/m, 'Square.side');
    assert.match(first.stdout, /^definitions left with no node: none$/m);
    assert.match(first.stdout, /^time {5}\d+\.\d\d s$/m);
    const exported = ckg('export', '-db', db, '--format', 'jsonl').stdout.split('\n').filter((l) => l.includes('"scip_resolved"'));
    assert.ok(exported.some((l) => l.includes('"edge_type":"implements"') && l.includes('"confidence":0.95')), exported.join('\n'));

    const second = ckg('ingest-scip', scip, '-db', db);
    assert.equal(second.status, 0, second.stderr);
    assert.match(second.stdout, /^documents 2: asked 0, unchanged 2, not in the graph 0\nnothing to do: every document is as the last ingest left it$/m);
  });

  it('refuses truncated, foreign and garbage files and paths outside the root, exit 1, the graph unchanged', () => {
    const { scip, db, out } = setUp();
    const graphBefore = hashBytes(fs.readFileSync(db));
    const bytes = fs.readFileSync(scip);
    const bad: Array<[string, Uint8Array | string, RegExp]> = [
      ['truncated.scip', bytes.subarray(0, Math.floor(bytes.length / 2)), /it ends early/],
      ['image.png', Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex'), /not a readable SCIP index/],
      ['index.json', '{"metadata": {"toolInfo": {"name": "scip-typescript"}}, "documents": []}\n', /wire type/],
      ['garbage.scip', Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256)), /not a readable SCIP index/],
      ['escape.scip', encodeTestIndex({ documents: [{ path: '../../etc/passwd' }] }), /document path '..\/..\/etc\/passwd' leaves the project root/],
    ];
    for (const [name, content, problem] of bad) {
      const file = path.join(out, name);
      fs.writeFileSync(file, content);
      const result = ckg('ingest-scip', file, '-db', db);
      assert.equal(result.status, 1, `${name}: ${result.stderr}`);
      assert.ok(result.stderr.startsWith(`ckg ingest-scip: ${file}: not a readable SCIP index (`), result.stderr);
      assert.match(result.stderr, problem);
      assert.equal(result.stdout, '');
    }
    assert.equal(hashBytes(fs.readFileSync(db)), graphBefore, 'the graph file is untouched');
  });

  it('names the indexed repositories when the index belongs to none, and answers usage errors with exit 2', () => {
    const { scip, db, out } = setUp();
    const foreign = path.join(out, 'foreign.scip');
    fs.writeFileSync(foreign, encodeTestIndex({ projectRoot: 'file:///somewhere/else', documents: [{ path: 'a.ts' }] }));
    const unknown = ckg('ingest-scip', foreign, '-db', db);
    assert.equal(unknown.status, 1);
    assert.match(unknown.stderr, /^ckg ingest-scip: no indexed repository has the index's project root \/somewhere\/else; index it first or name one with --repo-url \(indexed: test\/shapes \(/);
    const named = ckg('ingest-scip', foreign, '--repo-url', 'test/nope', '-db', db);
    assert.match(named.stderr, /--repo-url test\/nope: no indexed repository has that URL \(indexed: test\/shapes/);
    const withUrl = ckg('ingest-scip', foreign, '--repo-url', 'test/shapes', '-db', db);
    assert.equal(withUrl.status, 0, withUrl.stderr);
    assert.match(withUrl.stdout, /documents 1: asked 0, unchanged 0, not in the graph 1 \(a\.ts\)/);

    for (const [args, problem] of [
      [[scip], /-db <db_path> is required/],
      [['-db', db], /expected one SCIP index file; usage: ckg ingest-scip <index.scip>/],
      [[path.join(out, 'missing.scip'), '-db', db], /missing\.scip: no such file \(expected a SCIP index/],
      [[scip, '-db', path.join(out, 'none.sqlite')], /none\.sqlite: no such file \(run ckg index first\)/],
      [[scip, '--bogus', '-db', db], /unknown option --bogus/],
    ] as const) {
      const result = ckg('ingest-scip', ...args);
      assert.equal(result.status, 2, result.stderr);
      assert.match(result.stderr, problem);
    }
  });

  it('takes the writer lock: fails at once under --no-wait while another writer holds it', async () => {
    const { scip, db } = setUp();
    const holder = startLockHolder(db);
    try {
      await holder.firstLine;
      const result = ckg('ingest-scip', scip, '--no-wait', '-db', db);
      assert.equal(result.status, 4, result.stderr);
      assert.match(result.stderr, /^ckg ingest-scip: .*another writer holds the lock/);
    } finally {
      holder.release();
      await holder.exit;
    }
  });
});
