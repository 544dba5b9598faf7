import type { Position } from '../facts';

/** Offsets to 1-based lines and 0-based columns, by binary search over line starts. */
export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(source: string) {
    for (let at = source.indexOf('\n'); at >= 0; at = source.indexOf('\n', at + 1)) this.starts.push(at + 1);
  }

  positionOf(offset: number): Position {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.starts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, col: offset - this.starts[low]! };
  }

  lineOf(offset: number): number {
    return this.positionOf(offset).line;
  }
}
