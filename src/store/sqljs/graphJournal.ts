import { createHash } from 'node:crypto';

/**
 * The journal of a page-level save, `<graph>.journal` beside the graph file: the new
 * bytes of every changed 4 KiB block, written and synced before any of them is written
 * into the graph file (docs/architecture.md, "Saves write only the changed pages"). Little-endian:
 *
 *   0   8   magic "CKGJRNL1"
 *   8   4   format version (1)
 *   12  4   block size
 *   16  8   base length: the graph file's length before the save
 *   24  8   new length
 *   32  8   base device, 40 8 base inode: the graph file the journal belongs to
 *   48  4   block count n
 *   52  100 the base file's first 100 bytes (SQLite's header, with its change counter)
 *   152     n records: 4 block index, 4 byte count, the bytes
 *   end 32  SHA-256 of everything before it
 */
export const JOURNAL_MAGIC = 'CKGJRNL1';
const JOURNAL_VERSION = 1;
const HEADER_BYTES = 152;
const CHECKSUM_BYTES = 32;
/** The SQLite header at the start of block 0: it changes with every commit. */
export const FILE_HEADER_BYTES = 100;

/** The path of the journal of the graph file `realGraph` (symlinks already resolved). */
export function journalPathOf(realGraph: string): string {
  return `${realGraph}.journal`;
}

/** Which graph file, in which state, a journal was written against. */
export interface JournalBase {
  readonly length: number;
  readonly dev: bigint;
  readonly ino: bigint;
  /** The first FILE_HEADER_BYTES bytes of the base file. */
  readonly header: Uint8Array;
}

/** One changed block and its new bytes (a whole block, or the file's last part). */
export interface JournalBlock {
  readonly index: number;
  readonly bytes: Uint8Array;
}

/** A decoded, checksummed journal. */
export interface GraphJournal {
  readonly blockSize: number;
  readonly base: JournalBase;
  readonly newLength: number;
  /** Ascending by index; block 0 is always among them. */
  readonly blocks: readonly JournalBlock[];
}

/** Encodes a journal; block 0 must be among the blocks (it identifies the new version). */
export function encodeJournal(journal: GraphJournal): Buffer {
  if (journal.blocks[0]?.index !== 0) throw new Error('store/sqljs: a graph journal must hold block 0');
  const payload = journal.blocks.reduce((sum, block) => sum + 8 + block.bytes.length, 0);
  const out = Buffer.alloc(HEADER_BYTES + payload + CHECKSUM_BYTES);
  out.write(JOURNAL_MAGIC, 0, 'latin1');
  out.writeUInt32LE(JOURNAL_VERSION, 8);
  out.writeUInt32LE(journal.blockSize, 12);
  out.writeBigUInt64LE(BigInt(journal.base.length), 16);
  out.writeBigUInt64LE(BigInt(journal.newLength), 24);
  out.writeBigUInt64LE(journal.base.dev, 32);
  out.writeBigUInt64LE(journal.base.ino, 40);
  out.writeUInt32LE(journal.blocks.length, 48);
  out.set(journal.base.header.subarray(0, FILE_HEADER_BYTES), 52);
  let at = HEADER_BYTES;
  for (const block of journal.blocks) {
    out.writeUInt32LE(block.index, at);
    out.writeUInt32LE(block.bytes.length, at + 4);
    out.set(block.bytes, at + 8);
    at += 8 + block.bytes.length;
  }
  createHash('sha256').update(out.subarray(0, at)).digest().copy(out, at);
  return out;
}

/**
 * Decodes a journal, or says why it is not a whole one: a journal torn by a killed
 * writer fails its checksum, and a file that is not a journal fails its magic.
 */
export function decodeJournal(bytes: Uint8Array): GraphJournal | { readonly invalid: string } {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.length < HEADER_BYTES + CHECKSUM_BYTES || buffer.toString('latin1', 0, 8) !== JOURNAL_MAGIC) {
    return { invalid: 'not a graph journal (no CKGJRNL1 header)' };
  }
  const end = buffer.length - CHECKSUM_BYTES;
  if (!createHash('sha256').update(buffer.subarray(0, end)).digest().equals(buffer.subarray(end))) {
    return { invalid: 'incomplete or damaged (checksum mismatch)' };
  }
  if (buffer.readUInt32LE(8) !== JOURNAL_VERSION) return { invalid: `format version ${buffer.readUInt32LE(8)}, this build reads ${JOURNAL_VERSION}` };
  const blockSize = buffer.readUInt32LE(12);
  const count = buffer.readUInt32LE(48);
  const blocks: JournalBlock[] = [];
  let at = HEADER_BYTES;
  for (let i = 0; i < count; i++) {
    if (at + 8 > end) return { invalid: 'block records run past the end' };
    const index = buffer.readUInt32LE(at);
    const length = buffer.readUInt32LE(at + 4);
    if (length > blockSize || at + 8 + length > end || (i > 0 && index <= blocks[i - 1].index)) return { invalid: `block record ${i} is malformed` };
    blocks.push({ index, bytes: buffer.subarray(at + 8, at + 8 + length) });
    at += 8 + length;
  }
  if (at !== end || blocks[0]?.index !== 0 || blocks[0].bytes.length < FILE_HEADER_BYTES) return { invalid: 'block records are malformed' };
  return {
    blockSize,
    newLength: Number(buffer.readBigUInt64LE(24)),
    base: {
      length: Number(buffer.readBigUInt64LE(16)),
      dev: buffer.readBigUInt64LE(32),
      ino: buffer.readBigUInt64LE(40),
      header: buffer.subarray(52, 52 + FILE_HEADER_BYTES),
    },
    blocks,
  };
}

/**
 * Whether `journal` was written against this graph file (same device and inode) in the
 * state its first bytes show: the base (the save had not reached block 0, written last)
 * or the journal's own new version. Anything else (a file replaced or restored since) is
 * not the journal's to change.
 */
export function journalBelongs(journal: GraphJournal, file: { dev: bigint; ino: bigint; header: Uint8Array }): boolean {
  if (file.dev !== journal.base.dev || file.ino !== journal.base.ino) return false;
  const header = file.header.subarray(0, FILE_HEADER_BYTES);
  return sameBytes(header, journal.base.header) || sameBytes(header, journal.blocks[0].bytes.subarray(0, FILE_HEADER_BYTES));
}

/** The graph file's bytes with the journal applied: `bytes` itself when it is long enough. */
export function applyJournal(bytes: Uint8Array, journal: GraphJournal): Uint8Array {
  let out = bytes;
  if (bytes.length < journal.newLength) {
    out = new Uint8Array(journal.newLength);
    out.set(bytes.subarray(0, Math.min(bytes.length, journal.newLength)));
  }
  for (const block of journal.blocks) out.set(block.bytes, block.index * journal.blockSize);
  return out.subarray(0, journal.newLength);
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(b);
}
