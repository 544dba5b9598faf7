import type { GraphView } from '../graph/graphView';
import { LayeredGraphView } from '../graph/layeredGraphView';
import { type WalkGraph, compileWalkGraph, edgeRankWeight } from '../graph/rwr';
import { type FileRecord, type GraphNode, type Hash, QualifiedName } from '../model';
import { Bm25Index } from './bm25';
import type { Evidence } from './evidence';
import { PassageIndex } from './passages';
import { searchTerms } from './terms';

/**
 * What context queries need beyond a GraphView's adjacency: a BM25 index of symbols,
 * files by path, nodes by file, and which nodes are UNRESOLVED placeholders. Built once
 * per view, on first use, and kept while the view lives (views are replaced, not
 * mutated, when the store changes), so a query never scans every node.
 */
export class SymbolIndex {
  private placeholders: Set<Hash> | undefined;
  private byFile: Map<Hash, GraphNode[]> | undefined;
  private byPath: Map<string, FileRecord[]> | undefined;
  private search: { index: Bm25Index; nodes: GraphNode[] } | undefined;
  private walk: WalkGraph | undefined;
  private passages: PassageIndex | undefined;

  /**
   * `base`: the index of the view under a layered view's layer. The layer adds only
   * repo-level nodes, which are never showable, so the symbol search and the file
   * lookups are the base's; the walk graph and placeholders include the layer.
   */
  constructor(readonly view: GraphView, private readonly base?: SymbolIndex) {}

  /** An `UNRESOLVED/...` placeholder: never ranked, walked through or shown. */
  isPlaceholder(hash: Hash): boolean {
    if (this.base?.isPlaceholder(hash)) return true;
    const nodes = this.view instanceof LayeredGraphView && this.base ? this.view.layerNodes.values() : this.view.nodes.values();
    this.placeholders ??= new Set([...nodes].filter((n) => QualifiedName.isUnresolved(n.qualifiedName)).map((n) => n.nodeHash));
    return this.placeholders.has(hash);
  }

  /**
   * The view compiled for random walks, with SPEC 2.5 weights and no edge touching a
   * placeholder: an UNRESOLVED node shared by every caller of `console.log` would
   * otherwise be a hub that spreads score to unrelated code.
   */
  walkGraph(): WalkGraph {
    this.walk ??= compileWalkGraph(this.view, (edge) =>
      (this.isPlaceholder(edge.sourceHash) || this.isPlaceholder(edge.targetHash) ? 0 : edgeRankWeight(edge)));
    return this.walk;
  }

  /**
   * A symbol a context may show: it lives in a file (so it has lines to read), is not a
   * module (a module node stands for a whole file's imports, not code of its own) and
   * is not a placeholder.
   */
  isShowable(node: GraphNode): boolean {
    return node.fileHash !== '' && node.kind !== 'module' && !this.isPlaceholder(node.nodeHash);
  }

  /** Live files at a repo-relative path, one per repository that has it, by repo URL. */
  filesAt(path: string): readonly FileRecord[] {
    return this.pathFiles().get(path) ?? [];
  }

  private pathFiles(): Map<string, FileRecord[]> {
    if (this.base) return this.base.pathFiles();
    if (!this.byPath) {
      this.byPath = new Map();
      for (const file of this.view.files.values()) {
        const list = this.byPath.get(file.path);
        if (list) list.push(file);
        else this.byPath.set(file.path, [file]);
      }
      for (const list of this.byPath.values()) list.sort((a, b) => this.repoUrl(a.repoHash).localeCompare(this.repoUrl(b.repoHash)));
    }
    return this.byPath;
  }

  /** The nodes of a file, by line then qualified name. */
  nodesOf(fileHash: Hash): readonly GraphNode[] {
    return this.fileNodes().get(fileHash) ?? [];
  }

  private fileNodes(): Map<Hash, GraphNode[]> {
    if (this.base) return this.base.fileNodes();
    if (!this.byFile) {
      this.byFile = new Map();
      for (const node of this.view.nodes.values()) {
        if (!node.fileHash) continue;
        const list = this.byFile.get(node.fileHash);
        if (list) list.push(node);
        else this.byFile.set(node.fileHash, [node]);
      }
      for (const list of this.byFile.values()) list.sort((a, b) => a.line - b.line || compareNames(a, b));
    }
    return this.byFile;
  }

  /**
   * Showable symbols ranked by BM25 against the text, weighed by the share of its terms
   * each holds (Bm25Index coordination), best first, ties by qualified name.
   */
  searchSymbols(text: string, limit: number): Array<{ readonly node: GraphNode; readonly score: number }> {
    const terms = searchTerms(text);
    if (terms.length === 0) return [];
    const { index, nodes } = this.searchIndex();
    return index.search(terms, limit, true).map((hit) => ({ node: nodes[hit.doc], score: hit.score }));
  }

  /**
   * Files and symbols whose source text matches the text (passages.ts; read from disk
   * once per view), and the best `namedLimit` symbols by their names.
   */
  searchText(text: string, namedLimit: number): Evidence {
    if (this.base) return this.base.searchText(text, namedLimit);
    this.passages ??= new PassageIndex(this.view, (fileHash) => this.nodesOf(fileHash).filter((n) => this.isShowable(n)));
    const named = this.searchSymbols(text, namedLimit);
    const best = named[0]?.score ?? 1;
    return { ...this.passages.search(text), names: new Map(named.map((hit) => [hit.node.nodeHash, hit.score / best])) };
  }

  repoUrl(repoHash: Hash): string {
    return this.view.repos.get(repoHash)?.repoUrl ?? '';
  }

  private searchIndex(): { index: Bm25Index; nodes: GraphNode[] } {
    if (this.base) return this.base.searchIndex();
    if (!this.search) {
      // Sorted by name, so equal BM25 scores come out in qualified-name order.
      const nodes = [...this.view.nodes.values()].filter((n) => this.isShowable(n)).sort(compareNames);
      // Package paths and file paths repeat across a file's symbols: split each once.
      const shared = new Map<string, string[]>();
      const termsOnce = (text: string): string[] => {
        let terms = shared.get(text);
        if (!terms) shared.set(text, (terms = searchTerms(text)));
        return terms;
      };
      this.search = { index: new Bm25Index(nodes.map((n) => this.documentOf(n, termsOnce))), nodes };
    }
    return this.search;
  }

  /**
   * A symbol's terms: its package path, its name three times (a hit on the name says
   * more than one on the path), its file path, signature and doc.
   */
  private documentOf(node: GraphNode, termsOnce: (text: string) => string[]): string[] {
    const local = QualifiedName.localPart(node.qualifiedName);
    const cut = local.lastIndexOf('.');
    const name = searchTerms(local.slice(cut + 1));
    const terms = termsOnce(cut < 0 ? '' : local.slice(0, cut)).concat(name, name, name, termsOnce(this.view.pathOf(node)));
    if (node.signature) terms.push(...searchTerms(node.signature));
    if (node.doc) terms.push(...searchTerms(node.doc));
    return terms;
  }
}

function compareNames(a: GraphNode, b: GraphNode): number {
  return a.qualifiedName < b.qualifiedName ? -1 : a.qualifiedName > b.qualifiedName ? 1 : 0;
}

const indexes = new WeakMap<GraphView, SymbolIndex>();

/** The index of a view, built lazily and shared by every query on that view. */
export function symbolIndexOf(view: GraphView): SymbolIndex {
  let index = indexes.get(view);
  if (!index) {
    index = new SymbolIndex(view, view instanceof LayeredGraphView ? symbolIndexOf(view.base) : undefined);
    indexes.set(view, index);
  }
  return index;
}
