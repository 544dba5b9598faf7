// Whole-file BM25: the lexical baseline context_for_task is measured against.

/** Okapi BM25 parameters (the usual defaults). */
export const BM25_DEFAULTS = { k1: 1.2, b: 0.75 };

/** Words too common in task descriptions to say anything about a file. */
export const STOP_WORDS = new Set(`a an and are as at be been but by can could did do does doing for from had has have
how if in into is it its may might must no not of on or our should so such than that the their them then there these
they this those to too up use used uses using was we were what when where which while who why will with would you
your also all any add adds added fix fixes fixed make makes now only some more most new no`.split(/\s+/));

/**
 * Terms of a text: alphanumeric runs, each identifier split into its camelCase and
 * snake_case parts (`parseHTTPHeader` -> parse, http, header) plus the whole identifier
 * when it has more than one part; lower case, stop words and one-letter terms dropped.
 */
export function tokenize(text) {
  const terms = [];
  for (const run of text.match(/[\p{L}\p{N}_]+/gu) ?? []) {
    const parts = run.split('_').flatMap((piece) => piece.match(/\p{Lu}+(?=\p{Lu}\p{Ll})|\p{Lu}?\p{Ll}+|\p{Lu}+|\p{N}+/gu) ?? []);
    const lowered = parts.map((p) => p.toLowerCase());
    if (lowered.length > 1) lowered.push(run.replace(/_/g, '').toLowerCase());
    for (const term of lowered) if (term.length > 1 && !STOP_WORDS.has(term)) terms.push(term);
  }
  return terms;
}

/** Term frequencies of one document, and its length in terms. */
export function termCounts(text) {
  const counts = new Map();
  const terms = tokenize(text);
  for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
  return { counts, length: terms.length };
}

/**
 * Ranks documents (`{ id, counts, length }`, from termCounts) for a query: BM25 with the
 * Lucene idf ln(1 + (N - df + 0.5) / (df + 0.5)); each distinct query term counts once.
 * Returns `{ id, score }` with score > 0, best first, ties by id.
 */
export function rankBm25(documents, query, { k1, b } = BM25_DEFAULTS) {
  const terms = [...new Set(tokenize(query))];
  const n = documents.length;
  if (n === 0 || terms.length === 0) return [];
  const averageLength = documents.reduce((sum, d) => sum + d.length, 0) / n || 1;
  const idf = new Map();
  for (const term of terms) {
    const df = documents.reduce((count, d) => count + (d.counts.has(term) ? 1 : 0), 0);
    idf.set(term, Math.log(1 + (n - df + 0.5) / (df + 0.5)));
  }
  const ranked = [];
  for (const d of documents) {
    let score = 0;
    for (const term of terms) {
      const tf = d.counts.get(term);
      if (!tf) continue;
      score += (idf.get(term) * tf * (k1 + 1)) / (tf + k1 * (1 - b + (b * d.length) / averageLength));
    }
    if (score > 0) ranked.push({ id: d.id, score });
  }
  return ranked.sort((x, y) => y.score - x.score || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
}
