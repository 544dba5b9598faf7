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

export class Bm25Index {
  /** Term -> dense id; postings are stored by id, one document list and one count list each. */
  private readonly vocabulary = new Map<string, number>();
  private readonly postingDocs: number[][] = [];
  private readonly postingCounts: number[][] = [];
  private readonly lengths: Uint32Array;
  private readonly averageLength: number;
  private readonly k1: number;
  private readonly b: number;

  constructor(documents: ReadonlyArray<readonly string[]>, options: Bm25Options = {}) {
    const k1 = options.k1 ?? DEFAULTS.k1;
    const b = options.b ?? DEFAULTS.b;
    if (!(Number.isFinite(k1) && k1 >= 0)) throw new Error('context/bm25: k1 must be a finite number >= 0');
    if (!(b >= 0 && b <= 1)) throw new Error('context/bm25: b must be in [0,1]');
    this.k1 = k1;
    this.b = b;
    this.lengths = new Uint32Array(documents.length);
    let totalLength = 0;
    // Counting with a reused array and a list of touched ids, instead of a Map per document.
    let counts = new Uint32Array(1024);
    const touched: number[] = [];
    documents.forEach((terms, doc) => {
      this.lengths[doc] = terms.length;
      totalLength += terms.length;
      for (const term of terms) {
        let id = this.vocabulary.get(term);
        if (id === undefined) {
          id = this.postingDocs.length;
          this.vocabulary.set(term, id);
          this.postingDocs.push([]);
          this.postingCounts.push([]);
          if (id >= counts.length) {
            const grown = new Uint32Array(counts.length * 2);
            grown.set(counts);
            counts = grown;
          }
        }
        if (counts[id]++ === 0) touched.push(id);
      }
      for (const id of touched) {
        this.postingDocs[id].push(doc);
        this.postingCounts[id].push(counts[id]);
        counts[id] = 0;
      }
      touched.length = 0;
    });
    this.averageLength = documents.length > 0 ? totalLength / documents.length : 0;
  }

  get size(): number {
    return this.lengths.length;
  }

  /** How many documents contain `term`. */
  documentFrequency(term: string): number {
    const id = this.vocabulary.get(term);
    return id === undefined ? 0 : this.postingDocs[id].length;
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
      const id = this.vocabulary.get(term);
      if (id === undefined) continue;
      known++;
      const docs = this.postingDocs[id];
      const tfs = this.postingCounts[id];
      const df = docs.length;
      const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      for (let i = 0; i < df; i++) {
        const doc = docs[i];
        const tf = tfs[i];
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
