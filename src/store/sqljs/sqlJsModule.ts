import * as fs from 'node:fs';
import * as path from 'node:path';
import { createRequire } from 'node:module';
import * as vm from 'node:vm';
import type initSqlJs from 'sql.js';
import type { SqlJsStatic } from 'sql.js';
import { Assets } from '../../assets';
import { ChangedBlocks, type MemfsNodeKeys } from './changedBlocks';
import { grown } from './growableBytes';
import { MEMFS_HOOK, SqlJsPatchError, patchSqlJsSource } from './sqlJsPatch';

/** The in-memory files of sql.js databases, and which of their blocks changed. */
export class MemfsFiles {
  private readonly files = new Map<string, ChangedBlocks>();
  private readonly handedOver = new WeakSet<object>();

  constructor(private readonly keys: MemfsNodeKeys) {}

  /** The hook the patched script calls (see sqlJsPatch.ts). */
  readonly hook = {
    written: (node: Record<string, unknown>, position: number, length: number, canOwn: unknown): void => {
      this.of(node)?.written(node, position, length, Boolean(canOwn));
    },
    resized: (node: Record<string, unknown>, length: number): void => {
      this.of(node)?.resized(node, length);
    },
    /** Whether a new database's file may take `bytes` as they are (see handOver). */
    owns: (bytes: object): boolean => this.handedOver.delete(bytes),
    grown,
  };

  /**
   * Lets the next database opened from `bytes` keep them as its file instead of copying
   * them. The caller must not use them afterwards; bytes that are a view into a larger
   * buffer (Node's pool) are never handed over, since the file would write into its neighbours.
   */
  handOver(bytes: Uint8Array): Uint8Array {
    if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) this.handedOver.add(bytes);
    return bytes;
  }

  /**
   * The changed blocks of the database file `name` (a sql.js Database's `filename`),
   * kept from its creation on; release() forgets them when the database closes.
   */
  claim(name: string): ChangedBlocks {
    let blocks = this.files.get(name);
    if (!blocks) {
      blocks = new ChangedBlocks(this.keys);
      this.files.set(name, blocks);
    }
    return blocks;
  }

  release(name: string): void {
    this.files.delete(name);
  }

  private of(node: Record<string, unknown>): ChangedBlocks | undefined {
    const name = node.name;
    // Only a database's own file: not its journal, nor the copy export() writes.
    if (typeof name !== 'string' || !/^dbfile_\d+$/.test(name)) return undefined;
    return this.claim(name);
  }
}

/** sql.js, and what a save can learn from its in-memory files (undefined: whole-file saves only). */
export interface LoadedSqlJs {
  readonly SQL: SqlJsStatic;
  readonly memfs: MemfsFiles | undefined;
}

let loaded: Promise<LoadedSqlJs> | undefined;

/**
 * Loads sql.js once per process: its script is read as text, patched (sqlJsPatch.ts) and
 * evaluated here, the same way from sources (tests) and from the bundle (which ships the
 * script as dist/sql-wasm.js). When the script does not match the patches (another
 * sql.js version), it runs unpatched, saves write the whole file, and one warning says so.
 */
export function loadSqlJs(): Promise<LoadedSqlJs> {
  loaded ??= evaluate();
  return loaded;
}

async function evaluate(): Promise<LoadedSqlJs> {
  const script = Assets.sqlJsScript();
  const source = fs.readFileSync(script, 'utf8');
  let patched: { source: string; memfs: MemfsFiles | undefined };
  try {
    const result = patchSqlJsSource(source, script);
    patched = { source: result.source, memfs: new MemfsFiles(result) };
  } catch (error) {
    if (!(error instanceof SqlJsPatchError)) throw error;
    process.stderr.write(`warning: ${error.message}; graph saves write the whole file\n`);
    patched = { source, memfs: undefined };
  }
  const hook = patched.memfs?.hook ?? { written: () => undefined, resized: () => undefined, owns: () => false };
  const run = vm.compileFunction(patched.source, ['exports', 'require', 'module', '__filename', '__dirname', MEMFS_HOOK], { filename: script });
  const module = { exports: {} as Record<string, unknown> };
  run(module.exports, createRequire(script), module, script, path.dirname(script), hook);
  const init = module.exports as unknown as typeof initSqlJs;
  const SQL = await init({ locateFile: () => Assets.sqlJsWasm() });
  return { SQL, memfs: patched.memfs };
}
