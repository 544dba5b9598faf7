/**
 * Okapi BM25 over pre-tokenised documents, with an inverted index so a query touches
 * only the postings of its own terms. Documents are numbered by their position.
 */
export const DEFAULTS = {
  /** Term-frequency saturation. */
  k1: 1.2,
  /** Length normalisation: 0 ignores document length, 1 divides it out fully. */
  b: 0.75,
};

export interface Bm25Options {
  readonly k1?: number;
  readonly b?: number;
}

export interface Bm25Hit {
  readonly doc: number;
  readonly score: number;
}

/**
 * Terms as dense ids. One vocabulary may serve many indexes: documents counted once
 * (CountedDocument) can then be indexed again, graph generation after generation,
 * without splitting their text again.
 */
export class TermVocabulary {
  private readonly ids = new Map<string, number>();

  /** The term's id, assigned on first sight. */
  idOf(term: string): number {
    let id = this.ids.get(term);
    if (id === undefined) this.ids.set(term, (id = this.ids.size));
    return id;
  }

  /** The term's id, or undefined for a term never seen. */
  find(term: string): number | undefined {
    return this.ids.get(term);
  }

  get size(): number {
    return this.ids.size;
  }
}

/**
 * A document as the distinct term ids it holds and how often each, interleaved in one
 * array (`id, count, id, count...`: one allocation per document, as many are kept), and
 * its length in terms.
 */
export interface CountedDocument {
  readonly pairs: Uint32Array;
  readonly length: number;
}

/** Counts a document's terms under the vocabulary's ids. */
export function countTerms(terms: readonly string[], vocabulary: TermVocabulary): CountedDocument {
  const counts = new Map<number, number>();
  for (const term of terms) {
    const id = vocabulary.idOf(term);
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  const pairs = new Uint32Array(counts.size * 2);
  let at = 0;
  for (const [id, count] of counts) {
    pairs[at++] = id;
    pairs[at++] = count;
  }
  return { pairs, length: terms.length };
}

export class Bm25Index {
  /**
   * Postings in one pair of arrays (compressed sparse rows): the documents holding a term
   * and their counts sit at `[rowEnds[row - 1], rowEnds[row])` of `postingDocs` and
   * `postingCounts`, the term's row being `rows.get(term id)`.
   */
  private readonly rows = new Map<number, number>();
  private readonly rowEnds: Uint32Array;
  private readonly postingDocs: Uint32Array;
  private readonly postingCounts: Uint32Array;
  private readonly lengths: Uint32Array;
  private readonly averageLength: number;
  private readonly k1: number;
  private readonly b: number;

  /** An index of documents given as terms; the index keeps a vocabulary of its own. */
  constructor(documents: ReadonlyArray<readonly string[]>, options?: Bm25Options);
  /** An index of documents already counted under `vocabulary`. */
  constructor(documents: readonly CountedDocument[], options: Bm25Options | undefined, vocabulary: TermVocabulary);
  constructor(
    documents: ReadonlyArray<readonly string[]> | readonly CountedDocument[],
    options: Bm25Options = {},
    private readonly vocabulary: TermVocabulary = new TermVocabulary(),
  ) {
    const k1 = options.k1 ?? DEFAULTS.k1;
    const b = options.b ?? DEFAULTS.b;
    if (!(Number.isFinite(k1) && k1 >= 0)) throw new Error('context/bm25: k1 must be a finite number >= 0');
    if (!(b >= 0 && b <= 1)) throw new Error('context/bm25: b must be in [0,1]');
    this.k1 = k1;
    this.b = b;
    const counted = documents.map((document) =>
      (Array.isArray(document) ? countTerms(document as readonly string[], vocabulary) : (document as CountedDocument)));
    this.lengths = new Uint32Array(counted.length);
    // First pass: each term's document frequency, its row numbered in order of first sight.
    const frequencies: number[] = [];
    let totalLength = 0;
    let postings = 0;
    counted.forEach(({ pairs, length }, doc) => {
      this.lengths[doc] = length;
      totalLength += length;
      for (let i = 0; i < pairs.length; i += 2) {
        let row = this.rows.get(pairs[i]!);
        if (row === undefined) {
          this.rows.set(pairs[i]!, (row = frequencies.length));
          frequencies.push(0);
        }
        frequencies[row]!++;
        postings++;
      }
    });
    // Second pass: each row filled from its start.
    this.rowEnds = new Uint32Array(frequencies.length);
    const next = new Uint32Array(frequencies.length);
    let offset = 0;
    frequencies.forEach((frequency, row) => {
      next[row] = offset;
      offset += frequency;
      this.rowEnds[row] = offset;
    });
    this.postingDocs = new Uint32Array(postings);
    this.postingCounts = new Uint32Array(postings);
    counted.forEach(({ pairs }, doc) => {
      for (let i = 0; i < pairs.length; i += 2) {
        const row = this.rows.get(pairs[i]!)!;
        const at = next[row]!++;
        this.postingDocs[at] = doc;
        this.postingCounts[at] = pairs[i + 1]!;
      }
    });
    this.averageLength = counted.length > 0 ? totalLength / counted.length : 0;
  }

  get size(): number {
    return this.lengths.length;
  }

  /** How many documents contain `term`. */
  documentFrequency(term: string): number {
    const row = this.rowOf(term);
    return row === undefined ? 0 : this.rowEnds[row]! - this.rowStart(row);
  }

  private rowOf(term: string): number | undefined {
    const id = this.vocabulary.find(term);
    return id === undefined ? undefined : this.rows.get(id);
  }

  private rowStart(row: number): number {
    return row === 0 ? 0 : this.rowEnds[row - 1]!;
  }

  /**
   * The best `limit` documents for the query terms (each counted once), best first, ties
   * by position. `coordination` multiplies each score by the share of the query's terms
   * (those the documents know at all) the document holds: a document that explains more
   * of the query beats one that matches a single rare word.
   */
  search(terms: readonly string[], limit: number, coordination = false): Bm25Hit[] {
    if (!Number.isInteger(limit) || limit < 1) throw new Error('context/bm25: limit must be a positive integer');
    const n = this.lengths.length;
    const scores = new Map<number, number>();
    const matched = new Map<number, number>();
    let known = 0;
    for (const term of new Set(terms)) {
      const row = this.rowOf(term);
      if (row === undefined) continue;
      known++;
      const start = this.rowStart(row);
      const end = this.rowEnds[row]!;
      const df = end - start;
      const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      for (let i = start; i < end; i++) {
        const doc = this.postingDocs[i]!;
        const tf = this.postingCounts[i]!;
        const norm = this.k1 * (1 - this.b + (this.b * this.lengths[doc]) / (this.averageLength || 1));
        scores.set(doc, (scores.get(doc) ?? 0) + (idf * tf * (this.k1 + 1)) / (tf + norm));
        if (coordination) matched.set(doc, (matched.get(doc) ?? 0) + 1);
      }
    }
    return [...scores]
      .map(([doc, score]) => ({ doc, score: coordination ? (score * matched.get(doc)!) / known : score }))
      .sort((x, y) => y.score - x.score || x.doc - y.doc)
      .slice(0, limit);
  }
}
