import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { makeTempDir, writeTree } from '../helpers/tempDir';

/** These run the built bundle (`npm run build` first), as users do. */
const CLI = path.join(__dirname, '..', '..', 'dist', 'cli.js');

function ckg(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('cli (built bundle)', () => {
  let repo: string;
  let db: string;

  before(() => {
    assert.ok(fs.existsSync(CLI), `${CLI} is missing: run npm run build first (npm test does)`);
    repo = makeTempDir();
    writeTree(repo, {
      'svc/__init__.py': '',
      'svc/api.py': 'from svc.core import run\n\n\ndef handler():\n    return run() + run()\n',
      'svc/core.py': 'def run():\n    return 1\n',
      'logo.py': 'binary\0data',
    });
    db = path.join(makeTempDir(), 'graph.sqlite');
  });

  let firstSummary = '';

  it('indexes a repo and prints a summary with counts and skip reasons', () => {
    const result = ckg('index', repo, '--repo-url', 'example.com/svc', '-db', db);
    assert.equal(result.status, 0, result.stderr);
    firstSummary = result.stdout;
    assert.match(result.stdout, /^indexed example\.com\/svc/m);
    assert.match(result.stdout, /^files\s+3 \(added 3/m);
    assert.match(result.stdout, /^skipped\s+binary 1/m);
    assert.match(result.stdout, /^edges\s+\d+ \(.*calls 1/m);
    assert.ok(fs.existsSync(db));
  });

  it('says when a second run has nothing to do, with the counts its snapshot recorded', () => {
    const result = ckg('index', repo, '--repo-url', 'example.com/svc', '-db', db);
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /unchanged, nothing to do/);
    const countLines = (summary: string): string[] => summary.split('\n').filter((line) => /^(nodes|edges) /.test(line));
    assert.equal(countLines(result.stdout).length, 2);
    assert.deepEqual(countLines(result.stdout), countLines(firstSummary));
  });

  it('counts the repository it indexed, not the other repositories of the graph', () => {
    const other = makeTempDir();
    writeTree(other, { 'lib.py': 'def one():\n    return 1\n' });
    const twoRepos = path.join(makeTempDir(), 'two.sqlite');
    assert.equal(ckg('index', repo, '--repo-url', 'example.com/svc', '-db', twoRepos).status, 0);
    const result = ckg('index', other, '--repo-url', 'example.com/lib', '-db', twoRepos);
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /^nodes\s+2 \(function 1, module 1\)$/m);
  });

  it('draws a progress bar on a terminal, and none when piped', () => {
    const ttyDb = path.join(makeTempDir(), 'tty.sqlite');
    // `script` (util-linux) runs the command on a pseudo-terminal.
    const onTty = spawnSync('script', ['-qec', `${process.execPath} ${CLI} index ${repo} -db ${ttyDb}`, '/dev/null'], { encoding: 'utf8' });
    assert.equal(onTty.status, 0, onTty.stderr);
    assert.match(onTty.stdout, /\rparse\s+\[#+\] 3\/3/);
    const piped = ckg('index', repo, '-db', path.join(makeTempDir(), 'piped.sqlite'));
    assert.doesNotMatch(piped.stderr + piped.stdout, /\r/);
  });

  it('prints stats', () => {
    const result = ckg('stats', '-db', db);
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /^repos\s+1/m);
    assert.match(result.stdout, /example\.com\/svc/);
    assert.match(result.stdout, /^nodes\s+\d+ \(.*function 2/m);
    assert.match(result.stdout, /^calls\s+1 edges, 2 call sites$/m, 'handler calls run twice: one edge, two sites');
  });

  it('exports jsonl with the documented fields', () => {
    const result = ckg('export', '-db', db, '--format', 'jsonl');
    assert.equal(result.status, 0, result.stderr);
    const records = result.stdout.trim().split('\n').map((line) => JSON.parse(line));
    const node = records.find((r) => r.type === 'node' && r.qualified_name === 'example.com/svc://svc.core.run');
    assert.deepEqual(Object.keys(node), ['type', 'hash', 'qualified_name', 'kind', 'repo_url', 'file', 'line', 'signature']);
    assert.equal(node.file, 'svc/core.py');
    const edge = records.find((r) => r.type === 'edge' && r.edge_type === 'calls');
    assert.deepEqual(Object.keys(edge), [
      'type', 'hash', 'source', 'target', 'edge_type', 'provenance', 'confidence', 'call_site_file', 'call_site_line',
      'call_site_col', 'call_sites', 'observation_count', 'last_observed',
    ]);
    assert.equal(edge.target, node.hash);
    assert.deepEqual([edge.call_site_file, edge.call_site_line, edge.call_site_col], ['svc/api.py', 5, 12]);
    assert.deepEqual(edge.call_sites, [['svc/api.py', 5, 12], ['svc/api.py', 5, 20]], 'every site, the first as call_site_*');
  });

  it('exports GraphML to a file', () => {
    const out = path.join(makeTempDir(), 'graph.graphml');
    const result = ckg('export', '-db', db, '--format', 'graphml', '--out', out);
    assert.equal(result.status, 0, result.stderr);
    const xml = fs.readFileSync(out, 'utf8');
    assert.match(xml, /^<\?xml/);
    assert.match(xml, /<node id="[0-9a-f]{64}"><data key="label">example\.com\/svc:\/\/svc\.core\.run<\/data>/);
    assert.match(xml, /<data key="edge_type">calls<\/data>/);
  });

  it('fails clearly on bad input', () => {
    const cases: [string[], RegExp, number][] = [
      [['index', '/no/such/repo', '-db', db], /repo_path \/no\/such\/repo: no such directory/, 1],
      [['index', repo], /-db <db_path> is required/, 2],
      [['index', '-db', db], /missing <repo_path>/, 2],
      [['index', repo, '-db', db, '--bogus'], /unknown option --bogus/, 2],
      [['index', repo, '-db', db, '--max-file-bytes', 'lots'], /--max-file-bytes lots: expected a positive integer/, 2],
      [['stats', '-db', '/no/such.sqlite'], /no such file \(run ckg index first\)/, 2],
      [['export', '-db', db, '--format', 'csv'], /--format csv: expected one of jsonl, graphml/, 2],
      [['frobnicate'], /unknown command 'frobnicate'/, 2],
      [['index', repo, '-db', makeTempDir()], /cannot read: EISDIR/, 3],
    ];
    for (const [args, message, status] of cases) {
      const result = ckg(...args);
      assert.equal(result.status, status, `${args.join(' ')}: ${result.stderr}`);
      assert.match(result.stderr, message, args.join(' '));
    }
  });

  it('refuses a database file that is not a graph, without touching it', () => {
    const notes = path.join(makeTempDir(), 'notes.sqlite');
    fs.writeFileSync(notes, 'not a database');
    const result = ckg('index', repo, '-db', notes);
    assert.equal(result.status, 3);
    assert.match(result.stderr, /not a graph database/);
    assert.equal(fs.readFileSync(notes, 'utf8'), 'not a database');
  });
});
