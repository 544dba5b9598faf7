import { type GraphEdge, type GraphNode, type Hash, QualifiedName } from '../model';
import type { GraphView } from './graphView';
import { semanticDiff } from './snapshotDiff';
import { type ReachedNode, transitiveCallees, transitiveCallers } from './traversal';
import { compareStrings } from './viewIndex';

/**
 * The impact of a change between two views (pr_impact, SPEC §4.5, DESIGN §5): every
 * changed symbol with its transitive callers (who may break) and direct callees (what it
 * now depends on), the calls edges into changed symbols, and one risk level. The
 * thresholds are documented in docs/risk.md; change both together.
 */
export const IMPACT_DEFAULTS = {
  /** Transitive callers up to this depth (SPEC §2.5: the caller walk is 5 levels). */
  callerDepth: 5,
  /** Callees up to this depth: 1 lists what the symbol calls directly. */
  calleeDepth: 1,
  /** Compare only symbols of this repo; '' compares everything. */
  repoHash: '',
  risk: {
    /** critical: at least this many distinct callers affected... */
    criticalCallers: 100,
    /** ...or callers in at least this many other repos... */
    criticalRepos: 3,
    /** ...or a breaking change (removed, signature_changed) with a caller in another repo. */
    criticalBreakingCrossRepoCallers: 1,
    /** high: at least this many callers, or any caller in another repo... */
    highCallers: 25,
    highRepos: 1,
    /** ...or a breaking change with at least this many callers. */
    highBreakingCallers: 5,
    /** medium: at least this many callers, or a breaking change with any caller. */
    mediumCallers: 5,
    mediumBreakingCallers: 1,
  },
} as const;

export type ChangeType = 'added' | 'removed' | 'modified' | 'signature_changed';
export type RiskLevel = 'low' | 'medium' | 'high' | 'critical';
export type RiskThresholds = { readonly [K in keyof typeof IMPACT_DEFAULTS.risk]: number };

export interface ImpactOptions {
  readonly callerDepth?: number;
  readonly calleeDepth?: number;
  readonly repoHash?: Hash | '';
  readonly risk?: Partial<RiskThresholds>;
}

export interface ChangedSymbol {
  /** As of the new view; for removed symbols as of the old one. */
  readonly node: GraphNode;
  readonly view: GraphView;
  readonly changeType: ChangeType;
  readonly callers: readonly ReachedNode[];
  readonly callees: readonly ReachedNode[];
}

/** What the risk level is computed from. */
export interface RiskFacts {
  /** Distinct transitive callers of all changed symbols. */
  readonly callersAffected: number;
  /** Distinct repos, other than a changed symbol's own, holding one of its callers. */
  readonly crossRepoRepos: number;
  /** Distinct callers of removed or signature-changed symbols. */
  readonly breakingCallers: number;
  /** Of those, the ones in another repo than the symbol. */
  readonly breakingCrossRepoCallers: number;
}

export interface ImpactResult {
  /** By qualified name, then change type. */
  readonly changed: readonly ChangedSymbol[];
  /** Calls edges into changed symbols: the call sites to review. */
  readonly affectedEdges: readonly { readonly edge: GraphEdge; readonly source: GraphNode; readonly target: GraphNode }[];
  readonly calleesAffected: number;
  readonly facts: RiskFacts;
  readonly risk: RiskLevel;
}

const BREAKING: ReadonlySet<ChangeType> = new Set(['removed', 'signature_changed']);

export function prImpact(oldView: GraphView, newView: GraphView, options: ImpactOptions = {}): ImpactResult {
  const callerDepth = options.callerDepth ?? IMPACT_DEFAULTS.callerDepth;
  const calleeDepth = options.calleeDepth ?? IMPACT_DEFAULTS.calleeDepth;
  if (!Number.isInteger(callerDepth) || callerDepth < 1) throw new Error('graph/impact: callerDepth must be a positive integer');
  if (!Number.isInteger(calleeDepth) || calleeDepth < 1) throw new Error('graph/impact: calleeDepth must be a positive integer');
  const thresholds = resolveThresholds(options.risk ?? {});
  const diff = semanticDiff(oldView, newView, { repoHash: options.repoHash ?? IMPACT_DEFAULTS.repoHash });

  const candidates: { node: GraphNode; view: GraphView; changeType: ChangeType }[] = [
    ...diff.nodesAdded.map((node) => ({ node, view: newView, changeType: 'added' as const })),
    ...diff.nodesRemoved.map((node) => ({ node, view: oldView, changeType: 'removed' as const })),
    ...diff.nodesModified.map((m) => ({
      node: m.node, view: newView, changeType: m.signatureChanged ? 'signature_changed' as const : 'modified' as const,
    })),
  ];
  const changed: ChangedSymbol[] = candidates
    // Module nodes change with every edit of their file and placeholders are not code:
    // neither is a symbol a reviewer acts on.
    .filter(({ node }) => node.kind !== 'module' && !QualifiedName.isUnresolved(node.qualifiedName))
    .map(({ node, view, changeType }) => ({
      node, view, changeType,
      callers: transitiveCallers(view, node.nodeHash, { maxDepth: callerDepth }).reached,
      callees: transitiveCallees(view, node.nodeHash, { maxDepth: calleeDepth }).reached,
    }))
    .sort((a, b) => compareStrings(a.node.qualifiedName, b.node.qualifiedName) || compareStrings(a.changeType, b.changeType));

  const facts = riskFacts(changed);
  return {
    changed,
    affectedEdges: affectedEdges(changed),
    calleesAffected: new Set(changed.flatMap((c) => c.callees.map((r) => r.node.nodeHash))).size,
    facts,
    risk: riskLevel(facts, thresholds),
  };
}

export function riskFacts(changed: readonly ChangedSymbol[]): RiskFacts {
  const callers = new Set<Hash>();
  const otherRepos = new Set<Hash>();
  const breaking = new Set<Hash>();
  const breakingCrossRepo = new Set<Hash>();
  for (const symbol of changed) {
    const isBreaking = BREAKING.has(symbol.changeType);
    for (const { node } of symbol.callers) {
      const crossRepo = node.repoHash !== symbol.node.repoHash;
      callers.add(node.nodeHash);
      if (crossRepo) otherRepos.add(node.repoHash);
      if (isBreaking) breaking.add(node.nodeHash);
      if (isBreaking && crossRepo) breakingCrossRepo.add(node.nodeHash);
    }
  }
  return {
    callersAffected: callers.size, crossRepoRepos: otherRepos.size,
    breakingCallers: breaking.size, breakingCrossRepoCallers: breakingCrossRepo.size,
  };
}

/** The first level whose condition holds, from critical down (docs/risk.md). */
export function riskLevel(facts: RiskFacts, thresholds: RiskThresholds = IMPACT_DEFAULTS.risk): RiskLevel {
  const t = thresholds;
  if (facts.callersAffected >= t.criticalCallers || facts.crossRepoRepos >= t.criticalRepos
    || facts.breakingCrossRepoCallers >= t.criticalBreakingCrossRepoCallers) return 'critical';
  if (facts.callersAffected >= t.highCallers || facts.crossRepoRepos >= t.highRepos
    || facts.breakingCallers >= t.highBreakingCallers) return 'high';
  if (facts.callersAffected >= t.mediumCallers || facts.breakingCallers >= t.mediumBreakingCallers) return 'medium';
  return 'low';
}

function resolveThresholds(overrides: Partial<RiskThresholds>): RiskThresholds {
  const thresholds = { ...IMPACT_DEFAULTS.risk, ...overrides };
  for (const [name, value] of Object.entries(thresholds)) {
    if (!Number.isInteger(value) || value < 1) throw new Error(`graph/impact: risk.${name} must be a positive integer`);
  }
  return thresholds;
}

function affectedEdges(changed: readonly ChangedSymbol[]): ImpactResult['affectedEdges'] {
  const seen = new Set<Hash>();
  const out: { edge: GraphEdge; source: GraphNode; target: GraphNode }[] = [];
  for (const symbol of changed) {
    for (const edge of symbol.view.incoming(symbol.node.nodeHash, 'calls')) {
      const source = symbol.view.nodes.get(edge.sourceHash);
      if (!source || seen.has(edge.edgeHash)) continue;
      seen.add(edge.edgeHash);
      out.push({ edge, source, target: symbol.node });
    }
  }
  return out.sort((a, b) => compareStrings(a.source.qualifiedName, b.source.qualifiedName)
    || compareStrings(a.target.qualifiedName, b.target.qualifiedName) || compareStrings(a.edge.provenance, b.edge.provenance));
}
