import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { FIXTURE_REPOS } from '../helpers/indexFixture';
import { makeTempDir } from '../helpers/tempDir';

/** These run the built bundle (`npm run build` first), as scripts do. */
const CLI = path.join(__dirname, '..', '..', 'dist', 'cli.js');

function ckg(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('ckg call and ckg snapshots (built bundle)', () => {
  let db: string;

  before(() => {
    assert.ok(fs.existsSync(CLI), `${CLI} is missing: run npm run build first (npm test does)`);
    db = path.join(makeTempDir(), 'graph.sqlite');
  });

  it('indexes through index_repo and prints the structured result as JSON', () => {
    const repoPath = path.join(FIXTURE_REPOS, 'go-basic');
    const result = ckg('call', 'index_repo', JSON.stringify({ repo_url: 'fixtures/go-basic', repo_path: repoPath }), '-db', db);
    assert.equal(result.status, 0, result.stderr);
    const summary = JSON.parse(result.stdout);
    assert.equal(summary.repo_url, 'fixtures/go-basic');
    assert.match(summary.snapshot_hash, /^[0-9a-f]{64}$/);
    assert.equal(summary.new_snapshot, true);
    assert.ok(fs.existsSync(db));
  });

  it('prints a query result as JSON', () => {
    const result = ckg('call', 'graph_query', '{"prefix":"fixtures/go-basic://example.com/go-basic/store."}', '-db', db);
    assert.equal(result.status, 0, result.stderr);
    const reply = JSON.parse(result.stdout);
    assert.equal(reply.truncated, false);
    assert.ok(reply.items.some((n: { QualifiedName: string }) => n.QualifiedName.endsWith('store.NewMemoryStore')));
  });

  it('exits 1 with the message on an error result, and 2 on bad usage', () => {
    const error = ckg('call', 'repo_graph', `{"repo_hash":"${'0'.repeat(64)}"}`, '-db', db);
    assert.equal(error.status, 1);
    assert.equal(error.stdout, '');
    assert.match(error.stderr, /^ckg call repo_graph: repo_hash: no repository with hash 0{64}/);
    const unknown = ckg('call', 'nope', '{}', '-db', db);
    assert.equal(unknown.status, 2);
    assert.match(unknown.stderr, /unknown tool nope \(expected one of: index_repo, cross_repo_callers, blast_radius, graph_query/);
    assert.match(ckg('call', 'graph_query', '{nope', '-db', db).stderr, /<json-args>: not JSON/);
    assert.match(ckg('call', 'graph_query', '[1]', '-db', db).stderr, /<json-args>: expected a JSON object/);
    const noDb = ckg('call', 'graph_query', '{"prefix":"x"}', '-db', path.join(makeTempDir(), 'none.sqlite'));
    assert.equal(noDb.status, 2);
    assert.match(noDb.stderr, /no such file \(run ckg index first\)/);
  });

  it('prints repositories and their snapshots with the hashes tools take', () => {
    const result = ckg('snapshots', '-db', db);
    assert.equal(result.status, 0, result.stderr);
    const [repoLine, snapshotLine] = result.stdout.trim().split('\n');
    assert.match(repoLine, /^fixtures\/go-basic {2}repo [0-9a-f]{64}/);
    assert.match(snapshotLine, /^ {2}snapshot [0-9a-f]{64} {2}commit [0-9a-f]{40} {2}\d{4}-\d\d-\d\dT[\d:.]+Z {2}parent \S+.* files \d+ nodes \d+ edges \d+$/);
    const json = JSON.parse(ckg('snapshots', '-db', db, '--json').stdout);
    assert.equal(json[0].repo_url, 'fixtures/go-basic');
    assert.equal(json[0].snapshots.length, 1);
    assert.equal(json[0].snapshots[0].snapshot_hash, json[0].latest_snapshot.snapshot_hash);
    assert.equal(ckg('snapshots', '-db', path.join(makeTempDir(), 'none.sqlite')).status, 2);
  });
});
