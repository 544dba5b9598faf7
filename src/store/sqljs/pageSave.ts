import * as fs from 'node:fs';
import * as path from 'node:path';
import { BLOCK_SIZE } from './changedBlocks';
import { FILE_HEADER_BYTES, type GraphJournal, type JournalBlock, encodeJournal, journalPathOf } from './graphJournal';

/**
 * A test hook (never set in use): `CKG_TEST_KILL_SAVE_AT=journal` kills this process
 * with SIGKILL once a page-level save's journal is synced, `=half` once half of the
 * blocks are written into the graph file, so tests can open what a killed writer leaves.
 */
const KILL_AT = process.env.CKG_TEST_KILL_SAVE_AT;

/**
 * Saves `blocks` (copies of the changed blocks of the in-memory database, block 0 first
 * among them) into the graph file `real` (symlinks resolved), which holds the version
 * this store last read or saved, giving it `newLength` bytes:
 * 1. the journal (graphJournal.ts) with every changed block is written and synced, with
 *    its directory: from here on the save is committed, a killed writer's next opener
 *    replays it;
 * 2. the blocks are written in place, block 0 (SQLite's header) last, the file is cut or
 *    grown to its new length, given a modification time it never had, and synced;
 * 3. the journal is removed.
 */
export async function saveChangedPages(real: string, newLength: number, blocks: readonly JournalBlock[]): Promise<void> {
  const stat = fs.statSync(real, { bigint: true });
  const header = Buffer.alloc(FILE_HEADER_BYTES);
  const readFd = fs.openSync(real, 'r');
  try {
    fs.readSync(readFd, header, 0, FILE_HEADER_BYTES, 0);
  } finally {
    fs.closeSync(readFd);
  }
  const journal: GraphJournal = {
    blockSize: BLOCK_SIZE, newLength, blocks,
    base: { length: Number(stat.size), dev: stat.dev, ino: stat.ino, header },
  };
  const journalPath = journalPathOf(real);
  await writeJournal(journalPath, encodeJournal(journal), Number(stat.mode) & 0o666);
  if (KILL_AT === 'journal') process.kill(process.pid, 'SIGKILL');
  await writeInPlace(real, journal);
  await fs.promises.rm(journalPath, { force: true });
}

/**
 * Writes a journal's blocks into the graph file `real` and removes the journal: the
 * second half of a save, and the replay of one a killed writer left (idempotent: a block
 * already written is written again).
 */
export async function replayJournal(real: string, journal: GraphJournal): Promise<void> {
  await writeInPlace(real, journal);
  await fs.promises.rm(journalPathOf(real), { force: true });
}

async function writeJournal(journalPath: string, bytes: Buffer, mode: number): Promise<void> {
  const handle = await fs.promises.open(journalPath, 'w', mode);
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await syncDirectory(path.dirname(journalPath));
}

async function writeInPlace(real: string, journal: GraphJournal): Promise<void> {
  const handle = await fs.promises.open(real, 'r+');
  try {
    const before = await handle.stat({ bigint: true });
    // Block 0 last: until it is written the file's header is the base's, which is how a
    // reader of a killed save knows the journal belongs to the file (graphJournal.ts).
    const blocks = journal.blocks.filter((block) => block.index !== 0);
    const runs = contiguousRuns(blocks);
    for (let i = 0; i < runs.length; i++) {
      if (KILL_AT === 'half' && i === Math.floor(runs.length / 2)) process.kill(process.pid, 'SIGKILL');
      await writeRun(handle, runs[i], journal.blockSize);
    }
    await writeRun(handle, journal.blocks.filter((block) => block.index === 0), journal.blockSize);
    if (Number(before.size) !== journal.newLength) await handle.truncate(journal.newLength);
    // Writes within one clock tick may leave the modification time as a reader saw it
    // mid-save; a time the file never had tells every reader the file changed.
    const after = await handle.stat({ bigint: true });
    const latest = after.mtimeNs > before.mtimeNs ? after.mtimeNs : before.mtimeNs;
    const mtime = new Date(Number(latest / 1_000_000n) + 1);
    await handle.utimes(new Date(Number(after.atimeNs / 1_000_000n)), mtime);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Blocks with consecutive indexes, so each run is one write. */
function contiguousRuns(blocks: readonly JournalBlock[]): JournalBlock[][] {
  const runs: JournalBlock[][] = [];
  for (const block of blocks) {
    const run = runs[runs.length - 1];
    if (run && run[run.length - 1].index + 1 === block.index) run.push(block);
    else runs.push([block]);
  }
  return runs;
}

async function writeRun(handle: fs.promises.FileHandle, run: readonly JournalBlock[], blockSize: number): Promise<void> {
  if (run.length === 0) return;
  const bytes = run.length === 1 ? run[0].bytes : Buffer.concat(run.map((block) => block.bytes));
  const position = run[0].index * blockSize;
  let done = 0;
  while (done < bytes.length) {
    const { bytesWritten } = await handle.write(bytes, done, bytes.length - done, position + done);
    done += bytesWritten;
  }
}

/** Makes a created or removed directory entry durable. */
export async function syncDirectory(dir: string): Promise<void> {
  const handle = await fs.promises.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
