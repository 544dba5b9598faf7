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

/** What a save does, chosen while no transaction is open (plan()). */
export type SavePlan =
  | { readonly kind: 'nothing' }
  /** The changed blocks, already copied: they may be written while transactions go on. */
  | { readonly kind: 'pages'; write(): Promise<void> }
  /** The whole file, read from sql.js's in-memory file as it is: no transaction may run meanwhile. */
  | { readonly kind: 'whole'; write(): Promise<void> };

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

  /**
   * Chooses the save for the database as it is now; `shownVersion` is the file's version
   * the store was read from or last saved. Call it while no transaction is open: a
   * page-level plan copies the changed blocks at once and counts later changes toward the
   * next save.
   */
  plan(shownVersion: string | undefined): SavePlan {
    const real = realGraphPath(this.location);
    if (isReadOnlyFile(real)) throw readOnlyError(this.location, real);
    const blocks = this.blocks;
    const contents = blocks?.contents();
    if (!blocks || !contents) {
      return {
        kind: 'whole',
        write: async () => {
          await writeFileAtomic(this.location, this.database.export());
          await removeJournal(real);
        },
      };
    }
    const length = contents.length;
    const changedCount = blocks.changedCount(length);
    const journalPending = fs.existsSync(journalPathOf(real));
    const onBase = this.baseOnDisk && shownVersion !== undefined && !journalPending && fileSignature(this.location) === shownVersion;
    if (onBase && changedCount === 0) return { kind: 'nothing' };
    if (onBase && changedCount <= PAGE_SAVE_DEFAULTS.maxChangedShare * Math.ceil(length / BLOCK_SIZE)) {
      const changed = blocks.changed(length);
      const indexes = changed[0] === 0 ? changed : [0, ...changed];
      const copies = indexes.map((index) => ({ index, bytes: contents.slice(index * BLOCK_SIZE, Math.min(length, (index + 1) * BLOCK_SIZE)) }));
      blocks.saved(length);
      return {
        kind: 'pages',
        write: async () => {
          try {
            await saveChangedPages(real, length, copies);
          } catch (error) {
            // The file may be half-written (its journal then pending): the next save is whole.
            this.baseOnDisk = false;
            throw error;
          }
        },
      };
    }
    return {
      kind: 'whole',
      write: async () => {
        const now = blocks.contents() ?? contents;
        await writeFileAtomic(this.location, now);
        await removeJournal(real);
        blocks.saved(now.length);
        this.baseOnDisk = true;
      },
    };
  }
}

async function removeJournal(real: string): Promise<void> {
  await fs.promises.rm(journalPathOf(real), { force: true });
}
