/**
 * The edit distance between two strings (insert, delete, replace, or swap two neighbours:
 * optimal string alignment), or undefined when it is above `bound`. Rows stop as soon as
 * every cell exceeds the bound, so comparing a query with many far names stays cheap.
 */
export function boundedEditDistance(a: string, b: string, bound: number): number | undefined {
  if (Math.abs(a.length - b.length) > bound) return undefined;
  const width = b.length + 1;
  let before = new Array<number>(width).fill(0);
  let previous = Array.from({ length: width }, (_, j) => j);
  let current = new Array<number>(width).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2] + 1);
      current[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > bound) return undefined;
    [before, previous, current] = [previous, current, before];
  }
  const distance = previous[b.length];
  return distance <= bound ? distance : undefined;
}
