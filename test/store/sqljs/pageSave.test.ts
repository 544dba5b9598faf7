import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import initSqlJs from 'sql.js';
import { Assets } from '../../../src/assets';
import { openStore } from '../../../src/store';
import { BLOCK_SIZE } from '../../../src/store/sqljs/changedBlocks';
import { SqlJsDatabase } from '../../../src/store/sqljs/database';
import { decodeJournal, journalPathOf } from '../../../src/store/sqljs/graphJournal';
import { GraphFileSaver } from '../../../src/store/sqljs/graphFileSaver';
import { SqlJsPatchError, patchSqlJsSource } from '../../../src/store/sqljs/sqlJsPatch';
import { makeTempDir } from '../../helpers/tempDir';

const ROOT = path.join(__dirname, '..', '..', '..');
const WRITER = path.join(ROOT, 'test', 'helpers', 'saveGraphChange.ts');
const REPOS = 3000;
/** Every EVERY-th repository changes: a few rows spread over the file. */
const EVERY = 300;

const hashOf = (i: number): string => i.toString(16).padStart(64, '0');
const urlOf = (i: number): string => `example.com/r${String(i).padStart(5, '0')}`;

/** A graph of REPOS repositories, each with a long root path, so it spans many blocks. */
async function makeGraph(db: string): Promise<void> {
  const store = await openStore(db);
  try {
    await store.transaction(async (tx) => {
      for (let i = 0; i < REPOS; i++) await tx.upsertRepo({ repoHash: hashOf(i), repoUrl: urlOf(i), rootPath: `/src/${i}`.padEnd(120, '.'), serviceName: `s${i}` });
    });
    await store.save();
  } finally {
    await store.close();
  }
}

/** The root paths of the graph, in repository order. */
async function rootPaths(db: string): Promise<string[]> {
  const store = await openStore(db);
  try {
    return (await store.repos()).sort((a, b) => a.repoUrl.localeCompare(b.repoUrl)).map((r) => r.rootPath);
  } finally {
    await store.close();
  }
}

function expectedPaths(mark: string | undefined): string[] {
  return Array.from({ length: REPOS }, (_, i) => `/src/${i}`.padEnd(120, '.') + (mark !== undefined && i % EVERY === 0 ? `-${mark}` : ''));
}

/** Runs saveGraphChange.ts in another process; resolves with how it ended. */
function runWriter(db: string, args: string[], killAt?: string): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> {
  const env = { ...process.env };
  if (killAt) env.CKG_TEST_KILL_SAVE_AT = killAt;
  else delete env.CKG_TEST_KILL_SAVE_AT;
  const child = spawn(process.execPath, ['--import', 'tsx', WRITER, db, ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal, stderr })));
}

/** Captures what openStore warns on stderr while `work` runs. */
async function warnings<T>(work: () => Promise<T>): Promise<{ result: T; text: string }> {
  const original = process.stderr.write.bind(process.stderr);
  let text = '';
  process.stderr.write = ((chunk: string | Uint8Array) => {
    text += chunk.toString();
    return true;
  }) as typeof process.stderr.write;
  try {
    return { result: await work(), text };
  } finally {
    process.stderr.write = original;
  }
}

function changedBlockCount(a: Buffer, b: Buffer): number {
  let count = 0;
  for (let at = 0; at < Math.max(a.length, b.length); at += BLOCK_SIZE) {
    if (!a.subarray(at, at + BLOCK_SIZE).equals(b.subarray(at, at + BLOCK_SIZE))) count++;
  }
  return count;
}

describe('store/sqljs/pageSave: saves that write only the changed pages, through a journal', function () {
  this.timeout(120_000);
  let dir: string;
  let base: Buffer;
  /** The file a save that was never interrupted leaves. */
  let reference: Buffer;

  before(async () => {
    const refDir = makeTempDir();
    await makeGraph(path.join(refDir, 'base.sqlite'));
    base = fs.readFileSync(path.join(refDir, 'base.sqlite'));
    fs.writeFileSync(path.join(refDir, 'ref.sqlite'), base);
    const done = await runWriter(path.join(refDir, 'ref.sqlite'), [String(EVERY), 'x']);
    assert.equal(done.code, 0, done.stderr);
    reference = fs.readFileSync(path.join(refDir, 'ref.sqlite'));
  });

  beforeEach(() => {
    dir = makeTempDir();
    fs.writeFileSync(path.join(dir, 'graph.sqlite'), base);
  });

  it('patches the installed sql.js (growth in place, write and resize hooks), and refuses a script it does not know', () => {
    const patched = patchSqlJsSource(fs.readFileSync(Assets.sqlJsScript(), 'utf8'));
    assert.match(patched.contentsKey, /^\w+$/);
    assert.notEqual(patched.contentsKey, patched.usedKey);
    assert.equal(patched.source.split('__ckgMemfs.').length - 1, 4);
    assert.match(patched.source, /__ckgMemfs\.grown\(/, 'MEMFS grows a file in place, not by a copy');
    assert.equal(patched.source.split('__ckgCanOwn').length - 1, 2);
    assert.throws(() => patchSqlJsSource('var x = 1;', 'other-sql-wasm.js'), (error: unknown) => error instanceof SqlJsPatchError && /other-sql-wasm\.js/.test((error as Error).message));
  });

  it('writes a small change in place, the file keeping its inode, and leaves no journal', async () => {
    const db = path.join(dir, 'graph.sqlite');
    const inode = fs.statSync(db).ino;
    const done = await runWriter(db, [String(EVERY), 'x']);
    assert.equal(done.code, 0, done.stderr);
    assert.equal(fs.statSync(db).ino, inode);
    assert.deepEqual(fs.readdirSync(dir), ['graph.sqlite']);
    const after = fs.readFileSync(db);
    assert.ok(after.equals(reference), 'the same bytes as the reference save');
    assert.ok(changedBlockCount(base, after) < base.length / BLOCK_SIZE / 4, 'only a few blocks changed');
    assert.deepEqual(await rootPaths(db), expectedPaths('x'));
  });

  for (const killAt of ['journal', 'half']) {
    it(`a writer killed ${killAt === 'journal' ? 'once its journal is synced' : 'half-way through the in-place writes'}: readers see the new graph, the next writer completes it`, async () => {
      const db = path.join(dir, 'graph.sqlite');
      const killed = await runWriter(db, [String(EVERY), 'x'], killAt);
      assert.equal(killed.signal, 'SIGKILL', killed.stderr);
      const journal = journalPathOf(fs.realpathSync(db));
      assert.ok(fs.existsSync(journal), 'the journal is left');
      const left = fs.readFileSync(db);
      if (killAt === 'journal') assert.ok(left.equals(base), 'nothing was written into the graph file yet');
      else assert.ok(!left.equals(base) && !left.equals(reference), 'the graph file is half-written');
      // A reader applies the journal in memory and writes nothing.
      assert.deepEqual(await rootPaths(db), expectedPaths('x'));
      assert.ok(fs.readFileSync(db).equals(left) && fs.existsSync(journal), 'a reader changes nothing on disk');
      // The next writer replays it under the writer lock.
      const writer = await openStore(db, { writer: { wait: true } });
      await writer.close();
      assert.ok(!fs.existsSync(journal), 'the journal is gone');
      assert.ok(fs.readFileSync(db).equals(reference), 'the graph file is what an uninterrupted save writes');
      assert.deepEqual(await rootPaths(db), expectedPaths('x'));
    });
  }

  it('discards a torn journal with a warning: the graph stays as its last save left it', async () => {
    const db = path.join(dir, 'graph.sqlite');
    assert.equal((await runWriter(db, [String(EVERY), 'x'], 'journal')).signal, 'SIGKILL');
    const journal = journalPathOf(fs.realpathSync(db));
    fs.truncateSync(journal, fs.statSync(journal).size - 100);
    assert.deepEqual(await rootPaths(db), expectedPaths(undefined), 'a reader ignores it');
    const { text } = await warnings(async () => (await openStore(db, { writer: { wait: true } })).close());
    assert.match(text, /removed .*graph\.sqlite\.journal, incomplete or damaged \(checksum mismatch\); the graph file is as its last complete save left it/);
    assert.ok(!fs.existsSync(journal));
    assert.ok(fs.readFileSync(db).equals(base));
  });

  it('never applies a journal that is garbage or belongs to another graph file, and says so', async () => {
    const db = path.join(dir, 'graph.sqlite');
    assert.equal((await runWriter(db, [String(EVERY), 'x'], 'journal')).signal, 'SIGKILL');
    const journal = journalPathOf(fs.realpathSync(db));
    const valid = fs.readFileSync(journal);
    assert.ok(!('invalid' in decodeJournal(valid)));
    // The same bytes under another file (another inode): not its journal.
    const other = path.join(dir, 'other.sqlite');
    fs.writeFileSync(other, base);
    fs.writeFileSync(journalPathOf(fs.realpathSync(other)), valid);
    assert.deepEqual(await rootPaths(other), expectedPaths(undefined));
    const foreign = await warnings(async () => (await openStore(other, { writer: { wait: true } })).close());
    assert.match(foreign.text, /other\.sqlite\.journal, which belongs to another version of the graph file/);
    assert.ok(fs.readFileSync(other).equals(base));
    // Garbage in place of the journal.
    fs.writeFileSync(journal, Buffer.from('not a journal at all, just some text that happens to sit here'.repeat(10)));
    assert.deepEqual(await rootPaths(db), expectedPaths(undefined));
    const garbage = await warnings(async () => (await openStore(db, { writer: { wait: true } })).close());
    assert.match(garbage.text, /graph\.sqlite\.journal, not a graph journal/);
    assert.ok(fs.readFileSync(db).equals(base));
    assert.deepEqual(fs.readdirSync(dir).sort(), ['graph.sqlite', 'other.sqlite']);
  });

  it('gives a reader racing a busy writer a whole version every time', async () => {
    const db = path.join(dir, 'graph.sqlite');
    const rounds = 40;
    const writer = runWriter(db, [String(EVERY), '', String(rounds)]);
    let finished = false;
    void writer.then(() => {
      finished = true;
    });
    const seen = new Set<string>();
    let reads = 0;
    while (!finished || reads === 0) {
      const paths = await rootPaths(db);
      reads++;
      const marks = new Set(paths.filter((_, i) => i % EVERY === 0).map((p) => p.slice(120)));
      assert.equal(marks.size, 1, `one version per read, got ${[...marks].join(', ')}`);
      assert.deepEqual(paths.filter((_, i) => i % EVERY !== 0), expectedPaths(undefined).filter((_, i) => i % EVERY !== 0));
      seen.add([...marks][0]);
      // Opening a store runs on microtasks alone: let the child's exit be heard.
      await new Promise((resolve) => setImmediate(resolve));
    }
    const done = await writer;
    assert.equal(done.code, 0, done.stderr);
    assert.deepEqual(await rootPaths(db), expectedPaths(String(rounds)));
    assert.ok(reads > 1, `read ${reads} times (versions ${[...seen].join(' ')})`);
  });

  it('without the patched sql.js, saves the whole file through export() (the fallback)', async () => {
    const SQL = await initSqlJs({ locateFile: () => Assets.sqlJsWasm() });
    const db = path.join(dir, 'graph.sqlite');
    const database = new SqlJsDatabase(new SQL.Database(fs.readFileSync(db)));
    database.run('UPDATE repos SET root_path = root_path || ? WHERE repo_url = ?', ['-y', urlOf(0)]);
    const inode = fs.statSync(db).ino;
    const plan = new GraphFileSaver(db, database, undefined, true).plan(undefined);
    assert.equal(plan.kind, 'whole');
    if (plan.kind === 'whole') await plan.write();
    database.close();
    assert.notEqual(fs.statSync(db).ino, inode, 'replaced whole');
    const paths = await rootPaths(db);
    assert.equal(paths[0], `${expectedPaths(undefined)[0]}-y`);
    assert.deepEqual(paths.slice(1), expectedPaths(undefined).slice(1));
  });
});
