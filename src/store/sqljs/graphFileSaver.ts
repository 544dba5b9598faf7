import * as fs from 'node:fs';
import { readOnlyError, writeFileAtomic } from './atomicWrite';
import { BLOCK_SIZE, type ChangedBlocks } from './changedBlocks';
import type { SqlJsDatabase } from './database';
import { fileSignature } from './fileSignature';
import { journalPathOf } from './graphJournal';
import { isReadOnlyFile, realGraphPath } from './graphPath';
import { saveChangedPages } from './pageSave';

/** A page-level save is chosen while at most this share of the file's blocks changed. */
export const PAGE_SAVE_DEFAULTS = { maxChangedShare: 0.5 } as const;

/**
 * Writes an in-memory database back to its graph file, choosing how:
 * - only the changed blocks, through a journal (pageSave.ts), when the file on disk is
 *   still the version this store read or last saved, no journal is pending, and at most
 *   half of the blocks changed;
 * - otherwise the whole file, atomically (temp file and rename), straight from sql.js's
 *   in-memory file, without export()'s copy of the database; a journal left for the old
 *   file is removed once the new one is in place.
 * Without the patched sql.js (`blocks` undefined) every save is whole, through export().
 */
export class GraphFileSaver {
  constructor(
    private readonly location: string,
    private readonly database: SqlJsDatabase,
    private readonly blocks: ChangedBlocks | undefined,
    /** Whether the in-memory database started as the bytes of the file on disk. */
    private baseOnDisk: boolean,
    /** Forgets the database's changed blocks once it is closed. */
    private readonly release: () => void = () => undefined,
  ) {}

  close(): void {
    this.release();
  }

  /** Saves; `shownVersion` is the file's version the store was read from or last saved. */
  async save(shownVersion: string | undefined): Promise<void> {
    const real = realGraphPath(this.location);
    if (isReadOnlyFile(real)) throw readOnlyError(this.location, real);
    const contents = this.blocks?.contents();
    if (!this.blocks || !contents) {
      await writeFileAtomic(this.location, this.database.export());
      await removeJournal(real);
      return;
    }
    const length = contents.length;
    const changedCount = this.blocks.changedCount(length);
    const journalPending = fs.existsSync(journalPathOf(real));
    const onBase = this.baseOnDisk && shownVersion !== undefined && !journalPending && fileSignature(this.location) === shownVersion;
    if (onBase && changedCount === 0) return;
    if (onBase && changedCount <= PAGE_SAVE_DEFAULTS.maxChangedShare * Math.ceil(length / BLOCK_SIZE)) {
      await saveChangedPages(real, contents, this.blocks.changed(length));
    } else {
      await writeFileAtomic(this.location, contents);
      await removeJournal(real);
    }
    this.blocks.saved(length);
    this.baseOnDisk = true;
  }
}

async function removeJournal(real: string): Promise<void> {
  await fs.promises.rm(journalPathOf(real), { force: true });
}
