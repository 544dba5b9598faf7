import * as fs from 'node:fs';
import { growableBytes } from './growableBytes';
import { fileSignature } from './fileSignature';
import { type GraphJournal, applyJournal, decodeJournal, journalBelongs, journalPathOf } from './graphJournal';
import { realGraphPath } from './graphPath';
import { replayJournal } from './pageSave';
import { StoreOpenError } from './storeErrors';

/** A graph file's bytes as read, and which version of the file they are. */
export interface GraphFileBytes {
  readonly bytes: Uint8Array;
  /** fileSignature of the file the bytes were read from (taken before the read). */
  readonly version: string | undefined;
  /** False when a journal was applied in memory: the file on disk is half-written. */
  readonly matchesDisk: boolean;
}

/** How often a reader reads again a file that changed while it read, and how long it waits between. */
export const GRAPH_READ_DEFAULTS = { attempts: 40, pauseMs: 25 } as const;

/**
 * Reads the graph file at `location` whole, with the journal of a page-level save
 * (pageSave.ts) taken into account:
 * - the writer (holding the writer lock) first replays a complete journal a killed
 *   writer left into the file, and removes one that is torn or belongs to another
 *   version of the file, with a warning: the file is then as its last save left it;
 * - a reader never writes: it reads the file and then the journal, applies a complete
 *   journal that belongs to what it read in memory (the file may be half-written by a
 *   writer at work or killed), and reads again when the file changed meanwhile.
 */
export async function readGraphFileBytes(location: string, writer: boolean, warn: (message: string) => void): Promise<GraphFileBytes> {
  const real = realGraphPath(location);
  if (writer) {
    await recoverJournal(location, real, warn);
    const version = fileSignature(location);
    return { bytes: readWhole(location), version, matchesDisk: true };
  }
  for (let attempt = 1; ; attempt++) {
    const version = fileSignature(location);
    const identity = statIdentity(location);
    const bytes = readWhole(location);
    const journalBytes = readIfExists(journalPathOf(real));
    if (fileSignature(location) === version) {
      const journal = journalBytes ? decodeJournal(journalBytes) : undefined;
      if (!journal || 'invalid' in journal || !identity || !journalBelongs(journal, { ...identity, header: bytes })) {
        return { bytes, version, matchesDisk: true };
      }
      return { bytes: applyJournal(bytes, journal), version, matchesDisk: false };
    }
    if (attempt >= GRAPH_READ_DEFAULTS.attempts) {
      throw new StoreOpenError(`-db ${location}: the graph file kept changing while it was read (${attempt} attempts); try again`);
    }
    await new Promise((resolve) => setTimeout(resolve, GRAPH_READ_DEFAULTS.pauseMs));
  }
}

async function recoverJournal(location: string, real: string, warn: (message: string) => void): Promise<void> {
  const journalPath = journalPathOf(real);
  const bytes = readIfExists(journalPath);
  if (!bytes) return;
  const journal = decodeJournal(bytes);
  const verdict = 'invalid' in journal ? journal.invalid : belongsHere(real, journal);
  if (verdict === undefined) {
    await replayJournal(real, journal as GraphJournal);
    return;
  }
  warn(`-db ${location}: removed ${journalPath}, ${verdict}; the graph file is as its last complete save left it`);
  fs.rmSync(journalPath, { force: true });
}

/** Undefined when the journal belongs to the graph file, else why not. */
function belongsHere(real: string, journal: GraphJournal): string | undefined {
  const identity = statIdentity(real);
  if (!identity) return 'the graph file is gone';
  const header = Buffer.alloc(journal.base.header.length);
  const fd = fs.openSync(real, 'r');
  try {
    fs.readSync(fd, header, 0, header.length, 0);
  } finally {
    fs.closeSync(fd);
  }
  return journalBelongs(journal, { ...identity, header }) ? undefined : 'which belongs to another version of the graph file';
}

function statIdentity(file: string): { dev: bigint; ino: bigint } | undefined {
  try {
    const stat = fs.statSync(file, { bigint: true });
    return { dev: stat.dev, ino: stat.ino };
  } catch {
    return undefined;
  }
}

/** The whole file, read into an array its in-memory database can grow in place (growableBytes.ts). */
function readWhole(location: string): Uint8Array {
  try {
    const fd = fs.openSync(location, 'r');
    try {
      const bytes = growableBytes(fs.fstatSync(fd).size);
      let read = 0;
      while (read < bytes.length) {
        const n = fs.readSync(fd, bytes, read, bytes.length - read, read);
        if (n === 0) break;
        read += n;
      }
      return read === bytes.length ? bytes : bytes.subarray(0, read);
    } finally {
      fs.closeSync(fd);
    }
  } catch (error) {
    throw new StoreOpenError(`-db ${location}: cannot read: ${(error as Error).message}`);
  }
}

function readIfExists(file: string): Uint8Array | undefined {
  try {
    return fs.readFileSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new StoreOpenError(`cannot read the graph's journal ${file}: ${(error as Error).message}`);
  }
}
