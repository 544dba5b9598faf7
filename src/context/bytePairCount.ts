import cl100k from 'js-tiktoken/ranks/cl100k_base';

/**
 * The cl100k token count of one pre-tokenizer piece by byte-pair merging with a heap:
 * O(n log n) in the piece's bytes where js-tiktoken's merge loop is O(n²) (16k characters
 * of one letter took it 26 s). The merges are the same ones in the same order: always the
 * adjacent pair of lowest rank, the leftmost on a tie. A heap ordered by (rank, start)
 * pops exactly that pair, once stale entries (pairs a merge has since changed) are
 * skipped. So the count equals js-tiktoken's on any piece (test/context/bytePairCount.test.ts).
 */
export function bytePairCount(piece: string): number {
  const bytes = latin1(Buffer.from(piece, 'utf8'));
  const table = ranks();
  if (bytes.length <= 1 || table.has(bytes)) return bytes.length === 0 ? 0 : 1;
  const n = bytes.length;
  // Parts are named by their first byte: next[s] is where the part at s ends.
  const next = new Int32Array(n);
  const prev = new Int32Array(n);
  const alive = new Uint8Array(n).fill(1);
  for (let i = 0; i < n; i++) {
    next[i] = i + 1;
    prev[i] = i - 1;
  }
  const heap = new PairHeap();
  const offer = (left: number): void => {
    if (left < 0) return;
    const right = next[left];
    if (right >= n) return;
    const rank = table.get(bytes.slice(left, next[right]));
    if (rank !== undefined) heap.push(rank, left, right, next[right]);
  };
  for (let i = 0; i + 1 < n; i++) offer(i);
  let parts = n;
  for (let top = heap.pop(); top; top = heap.pop()) {
    const [, left, right, end] = top;
    if (!alive[left] || !alive[right] || next[left] !== right || next[right] !== end) continue;
    next[left] = end;
    alive[right] = 0;
    if (end < n) prev[end] = left;
    parts--;
    offer(prev[left]);
    offer(left);
  }
  return parts;
}

let table: Map<string, number> | undefined;

/** The ranks keyed by their bytes as a latin1 string, built on first use (only long pieces need it). */
function ranks(): Map<string, number> {
  if (table) return table;
  table = new Map();
  // The shipped format: lines of `<prefix> <first rank> <base64 token> <base64 token> ...`.
  for (const line of cl100k.bpe_ranks.split('\n')) {
    if (!line) continue;
    const [, offset, ...tokens] = line.split(' ');
    const first = Number.parseInt(offset, 10);
    tokens.forEach((token, i) => table!.set(latin1(Buffer.from(token, 'base64')), first + i));
  }
  return table;
}

function latin1(bytes: Buffer): string {
  return bytes.toString('latin1');
}

/** A binary min-heap of candidate merges ordered by (rank, start of the left part). */
class PairHeap {
  private readonly items: Array<[number, number, number, number]> = [];

  push(rank: number, left: number, right: number, end: number): void {
    const items = this.items;
    items.push([rank, left, right, end]);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(items[i], items[parent])) break;
      [items[i], items[parent]] = [items[parent], items[i]];
      i = parent;
    }
  }

  pop(): [number, number, number, number] | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length > 0 && last) {
      items[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let best = i;
        if (l < items.length && before(items[l], items[best])) best = l;
        if (r < items.length && before(items[r], items[best])) best = r;
        if (best === i) break;
        [items[i], items[best]] = [items[best], items[i]];
        i = best;
      }
    }
    return top;
  }
}

function before(a: readonly number[], b: readonly number[]): boolean {
  return a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);
}
