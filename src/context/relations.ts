import { EDGE_TYPES, type EdgeType, type GraphNode, type Hash, type NodeKind } from '../model';
import type { SymbolIndex } from './symbolIndex';

/** The three relation lists a symbol block carries. */
export const RELATION_CATEGORIES = ['callers', 'callees', 'types'] as const;
export type RelationCategory = (typeof RELATION_CATEGORIES)[number];

export const DEFAULTS = {
  /** Relations listed per category; the rest are counted. */
  perCategory: 8,
};

/** One edge seen from a symbol: `out` when the symbol is its source. */
export interface Relation {
  readonly hash: Hash;
  readonly name: string;
  readonly edgeType: EdgeType;
  readonly direction: 'in' | 'out';
}

export interface SymbolRelations {
  readonly relations: readonly Relation[];
  /** Relations left out per category by the cap. */
  readonly more: Readonly<Record<RelationCategory, number>>;
}

/** Kinds a `references` edge makes a "type" relation of. */
const TYPE_KINDS: ReadonlySet<NodeKind> = new Set<NodeKind>(['type', 'interface', 'message', 'table', 'view']);

/**
 * Which list an edge belongs to: calls and runtime traffic make callers/callees;
 * implements (either way) and references to type-like symbols make types. Other
 * edges (imports, routes, infrastructure) are not listed.
 */
export function relationCategory(relation: Pick<Relation, 'edgeType' | 'direction'>, otherKind: NodeKind): RelationCategory | undefined {
  if (relation.edgeType === 'calls' || EDGE_TYPES[relation.edgeType].runtime) return relation.direction === 'in' ? 'callers' : 'callees';
  if (relation.edgeType === 'implements') return 'types';
  if (relation.edgeType === 'references' && relation.direction === 'out' && TYPE_KINDS.has(otherKind)) return 'types';
  return undefined;
}

/**
 * A symbol's callers, callees and related types: placeholders and itself excluded, one
 * entry per (edge type, direction, symbol), the most relevant first (`relevance`, then
 * qualified name), at most `perCategory` per list.
 */
export function relationsOf(
  index: SymbolIndex, node: GraphNode, relevance: (hash: Hash) => number, perCategory = DEFAULTS.perCategory,
): SymbolRelations {
  if (!Number.isInteger(perCategory) || perCategory < 0) throw new Error('context/relations: perCategory must be an integer >= 0');
  const lists: Record<RelationCategory, Relation[]> = { callers: [], callees: [], types: [] };
  const seen = new Set<string>();
  const add = (other: Hash, edgeType: EdgeType, direction: 'in' | 'out'): void => {
    if (other === node.nodeHash || index.isPlaceholder(other)) return;
    const target = index.view.nodes.get(other);
    if (!target) return;
    const category = relationCategory({ edgeType, direction }, target.kind);
    const key = `${edgeType}\0${direction}\0${other}`;
    if (!category || seen.has(key)) return;
    seen.add(key);
    lists[category].push({ hash: other, name: target.qualifiedName, edgeType, direction });
  };
  for (const edge of index.view.outgoing(node.nodeHash)) add(edge.targetHash, edge.edgeType, 'out');
  for (const edge of index.view.incoming(node.nodeHash)) add(edge.sourceHash, edge.edgeType, 'in');

  const more = { callers: 0, callees: 0, types: 0 };
  const relations: Relation[] = [];
  for (const category of RELATION_CATEGORIES) {
    const list = lists[category].sort((a, b) => relevance(b.hash) - relevance(a.hash) || compare(a.name, b.name) || compare(a.edgeType, b.edgeType));
    relations.push(...list.slice(0, perCategory));
    more[category] = Math.max(0, list.length - perCategory);
  }
  return { relations, more };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
