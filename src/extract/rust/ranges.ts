/**
 * Properly nested source ranges (bodies, functions, items), looked up by position.
 * Walking `parent` in web-tree-sitter costs a search from the root each step, which
 * makes per-node walks quadratic on big files; a sorted index answers "what encloses
 * this offset" in a binary search instead.
 */
export interface SourceRange<T> {
  readonly start: number;
  readonly end: number;
  readonly value: T;
}

export class RangeIndex<T> {
  private readonly ranges: SourceRange<T>[];
  /** Index of the innermost range enclosing each range, -1 at the top. */
  private readonly parents: number[];

  constructor(ranges: Iterable<SourceRange<T>>) {
    this.ranges = [...ranges].sort((a, b) => a.start - b.start || b.end - a.end);
    this.parents = [];
    const open: number[] = [];
    this.ranges.forEach((range, index) => {
      while (open.length > 0 && this.ranges[open[open.length - 1]!]!.end <= range.start) open.pop();
      this.parents.push(open.length > 0 ? open[open.length - 1]! : -1);
      open.push(index);
    });
  }

  /** The innermost range strictly around `offset` (start < offset < end), as an index; -1 for none. */
  innermost(offset: number): number {
    let low = 0;
    let high = this.ranges.length - 1;
    let last = -1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (this.ranges[middle]!.start < offset) {
        last = middle;
        low = middle + 1;
      } else {
        high = middle - 1;
      }
    }
    let index = last;
    while (index >= 0 && this.ranges[index]!.end <= offset) index = this.parents[index]!;
    return index;
  }

  valueAt(offset: number): T | undefined {
    const index = this.innermost(offset);
    return index < 0 ? undefined : this.ranges[index]!.value;
  }

  value(index: number): T {
    return this.ranges[index]!.value;
  }

  parent(index: number): number {
    return this.parents[index]!;
  }
}
