/** The unit a page-level save writes: 4 KiB, SQLite's default page size and the OS page. */
export const BLOCK_SIZE = 4096;

/** The members of a MEMFS file node we read, under their minified names. */
export interface MemfsNodeKeys {
  readonly contentsKey: string;
  readonly usedKey: string;
}

/**
 * Which 4 KiB blocks of one in-memory database file changed since the last save, told by
 * the patched MEMFS write and resize (sqlJsPatch.ts). A block is marked when any byte of
 * it is written; a file shortened and grown again marks everything from the shortest
 * length on, since the bytes in between became zeros without a write.
 */
export class ChangedBlocks {
  private bits = new Uint8Array(0);
  private marked = 0;
  /** The file's length at the last save (or when it was read). */
  private savedLength = 0;
  /** The shortest the file was since the last save: blocks from here on are all changed. */
  private shortest = Number.POSITIVE_INFINITY;
  private node: Record<string, unknown> | undefined;

  constructor(private readonly keys: MemfsNodeKeys) {}

  /** Called by the hook before a write of `length` bytes at `position` changes the file. */
  written(node: Record<string, unknown>, position: number, length: number, replacesAll: boolean): void {
    this.node = node;
    const used = node[this.keys.usedKey] as number;
    if (replacesAll) this.shortest = 0;
    else if (position > used) this.shortest = Math.min(this.shortest, used);
    const first = Math.floor(position / BLOCK_SIZE);
    const last = Math.floor((position + length - 1) / BLOCK_SIZE);
    for (let block = first; block <= last; block++) this.mark(block);
  }

  /** Called by the hook before setattr gives the file `length` bytes. */
  resized(node: Record<string, unknown>, length: number): void {
    this.node = node;
    this.shortest = Math.min(this.shortest, length, node[this.keys.usedKey] as number);
  }

  /** The file's bytes now (a view into MEMFS, valid until the next write), or undefined before any write. */
  contents(): Uint8Array | undefined {
    if (!this.node) return undefined;
    const bytes = this.node[this.keys.contentsKey] as Uint8Array;
    return bytes.subarray(0, this.node[this.keys.usedKey] as number);
  }

  /** The blocks to write for the file to go from its saved length to `length` bytes, ascending. */
  changed(length: number): number[] {
    const blocks: number[] = [];
    const blockCount = Math.ceil(length / BLOCK_SIZE);
    // Bytes past the saved length, or past the shortest length, changed without a mark.
    const fromAll = Math.floor(Math.min(this.savedLength, this.shortest) / BLOCK_SIZE);
    for (let block = 0; block < blockCount; block++) {
      if (block >= fromAll || this.isMarked(block)) blocks.push(block);
    }
    return blocks;
  }

  /** How many blocks changed (an upper bound is enough to choose the kind of save). */
  changedCount(length: number): number {
    const blockCount = Math.ceil(length / BLOCK_SIZE);
    const fromAll = Math.floor(Math.min(this.savedLength, this.shortest) / BLOCK_SIZE);
    return this.marked + Math.max(0, blockCount - fromAll);
  }

  /** The file now matches what is on disk, `length` bytes long. */
  saved(length: number): void {
    this.bits = new Uint8Array(0);
    this.marked = 0;
    this.savedLength = length;
    this.shortest = Number.POSITIVE_INFINITY;
  }

  private mark(block: number): void {
    const byte = block >>> 3;
    if (byte >= this.bits.length) {
      const grown = new Uint8Array(Math.max(byte + 1, this.bits.length * 2, 64));
      grown.set(this.bits);
      this.bits = grown;
    }
    const bit = 1 << (block & 7);
    if ((this.bits[byte] & bit) === 0) {
      this.bits[byte] |= bit;
      this.marked++;
    }
  }

  private isMarked(block: number): boolean {
    const byte = block >>> 3;
    return byte < this.bits.length && (this.bits[byte] & (1 << (block & 7))) !== 0;
  }
}
