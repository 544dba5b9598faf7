import type { GraphView } from '../graph/graphView';
import type { GraphNode, Hash } from '../model';
import { Bm25Index, type CountedDocument, TermVocabulary, countTerms } from './bm25';
import type { Evidence } from './evidence';
import { SourceReader } from './sourceReader';
import { searchTerms } from './terms';

/** A file's score adds its second-best passage at this weight: two passages on the task say more than one. */
const SECOND_PASSAGE_WEIGHT = 0.5;

interface Passage {
  readonly fileHash: Hash;
  /** The symbol owning the passage; undefined for the file's rest. */
  readonly node?: GraphNode;
}

/** A file's documents: its whole text, and each passage with the index of its symbol (-1: the file's rest). */
interface FileDocuments {
  readonly whole: CountedDocument;
  readonly passages: ReadonlyArray<{ readonly owner: number; readonly document: CountedDocument }>;
}

/**
 * Files' documents by path, content and symbol layout, counted once under one vocabulary
 * and reused by the next graph generation's index: a re-index changes a few files, and
 * splitting every file's text again would dominate the first query after it. Entries no
 * build of the last two used are dropped; terms stay in the vocabulary, which grows only
 * with words never seen before.
 */
const vocabulary = new TermVocabulary();
const counted = new Map<string, { readonly documents: FileDocuments; build: number }>();
let builds = 0;

/**
 * Lexical search over the code itself, not only its names: each file is one document
 * (its path and whole text), and each line belongs to one passage, the innermost
 * showable symbol around it (a method's body; a class's own lines outside its methods),
 * or the file's rest (imports, top-level statements). A task's words that only a body
 * holds (a message, a flag, a field read) find the symbol that holds them.
 */
export class PassageIndex {
  private readonly fileIndex: Bm25Index;
  private readonly fileHashes: Hash[] = [];
  private readonly passageIndex: Bm25Index;
  private readonly passages: Passage[] = [];

  /**
   * `symbolsOf`: the showable symbols of a file. A file is read from disk only when its
   * indexed content was not counted before; one that cannot be read as indexed (changed
   * on disk since, or gone) has no documents: it is found by name only.
   */
  constructor(view: GraphView, symbolsOf: (fileHash: Hash) => readonly GraphNode[], reader = new SourceReader(view)) {
    const build = ++builds;
    const fileDocuments: CountedDocument[] = [];
    const passageDocuments: CountedDocument[] = [];
    for (const file of [...view.files.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
      const symbols = symbolsOf(file.fileHash);
      const key = `${file.path}\0${file.contentHash}\0${symbols.map((n) => `${n.line}-${n.endLine}`).join(',')}`;
      let entry = counted.get(key);
      if (!entry) {
        const lines = reader.fileLines(file.fileHash);
        if (!lines) continue;
        entry = { documents: documentsOf(file.path, lines, symbols), build };
        counted.set(key, entry);
      }
      entry.build = build;
      this.fileHashes.push(file.fileHash);
      fileDocuments.push(entry.documents.whole);
      for (const { owner, document } of entry.documents.passages) {
        this.passages.push({ fileHash: file.fileHash, node: owner < 0 ? undefined : symbols[owner] });
        passageDocuments.push(document);
      }
    }
    for (const [key, entry] of counted) if (entry.build < build - 1) counted.delete(key);
    this.fileIndex = new Bm25Index(fileDocuments, undefined, vocabulary);
    this.passageIndex = new Bm25Index(passageDocuments, undefined, vocabulary);
  }

  /** Files and symbols whose text matches the description, each normalised to its best. */
  search(description: string): Omit<Evidence, 'names'> {
    const terms = searchTerms(description);
    const files = new Map<Hash, number>();
    const symbols = new Map<Hash, number>();
    if (terms.length === 0) return { files, symbols };
    const passageHits = this.passageIndex.search(terms, this.passageIndex.size || 1, true);
    const best = passageHits[0]?.score ?? 1;
    const passageScore = new Map<Hash, number[]>();
    for (const hit of passageHits) {
      const passage = this.passages[hit.doc]!;
      if (passage.node) symbols.set(passage.node.nodeHash, hit.score / best);
      const scores = passageScore.get(passage.fileHash);
      if (!scores) passageScore.set(passage.fileHash, [hit.score / best]);
      else if (scores.length < 2) scores.push(hit.score / best);
    }
    const fileHits = this.fileIndex.search(terms, this.fileIndex.size || 1, true);
    const bestFile = fileHits[0]?.score ?? 1;
    const combined = new Map<Hash, number>();
    for (const hit of fileHits) combined.set(this.fileHashes[hit.doc]!, hit.score / bestFile);
    for (const [fileHash, [first, second = 0]] of passageScore) {
      combined.set(fileHash, (combined.get(fileHash) ?? 0) + first! + SECOND_PASSAGE_WEIGHT * second);
    }
    const top = Math.max(0, ...combined.values()) || 1;
    for (const [fileHash, score] of combined) files.set(fileHash, score / top);
    return { files, symbols };
  }
}

/** A file's whole-text document (its path and every line) and one document per passage. */
function documentsOf(path: string, lines: readonly string[], symbols: readonly GraphNode[]): FileDocuments {
  const owners = lineOwners(lines.length, symbols);
  const byOwner = new Map<number, string[]>();
  const whole = searchTerms(path);
  for (let i = 0; i < lines.length; i++) {
    const terms = searchTerms(lines[i]!);
    if (terms.length === 0) continue;
    for (const term of terms) whole.push(term);
    let passage = byOwner.get(owners[i]!);
    if (!passage) byOwner.set(owners[i]!, (passage = []));
    for (const term of terms) passage.push(term);
  }
  return {
    whole: countTerms(whole, vocabulary),
    passages: [...byOwner].map(([owner, terms]) => ({ owner, document: countTerms(terms, vocabulary) })),
  };
}

/**
 * The index of the innermost symbol covering each line (0-based), -1 for lines no
 * symbol covers. Wider symbols are laid first, so nested ones overwrite their lines.
 */
export function lineOwners(lineCount: number, symbols: readonly GraphNode[]): Int32Array {
  const owners = new Int32Array(lineCount).fill(-1);
  const order = symbols.map((_, i) => i).sort((a, b) => span(symbols[b]!) - span(symbols[a]!) || a - b);
  for (const i of order) {
    const { line, endLine } = symbols[i]!;
    const last = Math.min(Math.max(endLine, line), lineCount);
    for (let l = Math.max(line, 1); l <= last; l++) owners[l - 1] = i;
  }
  return owners;
}

function span(node: GraphNode): number {
  return Math.max(node.endLine, node.line) - node.line;
}
