import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { META_KEYS } from '../../../src/mcp/server';
import { type OpenServerDeps, openServerDeps } from '../../../src/mcp/serverDeps';
import { makeTempDir, writeTree } from '../../helpers/tempDir';
import { type Connected, connect, structured, textOf } from '../mcpHarness';

const NOW = 2_000_000_000;

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd, encoding: 'utf8' }).trim();
}

describe('mcp tool index_repo', () => {
  let repo: string;
  let db: string;
  let commit: string;
  let deps: OpenServerDeps;
  let mcp: Connected;

  before(async () => {
    repo = makeTempDir();
    writeTree(repo, {
      'svc/__init__.py': '',
      'svc/api.py': 'from svc.core import run\n\n\ndef handler():\n    return run()\n',
      'svc/core.py': 'def run():\n    return 1\n',
    });
    git(repo, 'init', '-q');
    git(repo, 'add', '.');
    git(repo, 'commit', '-q', '-m', 'first');
    commit = git(repo, 'rev-parse', 'HEAD');
    db = path.join(makeTempDir(), 'graph.sqlite');
    deps = await openServerDeps(db, { now: () => NOW });
    mcp = await connect(deps);
  });
  after(async () => {
    await mcp.close();
    await deps.close();
  });

  it('indexes, saves the graph file and confirms in plain text with the hashes to use next', async () => {
    const result = await mcp.call('index_repo', { repo_url: 'example.com/svc', repo_path: repo });
    assert.equal(result.isError, undefined, textOf(result));
    const text = textOf(result);
    const lines = text.split('\n');
    assert.equal(lines[0], `index_repo complete: repo_url=example.com/svc repo_path=${repo} commit=${commit}`);
    const summary = structured<Record<string, unknown>>(result);
    assert.equal(lines[1], `repo_hash=${summary.repo_hash}`);
    assert.equal(lines[2], `snapshot_hash=${summary.snapshot_hash}`);
    assert.match(lines[3], /^files=3 nodes=\d+ edges=\d+$/);
    assert.equal(summary.commit, commit);
    assert.equal(summary.new_snapshot, true);
    assert.equal(summary.files, 3);
    assert.deepEqual(summary.changes, { added: 3, changed: 0, removed: 0, unchanged: 0 });
    assert.ok(await deps.store().snapshot(summary.snapshot_hash as string), 'the snapshot exists');
    assert.ok(fs.existsSync(db), 'the graph file was saved');

    const nodes = structured<{ items: unknown[] }>(await mcp.call('graph_query', { prefix: 'example.com/svc://svc.core.' }));
    assert.equal(nodes.items.length, 1, 'the indexed symbols are queryable at once');
    const snapshot = (await deps.store().snapshot(summary.snapshot_hash as string))!;
    assert.equal(result._meta?.[META_KEYS.indexAge], NOW - snapshot.createdAt);
  });

  it('says when nothing changed since the last index', async () => {
    const result = await mcp.call('index_repo', { repo_url: 'example.com/svc', repo_path: repo });
    assert.match(textOf(result).split('\n')[2], /^snapshot_hash=[0-9a-f]{64} \(unchanged since the last index\)$/);
    assert.equal(structured(result).new_snapshot, false);
  });

  it('indexes an older commit given as commit_hash', async () => {
    fs.writeFileSync(path.join(repo, 'svc/extra.py'), 'def extra():\n    return 2\n');
    git(repo, 'add', '.');
    git(repo, 'commit', '-q', '-m', 'second');
    const result = await mcp.call('index_repo', { repo_url: 'example.com/svc', repo_path: repo, commit_hash: commit });
    assert.equal(structured(result).commit, commit);
    assert.equal(structured(result).files, 3, 'the first commit has three files');
  });

  it('reports failures as error results', async () => {
    const missing = await mcp.call('index_repo', { repo_url: 'example.com/svc', repo_path: path.join(repo, 'nope') });
    assert.equal(missing.isError, true);
    assert.equal(textOf(missing), `repo_path: no such directory: ${path.join(repo, 'nope')}`);
    const badCommit = await mcp.call('index_repo', { repo_url: 'example.com/svc', repo_path: repo, commit_hash: 'no-such-ref' });
    assert.equal(badCommit.isError, true);
    assert.match(textOf(badCommit), /^index_repo failed: .*no-such-ref/);
    const noUrl = await mcp.call('index_repo', { repo_path: repo });
    assert.equal(noUrl.isError, true);
    assert.match(textOf(noUrl), /repo_url: expected a non-empty string/);
  });
});
