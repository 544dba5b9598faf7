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

/** A document as the distinct term ids it holds, how often each, and its length in terms. */
export interface CountedDocument {
  readonly ids: Uint32Array;
  readonly counts: Uint32Array;
  readonly length: number;
}

/** Counts a document's terms under the vocabulary's ids. */
export function countTerms(terms: readonly string[], vocabulary: TermVocabulary): CountedDocument {
  const counts = new Map<number, number>();
  for (const term of terms) {
    const id = vocabulary.idOf(term);
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return { ids: Uint32Array.from(counts.keys()), counts: Uint32Array.from(counts.values()), length: terms.length };
}

interface Posting {
  readonly docs: number[];
  readonly counts: number[];
}

export class Bm25Index {
  /** Postings by term id: the documents holding the term and how often. */
  private readonly postings = new Map<number, Posting>();
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
    this.lengths = new Uint32Array(documents.length);
    let totalLength = 0;
    documents.forEach((document, doc) => {
      const counted = Array.isArray(document) ? countTerms(document as readonly string[], vocabulary) : (document as CountedDocument);
      this.lengths[doc] = counted.length;
      totalLength += counted.length;
      for (let i = 0; i < counted.ids.length; i++) {
        const id = counted.ids[i]!;
        let posting = this.postings.get(id);
        if (!posting) this.postings.set(id, (posting = { docs: [], counts: [] }));
        posting.docs.push(doc);
        posting.counts.push(counted.counts[i]!);
      }
    });
    this.averageLength = documents.length > 0 ? totalLength / documents.length : 0;
  }

  get size(): number {
    return this.lengths.length;
  }

  /** How many documents contain `term`. */
  documentFrequency(term: string): number {
    return this.postingOf(term)?.docs.length ?? 0;
  }

  private postingOf(term: string): Posting | undefined {
    const id = this.vocabulary.find(term);
    return id === undefined ? undefined : this.postings.get(id);
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
      const posting = this.postingOf(term);
      if (!posting) continue;
      known++;
      const { docs, counts: tfs } = posting;
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
