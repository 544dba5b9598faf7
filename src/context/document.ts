import type { EdgeType, Hash, NodeKind } from '../model';
import type { Relation, RelationCategory } from './relations';
import type { SourceExcerpt, SourceState } from './sourceReader';
import type { SymbolTraffic } from './traffic';

/**
 * The context as data, before it is written in one of the formats. Every format renders
 * exactly this, and the gcb decoder gives it back, so formats differ in layout only.
 */
export type ContextMode = 'task' | 'files' | 'pr';
export const CONTEXT_MODES: readonly ContextMode[] = ['task', 'files', 'pr'];

/** A relation points at an included symbol by id, or names one that was left out. */
export type RelationTarget = { readonly id: number } | { readonly name: string };

export interface ContextRelation {
  readonly edgeType: EdgeType;
  readonly direction: 'in' | 'out';
  readonly target: RelationTarget;
}

/** What a symbol carries both while it is chosen (a draft) and once placed in a document. */
interface SymbolFields {
  readonly name: string;
  /** The node hash, for feedback and the graph tools. */
  readonly hash: Hash;
  readonly kind: NodeKind;
  readonly file: string;
  readonly line: number;
  readonly endLine: number;
  readonly signature: string;
  readonly doc: string;
  /** Hops from the nearest seed. */
  readonly distance: number;
  readonly more: Readonly<Record<RelationCategory, number>>;
  readonly sourceState: SourceState;
  readonly source?: SourceExcerpt;
  /** SPEC 4.10.3 runtime traffic report, for symbols runtime edges can name. */
  readonly traffic?: SymbolTraffic;
}

export interface ContextSymbol extends SymbolFields {
  /** Position in rank order, 0 = most relevant. */
  readonly id: number;
  /** Index into ContextDocument.repos. */
  readonly repo: number;
  /** Score relative to the best candidate, in thousandths (1000 = best). */
  readonly relevance: number;
  readonly relations: readonly ContextRelation[];
}

export interface ContextDocument {
  readonly mode: ContextMode;
  /** The task description, or the file list; cut to QUERY_ECHO_CHARS. */
  readonly query: string;
  readonly tokenBudget: number;
  readonly symbolsIncluded: number;
  readonly symbolsAvailable: number;
  /** URLs of the repositories the symbols belong to, sorted. */
  readonly repos: readonly string[];
  /** In rank order (id order). */
  readonly symbols: readonly ContextSymbol[];
}

/** How much of the query the header repeats: enough to recognise it, not a second copy. */
export const QUERY_ECHO_CHARS = 200;

/** A symbol chosen for the context, before ids are known. */
export interface SymbolDraft extends SymbolFields {
  readonly repoUrl: string;
  readonly score: number;
  readonly relations: readonly Relation[];
}

export interface DocumentHeader {
  readonly mode: ContextMode;
  readonly query: string;
  readonly tokenBudget: number;
  readonly symbolsAvailable: number;
  /** The best candidate's score: relevance is relative to it. */
  readonly topScore: number;
}

export function echoQuery(query: string): string {
  const flat = query.replace(/\s+/g, ' ').trim();
  return flat.length <= QUERY_ECHO_CHARS ? flat : `${flat.slice(0, QUERY_ECHO_CHARS - 1)}…`;
}

/** Orders the drafts by score (ties by name), numbers them and links relations between them. */
export function assembleDocument(header: DocumentHeader, drafts: readonly SymbolDraft[]): ContextDocument {
  const ordered = [...drafts].sort((a, b) => b.score - a.score || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const ids = new Map(ordered.map((d, i) => [d.hash, i]));
  const repos = [...new Set(ordered.map((d) => d.repoUrl))].sort();
  const repoIds = new Map(repos.map((r, i) => [r, i]));
  const symbols = ordered.map((d, id): ContextSymbol => ({
    id,
    name: d.name,
    hash: d.hash,
    repo: repoIds.get(d.repoUrl)!,
    kind: d.kind,
    file: d.file,
    line: d.line,
    endLine: d.endLine,
    signature: d.signature,
    doc: d.doc,
    distance: d.distance,
    relevance: header.topScore > 0 ? Math.min(1000, Math.round((1000 * d.score) / header.topScore)) : 0,
    relations: d.relations.map((r) => {
      const id = ids.get(r.hash);
      return { edgeType: r.edgeType, direction: r.direction, target: id === undefined ? { name: r.name } : { id } };
    }),
    more: d.more,
    sourceState: d.sourceState,
    ...(d.source ? { source: d.source } : {}),
    ...(d.traffic ? { traffic: d.traffic } : {}),
  }));
  return {
    mode: header.mode,
    query: echoQuery(header.query),
    tokenBudget: header.tokenBudget,
    symbolsIncluded: symbols.length,
    symbolsAvailable: header.symbolsAvailable,
    repos,
    symbols,
  };
}
