import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { StoreLockedError, openStore } from '../../../src/store';
import { makeTempDir } from '../../helpers/tempDir';
import { deadPid, lockText, startLockHolder } from '../../helpers/writerProcesses';

describe('store/sqljs/graphFileLock: one writer per graph file (real processes)', () => {
  it('makes a second writer fail at once under wait: false, naming the holder', async () => {
    const db = path.join(makeTempDir(), 'graph.sqlite');
    const holder = startLockHolder(db);
    try {
      const pid = Number((await holder.firstLine).replace('held ', ''));
      const lock = JSON.parse(fs.readFileSync(`${db}.lock`, 'utf8')) as Record<string, unknown>;
      assert.equal(lock.pid, pid);
      assert.equal(lock.command, 'holdWriterLock test');
      assert.ok(typeof lock.hostname === 'string' && typeof lock.startedAt === 'string');
      await assert.rejects(openStore(db, { writer: { wait: false } }), (error: Error) => error instanceof StoreLockedError
        && new RegExp(`another writer holds the lock: pid ${pid} \\(holdWriterLock test\\) since \\S+; not waiting`).test(error.message));
    } finally {
      holder.release();
      await holder.exit;
    }
    assert.ok(!fs.existsSync(`${db}.lock`), 'the holder removed its lock on close');
  });

  it('makes a second writer wait, telling who holds the lock, and go on once it is released', async () => {
    const db = path.join(makeTempDir(), 'graph.sqlite');
    const holder = startLockHolder(db);
    const pid = Number((await holder.firstLine).replace('held ', ''));
    const heard: string[] = [];
    let opened = false;
    const waiting = openStore(db, { writer: { onWait: (m) => heard.push(m) } }).then((store) => {
      opened = true;
      return store;
    });
    while (heard.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    assert.match(heard[0], new RegExp(`^waiting for the writer lock on .*graph\\.sqlite held by pid ${pid} \\(holdWriterLock test\\) since `));
    assert.equal(opened, false);
    holder.release();
    assert.equal(await holder.exit, 0);
    const store = await waiting;
    assert.equal(JSON.parse(fs.readFileSync(`${db}.lock`, 'utf8')).pid, process.pid, 'the waiter holds the lock now');
    await store.close();
    assert.ok(!fs.existsSync(`${db}.lock`));
  });

  it('takes over a stale lock of a dead process', async () => {
    const db = path.join(makeTempDir(), 'graph.sqlite');
    fs.writeFileSync(`${db}.lock`, lockText(deadPid()));
    const store = await openStore(db, { writer: { wait: false } });
    assert.equal(JSON.parse(fs.readFileSync(`${db}.lock`, 'utf8')).pid, process.pid);
    await store.close();
    assert.deepEqual(fs.readdirSync(path.dirname(db)), [], 'no lock and no takeover claim is left');
  });

  it('lets exactly one of several processes take over one stale lock', async () => {
    for (let round = 0; round < 3; round++) {
      const db = path.join(makeTempDir(), 'graph.sqlite');
      fs.writeFileSync(`${db}.lock`, lockText(deadPid()));
      const contenders = [1, 2, 3, 4].map(() => startLockHolder(db, '--no-wait'));
      try {
        const lines = await Promise.all(contenders.map((c) => c.firstLine));
        assert.equal(lines.filter((l) => l.startsWith('held ')).length, 1, `one winner: ${lines.join(' | ')}`);
        for (const line of lines.filter((l) => l.startsWith('refused '))) assert.match(line, /another writer holds the lock: pid \d+/);
      } finally {
        for (const c of contenders) c.release();
        await Promise.all(contenders.map((c) => c.exit));
      }
    }
  });

  it('takes over a takeover claim left by a process killed in the middle of one', async () => {
    const db = path.join(makeTempDir(), 'graph.sqlite');
    fs.writeFileSync(`${db}.lock`, lockText(deadPid()));
    const stale = fs.readFileSync(`${db}.lock`, 'utf8');
    const realClaim = `${db}.lock.takeover-${createHash('sha256').update(stale).digest('hex').slice(0, 16)}`;
    fs.writeFileSync(realClaim, lockText(deadPid(), 'takeover of a stale lock'));
    const store = await openStore(db, { writer: { wait: true } });
    await store.close();
    assert.deepEqual(fs.readdirSync(path.dirname(db)), []);
  });

  it('keeps one lock for every path to one file: a symlinked -db locks its target', async () => {
    const target = path.join(makeTempDir(), 'real.sqlite');
    const link = path.join(makeTempDir(), 'graph.sqlite');
    fs.symlinkSync(target, link);
    const holder = startLockHolder(target);
    try {
      await holder.firstLine;
      await assert.rejects(openStore(link, { writer: { wait: false } }), StoreLockedError);
      assert.ok(!fs.existsSync(`${link}.lock`));
    } finally {
      holder.release();
      await holder.exit;
    }
  });
});
