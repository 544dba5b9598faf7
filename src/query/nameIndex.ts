import type { GraphView } from '../graph/graphView';
import { LayeredGraphView } from '../graph/layeredGraphView';
import { type GraphNode, type Hash, QualifiedName, isTestPath } from '../model';
import { boundedEditDistance } from './editDistance';
import { MATCH_TIERS, type MatchTier, type NameQuery, type NameTarget, type PlaceTarget, nameTier, placeTier } from './nameMatch';

export const NAME_SEARCH_DEFAULTS = {
  /** Nearest names offered when nothing matches. */
  suggestions: 5,
  /** A suggestion is at most this share of the query's length away (and at least 2 edits). */
  suggestionDistance: 0.4,
};

/** Symbols of one spelling of a name, as positions in rank order. */
interface NameGroup extends NameTarget {
  readonly members: number[];
}

/** What a name search found: the best `limit` symbols and how many matched in all. */
export interface NameSearchResult {
  readonly nodes: readonly GraphNode[];
  readonly total: number;
}

/** Bucket of an exact name in the query's own case, before every MATCH_TIERS bucket. */
const OWN_CASE = 0;
const NO_MATCH = 255;
const BUCKET = new Map<MatchTier, number>(MATCH_TIERS.map((tier, i) => [tier, i + 1]));

/**
 * The names of a view's symbols, for graph_query without `://`. Built once per view on first
 * use and kept while the view lives (WeakMap below), so a search walks memory, never the
 * store. Symbols are kept in rank order within a tier: product code before test code, then
 * shorter names, then shorter qualified names, then by qualified name and hash (stable).
 * A name is matched once for all the symbols that share it.
 */
export class NameIndex {
  private readonly nodes: readonly GraphNode[];
  private readonly groups: readonly NameGroup[];
  private readonly paths: readonly string[];
  private places: readonly PlaceTarget[] | undefined;

  constructor(view: GraphView) {
    const files = new Map<Hash, { path: string; test: boolean }>();
    const fileOf = (node: GraphNode): { path: string; test: boolean } => {
      let file = files.get(node.fileHash);
      if (!file) {
        const path = node.fileHash ? view.pathOf(node) : '';
        files.set(node.fileHash, (file = { path, test: isTestPath(path) }));
      }
      return file;
    };
    const keyed: Array<{ node: GraphNode; name: string; path: string; key: number }> = [];
    for (const node of view.nodes.values()) {
      if (QualifiedName.isUnresolved(node.qualifiedName)) continue;
      const { path, test } = fileOf(node);
      const name = symbolName(node, QualifiedName.localPart(node.qualifiedName), path);
      const key = ((test || node.kind === 'test' ? 1 : 0) * 65_536 + Math.min(name.length, 65_535)) * 65_536
        + Math.min(node.qualifiedName.length, 65_535);
      keyed.push({ node, name, path, key });
    }
    keyed.sort((a, b) => a.key - b.key || compare(a.node.qualifiedName, b.node.qualifiedName) || compare(a.node.nodeHash, b.node.nodeHash));
    this.nodes = keyed.map((k) => k.node);
    this.paths = keyed.map((k) => k.path);
    const groups = new Map<string, NameGroup>();
    keyed.forEach(({ name }, at) => {
      const group = groups.get(name);
      if (group) group.members.push(at);
      else groups.set(name, { name, nameLower: name.toLowerCase(), members: [at] });
    });
    this.groups = [...groups.values()];
  }

  /** Symbols the index holds (placeholders of unresolved targets are left out). */
  get size(): number {
    return this.nodes.length;
  }

  /** The best `limit` matches, best tier first (an exact name in its own case before other cases). */
  search(query: NameQuery, limit: number): NameSearchResult {
    const best = new Uint8Array(this.nodes.length).fill(NO_MATCH);
    for (const group of this.groups) {
      const tier = nameTier(group, query);
      if (tier === undefined) continue;
      const bucket = tier === 'exact' && group.name === query.text ? OWN_CASE : BUCKET.get(tier)!;
      for (const at of group.members) best[at] = bucket;
    }
    if (query.qualified) {
      const places = this.placeTargets();
      for (let at = 0; at < places.length; at++) {
        if (best[at] <= BUCKET.get('exact')!) continue;
        const tier = placeTier(places[at], query);
        if (tier !== undefined) best[at] = Math.min(best[at], BUCKET.get(tier)!);
      }
    }
    const buckets: number[][] = Array.from({ length: MATCH_TIERS.length + 1 }, () => []);
    let total = 0;
    for (let at = 0; at < best.length; at++) {
      if (best[at] === NO_MATCH) continue;
      total++;
      if (buckets[best[at]].length < limit) buckets[best[at]].push(at);
    }
    return { nodes: buckets.flat().slice(0, limit).map((at) => this.nodes[at]), total };
  }

  /**
   * The names nearest the query's last segment by edit distance (case-insensitive), for a
   * search that found nothing: nearest first, then nearest in case, then in rank order
   * (product code, shorter).
   */
  suggestions(query: NameQuery, count = NAME_SEARCH_DEFAULTS.suggestions): string[] {
    const lastSegment = (text: string): string => text.split(/[./]/).filter((s) => s !== '').pop() ?? '';
    const wanted = lastSegment(query.lower);
    if (wanted === '') return [];
    const spelled = lastSegment(query.text);
    const bound = Math.max(2, Math.floor(wanted.length * NAME_SEARCH_DEFAULTS.suggestionDistance));
    const near: Array<{ name: string; distance: number; cased: number; rank: number }> = [];
    for (const group of this.groups) {
      const distance = boundedEditDistance(wanted, group.nameLower, bound);
      if (distance === undefined) continue;
      near.push({ name: group.name, distance, cased: boundedEditDistance(spelled, group.name, Infinity)!, rank: group.members[0] });
    }
    return near.sort((a, b) => a.distance - b.distance || a.cased - b.cased || a.rank - b.rank).slice(0, count).map((n) => n.name);
  }

  /** Qualified names and paths lower-cased, made on the first search with `.` or `/`. */
  private placeTargets(): readonly PlaceTarget[] {
    this.places ??= this.nodes.map((node, at) => ({
      localLower: `/${QualifiedName.localPart(node.qualifiedName).toLowerCase()}`,
      pathLower: `/${this.paths[at].toLowerCase()}`,
    }));
    return this.places;
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
