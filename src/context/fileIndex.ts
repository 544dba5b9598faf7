import type { GraphView } from '../graph/graphView';
import { type FileRecord, QualifiedName } from '../model';
import { Bm25Index } from './bm25';
import { type SymbolIndex, symbolIndexOf } from './symbolIndex';
import { searchTerms } from './terms';

/**
 * The file-level lexical channel of context_for_task: BM25 over whole files, each file a
 * document of its path and, for each of its showable symbols, the symbol's name,
 * signature and doc comment. Everything comes from the graph (no disk reads), so a file
 * that its commit message describes in words its symbols' docs use is found even when
 * the walk never reaches it. Built once per view, on first use.
 */
export class FileIndex {
  private search: { index: Bm25Index; files: FileRecord[] } | undefined;

  constructor(private readonly symbols: SymbolIndex) {}

  /** Files ranked by BM25 against the text, best first, ties by path then repository. */
  searchFiles(text: string, limit: number): Array<{ readonly file: FileRecord; readonly score: number }> {
    const terms = searchTerms(text);
    if (terms.length === 0) return [];
    const { index, files } = this.searchIndex();
    return index.search(terms, limit).map((hit) => ({ file: files[hit.doc], score: hit.score }));
  }

  private searchIndex(): { index: Bm25Index; files: FileRecord[] } {
    if (!this.search) {
      const { view } = this.symbols;
      const files = [...view.files.values()].sort((a, b) => compare(a.path, b.path) || compare(this.symbols.repoUrl(a.repoHash), this.symbols.repoUrl(b.repoHash)));
      this.search = { index: new Bm25Index(files.map((file) => this.documentOf(file))), files };
    }
    return this.search;
  }

  private documentOf(file: FileRecord): string[] {
    const terms = searchTerms(file.path);
    for (const node of this.symbols.nodesOf(file.fileHash)) {
      if (!this.symbols.isShowable(node)) continue;
      const local = QualifiedName.localPart(node.qualifiedName);
      terms.push(...searchTerms(local.slice(local.lastIndexOf('.') + 1)));
      if (node.signature) terms.push(...searchTerms(node.signature));
      if (node.doc) terms.push(...searchTerms(node.doc));
    }
    return terms;
  }
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const indexes = new WeakMap<GraphView, FileIndex>();

/** The file index of a view, built lazily and shared by every query on that view. */
export function fileIndexOf(view: GraphView): FileIndex {
  let index = indexes.get(view);
  if (!index) {
    index = new FileIndex(symbolIndexOf(view));
    indexes.set(view, index);
  }
  return index;
}
