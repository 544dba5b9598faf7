/**
 * Byte arrays that grow in place: the backing store of sql.js's in-memory database file.
 *
 * MEMFS grows a file by allocating a larger array and copying the old one into it, so while
 * it grows the process holds the file twice (a 104 MB graph: a 64 MiB array being copied
 * into a 128 MiB one at the end of a cold index, the run's peak RSS). A resizable
 * ArrayBuffer reserves address space up front and commits pages only as they are written,
 * so growing is a resize: no copy, and capacity not yet written costs no memory.
 */

/** The most a resizable ArrayBuffer may reserve here (V8 in Node 20 refuses more than 4 GiB). */
const MAX_RESERVED_BYTES = 2 ** 32;

interface ResizableArrayBuffer extends ArrayBuffer {
  readonly resizable: boolean;
  readonly maxByteLength: number;
  resize(byteLength: number): void;
}

type ResizableArrayBufferConstructor = new (byteLength: number, options: { maxByteLength: number }) => ResizableArrayBuffer;

/**
 * A zeroed array of `length` bytes that `grown` can enlarge in place; a plain array where
 * this Node cannot reserve (no resizable ArrayBuffer, or no address space left).
 */
export function growableBytes(length: number): Uint8Array {
  try {
    return new Uint8Array(new (ArrayBuffer as unknown as ResizableArrayBufferConstructor)(length, { maxByteLength: Math.max(length, MAX_RESERVED_BYTES) }));
  } catch {
    return new Uint8Array(length);
  }
}

/**
 * MEMFS's growth of a file's contents to hold `capacity` bytes, of which the first `used`
 * are the file: in place when `contents` starts a resizable buffer with room, else copied
 * once into a growable array (later growth is then in place).
 */
export function grown(contents: Uint8Array, used: number, capacity: number): Uint8Array {
  const buffer = contents.buffer as ResizableArrayBuffer;
  if (buffer.resizable === true && contents.byteOffset === 0 && capacity <= buffer.maxByteLength) {
    if (capacity > buffer.byteLength) buffer.resize(capacity);
    return new Uint8Array(buffer, 0, capacity);
  }
  const next = growableBytes(capacity);
  next.set(contents.subarray(0, used));
  return next;
}
