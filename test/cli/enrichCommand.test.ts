import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { openStore } from '../../src/store';
import { CLI, ROOT } from '../helpers/builtCli';
import { makeTempDir, writeTree } from '../helpers/tempDir';

const MISBEHAVING_SERVER = path.join(ROOT, 'test', 'fixtures', 'enrich', 'misbehavingServer.js');

/** A repository in four languages, each with a call only a compiler (or its language server) links. */
const FILES = {
  'src/repo.ts': [
    'export class Repo {',
    '  find(id: number): string { return String(id); }',
    '}',
    'export function same<T>(value: T): T { return value; }',
    '',
  ].join('\n'),
  'src/run.ts': [
    "import { Repo, same } from './repo';",
    'export function run(): string {',
    '  return same(new Repo()).find(1);',
    '}',
    '',
  ].join('\n'),
  'py/store.py': [
    'from typing import Protocol',
    '',
    '',
    'class Getter(Protocol):',
    '    def get(self, key): ...',
    '',
    '',
    'class Store:',
    '    def get(self, key):',
    '        return key',
    '',
    '',
    'def build():',
    "    return {'store': Store()}['store']",
    '',
    '',
    'def use():',
    '    return build().get(1)',
    '',
  ].join('\n'),
  'gosvc/go.mod': 'module example.com/gosvc\n\ngo 1.19\n',
  'gosvc/main.go': [
    'package main',
    '',
    'type Greeter struct{}',
    '',
    'func (Greeter) Hello() string { return "hi" }',
    '',
    'func main() {',
    '\tprintln(Greeter{}.Hello())',
    '}',
    '',
  ].join('\n'),
  'java/App.java': 'class App {\n  void run() {}\n}\n',
  'deploy/app.yaml': 'name: app\n',
};

/** Runs the built CLI with a PATH that holds node's directory, /usr/bin and /bin only: no stray rust-analyzer or jdtls. */
function ckg(cwd: string, ...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const PATH = [path.dirname(process.execPath), '/usr/bin', '/bin'].join(path.delimiter);
  const result = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', env: { ...process.env, PATH } });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const hasGopls = ['/usr/bin/gopls', '/bin/gopls'].some((file) => fs.existsSync(file));
if (!hasGopls && process.env.CKG_REQUIRE_LANGUAGE_SERVERS) throw new Error('gopls is required (CKG_REQUIRE_LANGUAGE_SERVERS): apt install gopls');

async function edgesByProvenance(db: string): Promise<Record<string, number>> {
  const store = await openStore(db);
  try {
    const counts: Record<string, number> = {};
    for (const edge of await store.liveEdges({ edgeType: 'calls' })) counts[edge.provenance] = (counts[edge.provenance] ?? 0) + 1;
    return counts;
  } finally {
    await store.close();
  }
}

describe('ckg enrich (real tsserver, pyright and gopls)', function () {
  this.timeout(240_000);
  let repo: string;
  let db: string;

  before(() => {
    repo = fs.realpathSync(makeTempDir());
    writeTree(repo, FILES);
    db = path.join(makeTempDir(), 'graph.db');
    const indexed = ckg(repo, 'index', '.', '-db', db);
    assert.equal(indexed.status, 0, indexed.stderr);
  });

  it('says which servers it uses and which it cannot, then upgrades and adds calls through them', async () => {
    const before = await edgesByProvenance(db);
    assert.equal(before.lsp_resolved, undefined);
    const run = ckg(repo, 'enrich', '.', '-db', db);
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stderr, /^using tsserver for typescript \(2 files; from ckg's dependencies \(typescript [\d.]+\)\)$/m);
    assert.match(run.stderr, /^using pyright for python \(1 file; from /m);
    assert.match(run.stderr, /^no language server for java \(1 file keeps its static edges\): jdtls not found; to install: .+$/m);
    assert.match(run.stderr, /^not enriched \(no language server support\): yaml$/m);
    if (hasGopls) assert.match(run.stderr, /^using gopls for go \(1 file; from PATH/m);
    assert.match(run.stdout, /^ {2}typescript calls: \d+\/\d+ answered; upgraded \d+\/\d+ ast_inferred .*added [1-9]/m, 'same(new Repo()).find(1) needs the checker');
    assert.match(run.stdout, /^ {2}python calls: \d+\/\d+ answered; .*added [1-9]/m, 'build().get(1) needs the checker: what indexing a dict literal gives');
    const after = await edgesByProvenance(db);
    assert.ok((after.lsp_resolved ?? 0) >= 3, JSON.stringify(after));
    assert.ok((after.ast_inferred ?? 0) < (before.ast_inferred ?? 0), 'confirmed inferred edges were upgraded');
    if (hasGopls) assert.match(run.stdout, /^ {2}go calls: [1-9]\d*\/\d+ answered/m);
  });

  it('does no language-server work when nothing changed, and asks only about a changed file next', async () => {
    const again = ckg(repo, 'enrich', '.', '-db', db);
    assert.equal(again.status, 0, again.stderr);
    assert.match(again.stderr, /^tsserver: 2 files up to date; nothing to ask$/m);
    assert.match(again.stderr, /^pyright: 1 file up to date; nothing to ask$/m, 'an interface pyright has no implementation provider for leaves nothing waiting');
    assert.doesNotMatch(again.stderr, /asking about/);
    assert.doesNotMatch(again.stdout, /answered/, 'no query was sent');

    fs.appendFileSync(path.join(repo, 'py/store.py'), '\n\ndef more():\n    return use()\n');
    assert.equal(ckg(repo, 'index', '.', '-db', db).status, 0);
    const changed = ckg(repo, 'enrich', '.', '-db', db);
    assert.equal(changed.status, 0, changed.stderr);
    assert.match(changed.stderr, /^pyright: asking about 1 file of 1 \(new or changed since the last enrichment\)$/m);
    assert.match(changed.stderr, /^tsserver: 2 files up to date; nothing to ask$/m);
  });

  it('restarts a server that crashes once, then skips it with a named warning; the graph keeps every indexed edge', async () => {
    const config = path.join(makeTempDir(), 'ckg.config.yaml');
    fs.writeFileSync(config, `enrichment:\n  servers:\n    pyright: { command: ${JSON.stringify(process.execPath)}, args: [${JSON.stringify(MISBEHAVING_SERVER)}, crash] }\n`);
    const before = await edgesByProvenance(db);
    const run = ckg(repo, 'enrich', '.', '-db', db, '--config', config, '--timeout-ms', '500');
    assert.equal(run.status, 1, 'the only server with work failed');
    assert.match(run.stderr, /^using pyright for python \(1 file; from config\)$/m);
    assert.match(run.stderr, /^warning: pyright exited; restarting it once$/m);
    assert.match(run.stderr, /^warning: pyright exited again after a restart; skipped: its files keep their static edges$/m);
    assert.match(run.stdout, /^ {2}pyright: failed: exited again after a restart; 1 left for the next run$/m);
    assert.deepEqual(await edgesByProvenance(db), before);
  });

  it('restarts a server that hangs once, then skips it', async () => {
    const config = path.join(makeTempDir(), 'ckg.config.yaml');
    fs.writeFileSync(config, `enrichment:\n  servers:\n    pyright: { command: ${JSON.stringify(process.execPath)}, args: [${JSON.stringify(MISBEHAVING_SERVER)}, hang] }\n`);
    const run = ckg(repo, 'enrich', '.', '-db', db, '--config', config, '--timeout-ms', '300');
    assert.equal(run.status, 1);
    assert.match(run.stderr, /^warning: pyright answered none of \d+ queries within 0\.3 s each \(hung\?\); restarting it once$/m);
    assert.match(run.stderr, /again after a restart; skipped: its files keep their static edges$/m);
  });

  it('ends at once with one clear line per language a server does not start for, or that is turned off', () => {
    const config = path.join(makeTempDir(), 'ckg.config.yaml');
    fs.writeFileSync(config, 'enrichment:\n  servers:\n    tsserver: false\n    pyright: { command: /nonexistent/pyright-langserver }\n    gopls: false\n');
    const run = ckg(repo, 'enrich', '.', '-db', db, '--config', config, '--all');
    assert.equal(run.status, 1, run.stdout);
    assert.match(run.stderr, /^no language server for typescript \(2 files keep their static edges\): turned off in enrichment.servers$/m);
    assert.match(run.stderr, /^warning: pyright did not start \(\/nonexistent\/pyright-langserver\); skipped: its files keep their static edges$/m);
    assert.equal(run.stderr.split('\n').filter((line) => line.includes('pyright')).length, 3, 'the plan line, the asking line and one warning: no retries');
  });

  it('stops at the budget, and the next run goes on where it stopped', () => {
    const other = fs.realpathSync(makeTempDir());
    writeTree(other, { 'src/repo.ts': FILES['src/repo.ts'], 'src/run.ts': FILES['src/run.ts'] });
    const otherDb = path.join(makeTempDir(), 'graph.db');
    assert.equal(ckg(other, 'index', '.', '-db', otherDb).status, 0);
    // A millisecond is over before tsserver has even started.
    const cut = ckg(other, 'enrich', '.', '-db', otherDb, '--enrich-budget', '1ms');
    assert.equal(cut.status, 0, cut.stderr);
    assert.match(cut.stdout, /^ {2}tsserver: asked about 2 of 2 files; 2 left for the next run$/m);
    assert.match(cut.stdout, /^ {2}the enrichment budget ran out; run ckg enrich again to go on where it stopped$/m);
    const next = ckg(other, 'enrich', '.', '-db', otherDb);
    assert.match(next.stderr, /^tsserver: asking about 2 files of 2/m);
    assert.doesNotMatch(next.stdout, /left for the next run/);
  });

  it('ckg index --enrich indexes and enriches in one run', () => {
    const other = fs.realpathSync(makeTempDir());
    writeTree(other, { 'src/repo.ts': FILES['src/repo.ts'], 'src/run.ts': FILES['src/run.ts'] });
    const otherDb = path.join(makeTempDir(), 'graph.db');
    const run = ckg(other, 'index', '.', '--enrich', '--enrich-budget', '5m', '-db', otherDb);
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /^indexed local\//m);
    assert.match(run.stdout, /^ {2}typescript calls: /m);
  });

  it('refuses bad arguments with the usage error, and a repository not in the graph with how to index it', () => {
    const bad = ckg(repo, 'enrich', '.', '-db', db, '--enrich-budget', 'soon');
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /--enrich-budget "soon": expected a positive duration/);
    assert.match(ckg(repo, 'enrich', '-db', db).stderr, /missing <repo_path>; usage: ckg enrich <repo_path>/);
    assert.match(ckg(repo, 'index', '.', '--verbose', '-db', db).stderr, /--verbose applies to --enrich only/);
    const elsewhere = makeTempDir();
    const missing = ckg(repo, 'enrich', elsewhere, '-db', db);
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /is not indexed in .*graph\.db; run ckg index .* first \(indexed: local\//);
    const config = path.join(makeTempDir(), 'ckg.config.yaml');
    fs.writeFileSync(config, 'enrichment:\n  servers:\n    clangd: { command: clangd }\n');
    assert.match(ckg(repo, 'enrich', '.', '-db', db, '--config', config).stderr,
      /unknown key enrichment.servers.clangd \(expected one of: enrichment.servers.tsserver, /);
  });
});
