import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { META_KEYS } from '../../../src/mcp/server';
import { type OpenServerDeps, openServerDeps } from '../../../src/mcp/serverDeps';
import { IndexRootError, indexRoots } from '../../../src/mcp/indexRoots';
import { FIXTURE_REPOS } from '../../helpers/indexFixture';
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
    deps = await openServerDeps(db, { now: () => NOW, allowedRoots: [repo] });
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

describe('mcp tool index_repo: the sandbox of allowed roots', () => {
  let allowed: string;
  let repo: string;
  let outside: string;
  let db: string;

  before(() => {
    allowed = makeTempDir();
    repo = path.join(allowed, 'svc');
    writeTree(repo, { 'core.py': 'def run():\n    return 1\n' });
    outside = makeTempDir();
    writeTree(outside, { 'secret.py': 'TOKEN = "x"\n' });
    fs.symlinkSync(outside, path.join(allowed, 'link-out'));
    fs.symlinkSync(repo, path.join(allowed, 'link-in'));
    db = path.join(makeTempDir(), 'graph.sqlite');
  });

  async function withServer<T>(allowedRoots: readonly string[] | undefined, work: (mcp: Connected) => Promise<T>): Promise<T> {
    const deps = await openServerDeps(db, { now: () => NOW, allowedRoots });
    const mcp = await connect(deps);
    try {
      return await work(mcp);
    } finally {
      await mcp.close();
      await deps.close();
    }
  }

  const refusal = async (mcp: Connected, repoPath: string): Promise<string> => {
    const result = await mcp.call('index_repo', { repo_url: 'example.com/x', repo_path: repoPath });
    assert.equal(result.isError, true, `${repoPath} was accepted: ${textOf(result)}`);
    return textOf(result);
  };

  it('indexes under a root, also through a symlink that stays inside', () => withServer([allowed], async (mcp) => {
    assert.equal(structured(await mcp.call('index_repo', { repo_url: 'example.com/svc', repo_path: repo })).files, 1);
    const viaLink = await mcp.call('index_repo', { repo_url: 'example.com/svc', repo_path: path.join(allowed, 'link-in') });
    assert.equal(viaLink.isError, undefined, textOf(viaLink));
  }));

  it('refuses .. traversal, a symlink out and a path outside, naming the argument and the roots', () => withServer([allowed], async (mcp) => {
    const realAllowed = fs.realpathSync(allowed);
    const traversal = `${repo}/${'../'.repeat(12)}etc`;
    assert.equal(await refusal(mcp, traversal),
      `repo_path: ${traversal} is outside the allowed roots (${realAllowed}); the server's --allow-root adds one`);
    assert.match(await refusal(mcp, path.join(allowed, 'link-out')), /^repo_path: .*link-out is outside the allowed roots/);
    assert.match(await refusal(mcp, outside), /is outside the allowed roots/);
    assert.match(await refusal(mcp, path.join(allowed, 'nope')), /^repo_path: no such directory: /);
    assert.match(await refusal(mcp, path.join(repo, 'core.py')), /^repo_path: expected a directory, found a file/);
    const files = structured<{ items: Array<{ Path: string }> }>(await mcp.call('graph_query', { prefix: 'example.com/x://' })).items;
    assert.deepEqual(files, [], 'nothing outside was indexed');
  }));

  it('always refuses /proc, /sys and /dev, even under a root of /', () => withServer(['/'], async (mcp) => {
    for (const special of ['/proc/self/fd', '/proc', '/sys/kernel', '/dev', `${outside}/${'../'.repeat(12)}proc/self`]) {
      assert.match(await refusal(mcp, special), /^repo_path: .* is on a special filesystem \(\/proc, \/sys, \/dev are never indexed\)$/, special);
    }
    assert.throws(() => indexRoots(['/proc']), (error: Error) => error instanceof IndexRootError && /--allow-root \/proc: .*never indexed/.test(error.message));
    assert.throws(() => indexRoots([path.join(outside, 'none')]), /--allow-root .*none: no such directory/);
  }));

  it('by default allows the working directory and the repositories already in the graph, nothing else', () => withServer(undefined, async (mcp) => {
    const again = await mcp.call('index_repo', { repo_url: 'example.com/svc', repo_path: repo });
    assert.equal(again.isError, undefined, `the repository indexed before is in the graph: ${textOf(again)}`);
    const underCwd = await mcp.call('index_repo', { repo_url: 'fixtures/go-basic', repo_path: path.relative(process.cwd(), path.join(FIXTURE_REPOS, 'go-basic')) });
    assert.equal(underCwd.isError, undefined, textOf(underCwd));
    assert.match(await refusal(mcp, outside), /is outside the allowed roots \(.*\)/);
    assert.match(await refusal(mcp, path.join(allowed, 'link-out')), /is outside the allowed roots/);
  }));
});
