/**
 * A cache of recent entries, bounded, with O(1) operations: two generations of at most
 * capacity/2 entries each. When the young one is full it becomes the old one, and the
 * previous old one is dropped whole, so an entry lives for between capacity/2 and
 * capacity insertions. A Map used as a FIFO (`delete(keys().next().value)`) is not O(1)
 * in V8: deleted slots stay at the front of its table until it is rebuilt, and every
 * `keys().next()` steps over all of them; under sustained ingest that was most of the
 * mapping time. Values may not be undefined (that means "absent"); cache a miss as null.
 */
export class BoundedMap<K, V extends NonNullable<unknown> | null> {
  private young = new Map<K, V>();
  private old = new Map<K, V>();
  private readonly half: number;

  constructor(capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 2) throw new Error(`runtime/boundedMap: capacity must be an integer >= 2, got ${capacity}`);
    this.half = Math.floor(capacity / 2);
  }

  get(key: K): V | undefined {
    const value = this.young.get(key);
    return value === undefined ? this.old.get(key) : value;
  }

  set(key: K, value: V): void {
    if (this.young.size >= this.half) {
      this.old = this.young;
      this.young = new Map();
    }
    this.young.set(key, value);
  }

  /** Entries held; a key set again after its generation aged counts twice until the old one goes. */
  get size(): number {
    return this.young.size + this.old.size;
  }

  clear(): void {
    this.young = new Map();
    this.old = new Map();
  }
}
