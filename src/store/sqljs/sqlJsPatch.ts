/**
 * The text patches applied to sql.js's script (dist/sql-wasm.js) before it is evaluated:
 * plain string work with no imports, so that scripts/build.mjs can run the same check
 * and stop the build when an upgraded sql.js no longer matches.
 *
 * sql.js keeps the database in an Emscripten in-memory file (MEMFS). Its stream `write`
 * is the only writer of the file's bytes, so these changes are made there:
 * - growth: past 1 MiB the file grew by 12.5% a step, copied whole each time (a 90 MB
 *   graph was copied some 40 times while written, issue 19); it grows by doubling,
 *   capped at 256 MiB a step, and in place (`__ckgMemfs.grown`, growableBytes.ts): the
 *   copy held the file twice while it grew;
 * - a hook: every write (and every resize through setattr) is reported to
 *   `__ckgMemfs`, which learns which blocks of the database file changed since the last
 *   save (changedBlocks.ts) so that a save writes only those;
 * - hand-over: a database opened from bytes copies them into its file; bytes that
 *   `__ckgMemfs.owns` accepts (the store's own read of the graph file) become the file
 *   instead (MEMFS's canOwn), so a 100 MB graph is not held twice while it opens.
 */

/** The growth rule of sql.js 1.16's MEMFS write, and the rule that replaces it. */
export const SQLJS_MEMFS_GROWTH = 'm*(m<1048576?2:1.125)>>>0';
const DOUBLING_GROWTH = 'Math.min(m*2,m+268435456)>>>0';

/**
 * MEMFS's `write(stream, buffer, offset, length, position, canOwn)` as minified in sql.js
 * 1.16: it takes the node from the stream, and in its canOwn branch names the node's
 * contents array and its used-byte count (the minified names differ between builds).
 */
const MEMFS_WRITE = /write\((\w+),(\w+),(\w+),(\w+),(\w+),(\w+)\)\{\2\.buffer===\w+\.buffer&&\(\6=!1\);if\(!\4\)return 0;\1=\1\.node;\1\.mtime=\1\.ctime=Date\.now\(\);if\(\6\)\1\.(\w+)=\2\.subarray\(\3,\3\+\4\),\1\.(\w+)=\4;/g;

/** The size branch of MEMFS's node setattr: `b.size!==void 0&&(b=b.size,a.Wa!=b&&(`. */
function memfsResize(used: string): RegExp {
  return new RegExp(`(\\w+)\\.size!==void 0&&\\(\\1=\\1\\.size,(\\w+)\\.${used}!=\\1&&\\(`, 'g');
}

/**
 * FS.write(stream, buffer, offset, length, position), which calls the stream's write with
 * canOwn always undefined: it gains a sixth parameter passed on as canOwn.
 */
const FS_WRITE = /function (\w+)\((\w+),(\w+),(\w+),(\w+),(\w+)\)\{[^{}]*?\3=\2\.\w+\.write\(\2,\3,\4,\5,\6,void 0\)/g;

/** The name of the object the patched script reports MEMFS writes to. */
export const MEMFS_HOOK = '__ckgMemfs';

/** The patched script and the minified member names of a MEMFS file node. */
export interface PatchedSqlJs {
  readonly source: string;
  /** The node's contents array (a Uint8Array, possibly longer than the file). */
  readonly contentsKey: string;
  /** The node's used-byte count: the file's length. */
  readonly usedKey: string;
}

/** sql.js's script did not have the shape the patches expect (another sql.js version). */
export class SqlJsPatchError extends Error {}

/**
 * Applies the growth patch and the write and resize hooks to sql.js's script text. Each
 * pattern must occur exactly once; otherwise throws SqlJsPatchError naming the pattern.
 */
export function patchSqlJsSource(source: string, where = 'sql.js/dist/sql-wasm.js'): PatchedSqlJs {
  const growthAt = source.indexOf(SQLJS_MEMFS_GROWTH);
  if (growthAt < 0 || source.indexOf(SQLJS_MEMFS_GROWTH, growthAt + 1) >= 0) {
    throw new SqlJsPatchError(`${where} does not hold MEMFS's growth rule ${SQLJS_MEMFS_GROWTH} exactly once (another sql.js version?); review src/store/sqljs/sqlJsPatch.ts`);
  }
  const writes = [...source.matchAll(MEMFS_WRITE)];
  if (writes.length !== 1) {
    throw new SqlJsPatchError(`${where} holds MEMFS's write function ${writes.length} times, expected once (another sql.js version?); review src/store/sqljs/sqlJsPatch.ts`);
  }
  const write = writes[0];
  const [text, stream, , , length, position, canOwn, contentsKey, usedKey] = write;
  const nodeTaken = `${stream}=${stream}.node;`;
  const hookAt = write.index + text.indexOf(nodeTaken) + nodeTaken.length;
  const resizes = [...source.matchAll(memfsResize(usedKey))];
  if (resizes.length !== 1) {
    throw new SqlJsPatchError(`${where} holds MEMFS's setattr size branch ${resizes.length} times, expected once (another sql.js version?); review src/store/sqljs/sqlJsPatch.ts`);
  }
  const fsWrites = [...source.matchAll(FS_WRITE)];
  if (fsWrites.length !== 1) {
    throw new SqlJsPatchError(`${where} holds FS.write ${fsWrites.length} times, expected once (another sql.js version?); review src/store/sqljs/sqlJsPatch.ts`);
  }
  const fsWrite = fsWrites[0];
  const [fsWriteText, fsWriteName] = fsWrite;
  const paramsEnd = fsWrite.index + fsWriteText.indexOf(')');
  const voidCanOwn = fsWrite.index + fsWriteText.lastIndexOf('void 0');
  // createDataFile (the Database constructor's copy of its bytes): FS.write(s, d, 0, d.length, 0).
  const dataWrite = new RegExp(`${fsWriteName}\\((\\w+),(\\w+),0,\\2\\.length,0\\)`, 'g');
  const dataWrites = [...source.matchAll(dataWrite)];
  if (dataWrites.length !== 1) {
    throw new SqlJsPatchError(`${where} writes a data file's bytes ${dataWrites.length} times, expected once (another sql.js version?); review src/store/sqljs/sqlJsPatch.ts`);
  }
  const [dataWriteText, , data] = dataWrites[0];
  const dataWriteEnd = dataWrites[0].index + dataWriteText.length - 1;
  // The copy MEMFS grows a file with: `m=a.Ua.subarray(0,a.Wa),a.Ua=new Uint8Array(g),a.Ua.set(m)`.
  const growthCopy = new RegExp(`(\\w+)=(\\w+)\\.${contentsKey}\\.subarray\\(0,\\2\\.${usedKey}\\),\\2\\.${contentsKey}=new Uint8Array\\((\\w+)\\),\\2\\.${contentsKey}\\.set\\(\\1\\)`, 'g');
  const growthCopies = [...source.matchAll(growthCopy)];
  if (growthCopies.length !== 1) {
    throw new SqlJsPatchError(`${where} holds MEMFS's growth copy ${growthCopies.length} times, expected once (another sql.js version?); review src/store/sqljs/sqlJsPatch.ts`);
  }
  const [growthCopyText, , grownNode, capacity] = growthCopies[0];
  const resize = resizes[0];
  const [resizeText, attr, node] = resize;
  const resizeHookAt = resize.index + resizeText.length;
  // Applied from the end backwards, so earlier offsets stay valid.
  const edits = [
    { at: growthAt, remove: SQLJS_MEMFS_GROWTH.length, insert: DOUBLING_GROWTH },
    { at: hookAt, remove: 0, insert: `${MEMFS_HOOK}.written(${stream},${position},${length},${canOwn});` },
    { at: resizeHookAt, remove: 0, insert: `${MEMFS_HOOK}.resized(${node},${attr}),` },
    { at: paramsEnd, remove: 0, insert: ',__ckgCanOwn' },
    { at: voidCanOwn, remove: 'void 0'.length, insert: '__ckgCanOwn' },
    { at: dataWriteEnd, remove: 0, insert: `,${MEMFS_HOOK}.owns(${data})` },
    {
      at: growthCopies[0].index, remove: growthCopyText.length,
      insert: `${grownNode}.${contentsKey}=${MEMFS_HOOK}.grown(${grownNode}.${contentsKey},${grownNode}.${usedKey},${capacity})`,
    },
  ].sort((a, b) => b.at - a.at);
  let patched = source;
  for (const edit of edits) patched = patched.slice(0, edit.at) + edit.insert + patched.slice(edit.at + edit.remove);
  return { source: patched, contentsKey, usedKey };
}
