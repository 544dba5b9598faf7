/**
 * Nested source spans (namespaces, types, members) found by position rather than by
 * walking up the tree from every call: sorted once, then a binary search and a short
 * climb through the enclosing spans.
 */
export interface Span {
  readonly start: number;
  readonly end: number;
  parent?: Span;
}

export class SpanIndex<T extends Span> {
  private readonly sorted: T[];

  /** Spans must nest (syntax nodes do); each gets its innermost enclosing span as parent. */
  constructor(spans: T[]) {
    this.sorted = spans.sort((a, b) => a.start - b.start || b.end - a.end);
    const open: T[] = [];
    for (const span of this.sorted) {
      while (open.length > 0 && open[open.length - 1]!.end <= span.start) open.pop();
      span.parent = open[open.length - 1];
      open.push(span);
    }
  }

  get all(): readonly T[] {
    return this.sorted;
  }

  /** The innermost span containing `position`, or undefined outside all of them. */
  at(position: number): T | undefined {
    let low = 0;
    let high = this.sorted.length - 1;
    let found = -1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (this.sorted[middle]!.start <= position) {
        found = middle;
        low = middle + 1;
      } else {
        high = middle - 1;
      }
    }
    for (let span: Span | undefined = this.sorted[found]; span; span = span.parent) {
      if (span.start <= position && position < span.end) return span as T;
    }
    return undefined;
  }
}
