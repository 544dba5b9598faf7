import type { GraphView } from '../graph/graphView';
import { LayeredGraphView } from '../graph/layeredGraphView';
import { type GraphNode, type Hash, QualifiedName, isTestPath } from '../model';
import { boundedEditDistance } from './editDistance';
import { MATCH_TIERS, type MatchTarget, type MatchTier, type NameQuery, matchTier } from './nameMatch';

export const NAME_SEARCH_DEFAULTS = {
  /** Nearest names offered when nothing matches. */
  suggestions: 5,
  /** A suggestion is at most this share of the query's length away (and at least 2 edits). */
  suggestionDistance: 0.4,
};

interface Entry extends MatchTarget {
  readonly node: GraphNode;
}

/** What a name search found: the best `limit` symbols and how many matched in all. */
export interface NameSearchResult {
  readonly nodes: readonly GraphNode[];
  readonly total: number;
}

/**
 * The names of a view's symbols, for graph_query without `://`. Built once per view on first
 * use and kept while the view lives (WeakMap below), so a search walks memory, never the
 * store. Entries are kept in rank order within a tier: product code before test code, then
 * shorter names, then shorter qualified names, then by qualified name and hash (stable).
 */
export class NameIndex {
  private readonly entries: readonly Entry[];
  private names: ReadonlyArray<readonly [lower: string, name: string]> | undefined;

  constructor(view: GraphView) {
    const paths = new Map<Hash, string>();
    const pathOf = (node: GraphNode): string => {
      let path = paths.get(node.fileHash);
      if (path === undefined) paths.set(node.fileHash, (path = view.pathOf(node)));
      return path;
    };
    const keyed: Array<{ entry: Entry; test: boolean }> = [];
    for (const node of view.nodes.values()) {
      if (QualifiedName.isUnresolved(node.qualifiedName)) continue;
      const local = QualifiedName.localPart(node.qualifiedName);
      const path = node.fileHash ? pathOf(node) : '';
      const name = symbolName(node, local, path);
      keyed.push({
        entry: { node, name, nameLower: name.toLowerCase(), localLower: `/${local.toLowerCase()}`, pathLower: `/${path.toLowerCase()}` },
        test: node.kind === 'test' || isTestPath(path),
      });
    }
    keyed.sort((a, b) => Number(a.test) - Number(b.test)
      || a.entry.name.length - b.entry.name.length
      || a.entry.localLower.length - b.entry.localLower.length
      || compare(a.entry.node.qualifiedName, b.entry.node.qualifiedName)
      || compare(a.entry.node.nodeHash, b.entry.node.nodeHash));
    this.entries = keyed.map((k) => k.entry);
  }

  /** Symbols the index holds (placeholders of unresolved targets are left out). */
  get size(): number {
    return this.entries.length;
  }

  /** The best `limit` matches, best tier first (an exact name in its own case before other cases). */
  search(query: NameQuery, limit: number): NameSearchResult {
    const buckets: Entry[][] = [[], ...MATCH_TIERS.map(() => [])];
    const order = new Map<MatchTier, number>(MATCH_TIERS.map((tier, i) => [tier, i + 1]));
    let total = 0;
    for (const entry of this.entries) {
      const tier = matchTier(entry, query);
      if (tier === undefined) continue;
      total++;
      buckets[tier === 'exact' && entry.name === query.text ? 0 : order.get(tier)!].push(entry);
    }
    const nodes: GraphNode[] = [];
    for (const bucket of buckets) {
      for (const entry of bucket) {
        if (nodes.length >= limit) return { nodes, total };
        nodes.push(entry.node);
      }
    }
    return { nodes, total };
  }

  /**
   * The names nearest the query's last segment by edit distance (case-insensitive), for a
   * search that found nothing: nearest first, then nearest in case, then in rank order
   * (product code, shorter).
   */
  suggestions(query: NameQuery, count = NAME_SEARCH_DEFAULTS.suggestions): string[] {
    const wanted = query.lower.split(/[./]/).filter((s) => s !== '').pop() ?? '';
    if (wanted === '') return [];
    const bound = Math.max(2, Math.floor(wanted.length * NAME_SEARCH_DEFAULTS.suggestionDistance));
    const spelled = query.text.split(/[./]/).filter((s) => s !== '').pop() ?? '';
    const near: Array<{ name: string; distance: number; cased: number; rank: number }> = [];
    this.distinctNames().forEach(([lower, name], rank) => {
      const distance = boundedEditDistance(wanted, lower, bound);
      if (distance !== undefined) near.push({ name, distance, cased: boundedEditDistance(spelled, name, Infinity)!, rank });
    });
    return near.sort((a, b) => a.distance - b.distance || a.cased - b.cased || a.rank - b.rank).slice(0, count).map((n) => n.name);
  }

  /** Each name once (as spelled), with its lower case, in rank order. */
  private distinctNames(): ReadonlyArray<readonly [lower: string, name: string]> {
    if (!this.names) {
      const seen = new Set<string>();
      const names: Array<readonly [string, string]> = [];
      for (const entry of this.entries) {
        if (seen.has(entry.name)) continue;
        seen.add(entry.name);
        names.push([entry.nameLower, entry.name]);
      }
      this.names = names;
    }
    return this.names;
  }
}

/**
 * A symbol's own name: what follows the last `.` of its qualified name (`add` of
 * `src/cart.Cart.add`); for a module, its file's name without the extension (`cart` of
 * `src/cart.ts`), or the last segment of a package with no file (`service` of `example.com/shop/service`).
 */
function symbolName(node: GraphNode, local: string, path: string): string {
  if (node.kind !== 'module') return local.slice(local.lastIndexOf('.') + 1);
  if (path) {
    const base = path.slice(path.lastIndexOf('/') + 1);
    return base.includes('.') ? base.slice(0, base.lastIndexOf('.')) : base;
  }
  return local.slice(Math.max(local.lastIndexOf('/'), local.lastIndexOf('.')) + 1);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const indexes = new WeakMap<GraphView, NameIndex>();

/**
 * The name index of a view, built lazily and shared by every search on it. A layered view
 * (runtime edges over the static graph) adds only placeholders, so it shares its base's.
 */
export function nameIndexOf(view: GraphView): NameIndex {
  if (view instanceof LayeredGraphView) return nameIndexOf(view.base);
  let index = indexes.get(view);
  if (!index) indexes.set(view, (index = new NameIndex(view)));
  return index;
}
