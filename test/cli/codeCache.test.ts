import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { codeCacheFolder } from '../../src/cli/codeCache';
import { CLI, ROOT } from '../helpers/builtCli';
import { makeTempDir } from '../helpers/tempDir';

function ckgWithCache(cache: string, ...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', env: { ...process.env, CKG_COMPILE_CACHE: cache } });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function cacheFiles(folder: string): string[] {
  return fs.existsSync(folder) ? fs.readdirSync(folder).filter((name) => name.endsWith('.bin')) : [];
}

describe('cli/codeCache: where compiled code is kept', () => {
  it('is off for off and 0, a named folder when set, else the user cache directory', () => {
    assert.equal(codeCacheFolder({ CKG_COMPILE_CACHE: 'off' }), undefined);
    assert.equal(codeCacheFolder({ CKG_COMPILE_CACHE: '0' }), undefined);
    assert.equal(codeCacheFolder({ CKG_COMPILE_CACHE: 'relative/cache' }), path.resolve('relative/cache'));
    assert.equal(codeCacheFolder({ XDG_CACHE_HOME: '/var/cache/me' }), path.join('/var/cache/me', 'ckg', 'code-cache'));
  });
});

describe('cli/codeCache: the built ckg run through V8 code cache', function () {
  this.timeout(120_000);

  before(() => assert.ok(fs.existsSync(CLI), `${CLI} is missing: run npm run build first (npm test does)`));

  it('writes the cache once, then parses and indexes from it exactly as without it', () => {
    const cache = path.join(makeTempDir(), 'cache');
    const repo = makeTempDir('ckg-cached-repo-');
    fs.cpSync(path.join(ROOT, 'test', 'fixtures', 'repos', 'go-basic'), repo, { recursive: true });
    const cachedDb = path.join(makeTempDir(), 'cached.sqlite');
    const plainDb = path.join(makeTempDir(), 'plain.sqlite');

    const version = ckgWithCache(cache, '--version');
    assert.equal(version.status, 0, version.stderr);
    assert.equal(cacheFiles(cache).length, 1, 'the first run leaves one cache file');
    const written = fs.statSync(path.join(cache, cacheFiles(cache)[0]!)).mtimeMs;

    // Small repositories are parsed on the main thread, from the cached code.
    for (const [db, setting] of [[cachedDb, cache], [plainDb, 'off']] as const) {
      const indexed = ckgWithCache(setting, 'index', repo, '--repo-url', 'fixtures/go-basic', '-db', db);
      assert.equal(indexed.status, 0, indexed.stderr);
      assert.equal(indexed.stderr.includes('warning'), false, indexed.stderr);
    }
    fs.appendFileSync(path.join(repo, 'main.go'), '\nfunc addedLater() { main() }\n');
    for (const [db, setting] of [[cachedDb, cache], [plainDb, 'off']] as const) {
      const edited = ckgWithCache(setting, 'index', repo, '--repo-url', 'fixtures/go-basic', '-db', db);
      assert.equal(edited.status, 0, edited.stderr);
      assert.match(edited.stdout, /changed 1, removed 0/);
      assert.equal(edited.stderr.includes('warning'), false, edited.stderr);
    }
    const cachedExport = ckgWithCache(cache, 'export', '-db', cachedDb, '--format', 'jsonl');
    const plainExport = ckgWithCache('off', 'export', '-db', plainDb, '--format', 'jsonl');
    assert.equal(cachedExport.status, 0, cachedExport.stderr);
    assert.ok(cachedExport.stdout.includes('addedLater'));
    const withoutTimes = (jsonl: string): string => jsonl.replace(/"(created_at|at|last_observed)":\d+/g, '"$1":0');
    assert.equal(withoutTimes(cachedExport.stdout), withoutTimes(plainExport.stdout));
    assert.equal(fs.statSync(path.join(cache, cacheFiles(cache)[0]!)).mtimeMs, written, 'an accepted cache is not written again');
  });

  it('runs from a torn or foreign cache file and replaces it', () => {
    const cache = path.join(makeTempDir(), 'cache');
    assert.equal(ckgWithCache(cache, '--version').status, 0);
    const file = path.join(cache, cacheFiles(cache)[0]!);
    fs.writeFileSync(file, Buffer.from('not a V8 code cache'));
    const run = ckgWithCache(cache, '--version');
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /^ckg \d+\.\d+\.\d+/);
    assert.ok(fs.statSync(file).size > 1000, 'the rejected file is replaced by a real cache');
  });

  it('runs without a cache where none can be written', () => {
    const blocked = path.join(makeTempDir(), 'a-file');
    fs.writeFileSync(blocked, '');
    const run = ckgWithCache(path.join(blocked, 'cache'), '--version');
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stderr, '');
  });
});
