import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CACHE_FILES_KEPT, codeCacheFolder } from '../../src/cli/codeCache';
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

  it('keeps the newest cache files of other builds when it writes its own, and leaves other files alone', () => {
    const cache = path.join(makeTempDir(), 'cache');
    fs.mkdirSync(cache, { recursive: true });
    const hourAgo = Date.now() / 1000 - 3600;
    // Twelve older builds' files, the newest last; an abandoned temporary, a fresh one, and a file of the user's.
    const older = Array.from({ length: 12 }, (_, i) => path.join(cache, `${i.toString(16).padStart(32, '0')}.bin`));
    older.forEach((file, i) => {
      fs.writeFileSync(file, 'an older build');
      fs.utimesSync(file, hourAgo + i * 60, hourAgo + i * 60);
    });
    const abandoned = path.join(cache, `${'a'.repeat(32)}.bin.123.tmp`);
    const writing = path.join(cache, `${'b'.repeat(32)}.bin.456.tmp`);
    const users = path.join(cache, 'notes.bin');
    for (const file of [abandoned, writing, users]) fs.writeFileSync(file, 'x');
    fs.utimesSync(abandoned, hourAgo - 60, hourAgo - 60);
    fs.utimesSync(users, hourAgo - 60, hourAgo - 60);

    const run = ckgWithCache(cache, '--version');
    assert.equal(run.status, 0, run.stderr);
    const left = new Set(fs.readdirSync(cache).map((name) => path.join(cache, name)));
    const own = [...left].filter((file) => file.endsWith('.bin') && !older.includes(file) && file !== users);
    assert.equal(own.length, 1, 'this build wrote its cache file');
    assert.equal(CACHE_FILES_KEPT, 8);
    assert.deepEqual(older.filter((file) => left.has(file)), older.slice(-7), 'the newest others are kept');
    assert.equal(left.has(abandoned), false, 'an abandoned temporary is removed');
    assert.equal(left.has(writing), true, "another run's fresh temporary is left alone");
    assert.equal(left.has(users), true, 'a file that is not a cache file is left alone');
  });

  it('runs without a cache where none can be written', () => {
    const blocked = path.join(makeTempDir(), 'a-file');
    fs.writeFileSync(blocked, '');
    const run = ckgWithCache(path.join(blocked, 'cache'), '--version');
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stderr, '');
  });
});
