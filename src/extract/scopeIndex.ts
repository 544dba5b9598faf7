/**
 * Properly nested source spans (functions, classes, bodies, namespaces) looked up by
 * offset. Walking `parent` in web-tree-sitter costs a search from the root each step,
 * which makes per-node walks quadratic on big files; this index is sorted once, and
 * answers "what encloses this offset" with a binary search and a short climb through
 * the enclosing spans. Every tree-sitter extractor finds its innermost scope here.
 */

/** A half-open range of source offsets: start <= offset < end. */
export interface SourceSpan {
  readonly start: number;
  readonly end: number;
}

/** A span carrying plain data, for indexes over values rather than scope objects. */
export interface SourceRange<T> extends SourceSpan {
  readonly value: T;
}

/** Outer spans first: by start, and at one start the longer span first. */
function outerFirst(a: SourceSpan, b: SourceSpan): number {
  return a.start - b.start || b.end - a.end;
}

/** For each span in outer-first order, the index of the innermost span around it; -1 at the top. */
function parentIndexes(sorted: readonly SourceSpan[]): number[] {
  const parents: number[] = [];
  const open: number[] = [];
  sorted.forEach((span, index) => {
    while (open.length > 0 && sorted[open[open.length - 1]!]!.end <= span.start) open.pop();
    parents.push(open.length > 0 ? open[open.length - 1]! : -1);
    open.push(index);
  });
  return parents;
}

export class ScopeIndex<T extends SourceSpan> {
  private readonly sorted: readonly T[];
  private readonly parents: readonly number[];

  /** Spans must nest (syntax nodes do); equal spans keep their given order, the first outermost. */
  constructor(spans: Iterable<T>) {
    this.sorted = [...spans].sort(outerFirst);
    this.parents = parentIndexes(this.sorted);
  }

  /**
   * Builds one scope per span, outer spans first, so each is made knowing the scope
   * around it (undefined at the top), and indexes the scopes. A built scope must cover
   * the same range as its span.
   */
  static nest<S extends SourceSpan, T extends SourceSpan>(spans: Iterable<S>, build: (span: S, parent: T | undefined) => T): ScopeIndex<T> {
    const sorted = [...spans].sort(outerFirst);
    const parents = parentIndexes(sorted);
    const scopes: T[] = [];
    sorted.forEach((span, index) => {
      const parent = parents[index]!;
      scopes.push(build(span, parent < 0 ? undefined : scopes[parent]));
    });
    return new ScopeIndex(scopes);
  }

  /** Every span, outer spans first in source order. */
  get all(): readonly T[] {
    return this.sorted;
  }

  /** The span at an index of `all`. */
  get(index: number): T {
    return this.sorted[index]!;
  }

  /** The index of the innermost span around the one at `index`; -1 at the top. */
  parentIndex(index: number): number {
    return this.parents[index]!;
  }

  /** The innermost span around the one at `index`, or undefined at the top. */
  parentOf(index: number): T | undefined {
    const parent = this.parents[index]!;
    return parent < 0 ? undefined : this.sorted[parent];
  }

  /** The index of the innermost span holding `offset` (start <= offset < end); -1 for none. */
  indexAt(offset: number): number {
    return this.climbOut(this.lastStartingBy(offset), offset);
  }

  /**
   * The index of the innermost span strictly around `offset` (start < offset < end); -1
   * for none. A node's own span is then not counted as enclosing its start.
   */
  indexAround(offset: number): number {
    return this.climbOut(this.lastStartingBy(offset - 1), offset);
  }

  /** The innermost span holding `offset` (start <= offset < end), or undefined outside all. */
  at(offset: number): T | undefined {
    const index = this.indexAt(offset);
    return index < 0 ? undefined : this.sorted[index];
  }

  /** The innermost span strictly around `offset` (start < offset < end), or undefined. */
  around(offset: number): T | undefined {
    const index = this.indexAround(offset);
    return index < 0 ? undefined : this.sorted[index];
  }

  /** The last span (in `all`) starting at or before `offset`; -1 for none. */
  private lastStartingBy(offset: number): number {
    let low = 0;
    let high = this.sorted.length - 1;
    let found = -1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (this.sorted[middle]!.start <= offset) {
        found = middle;
        low = middle + 1;
      } else {
        high = middle - 1;
      }
    }
    return found;
  }

  /** From a span starting by `offset`, out to the first that has not ended by it. */
  private climbOut(index: number, offset: number): number {
    let current = index;
    while (current >= 0 && this.sorted[current]!.end <= offset) current = this.parents[current]!;
    return current;
  }
}
