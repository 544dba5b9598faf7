import { type CallSite, type GraphEdge, type GraphNode, type Hash, callSitesOf, sameCallSite, withCallSites } from '../model';
import { readFacts } from '../index/factsCodec';
import type { FactsCache } from '../store';
import { type EdgePlan, LSP_PROVENANCE, type ResolvedProvenance, outranks, resolvedEdge } from './edgePlan';
import { type LocatedFile, type NodeLocator, isConstructorOf } from './nodeLocator';
import type { LocationAnswers, SourceLocation } from './oracle';
import type { EnrichmentReport } from './report';

/** One call expression to ask about: where its callee's name is, and the file it is in. */
export interface CallQuery {
  readonly file: LocatedFile;
  readonly location: SourceLocation;
}

/** Every call site in the files' stored facts (calls that got no static edge too). */
export async function callQueries(store: FactsCache, files: readonly LocatedFile[]): Promise<CallQuery[]> {
  const queries: CallQuery[] = [];
  for (const file of files) {
    const facts = await readFacts(store, file.file.fileHash, file.file.contentHash);
    for (const call of facts?.calls ?? []) {
      queries.push({ file, location: { path: file.absolutePath, line: call.line, character: call.col } });
    }
  }
  return queries;
}

/** What the answers said about each site of one static edge. */
interface SiteVerdicts {
  readonly edge: GraphEdge;
  readonly file: LocatedFile;
  readonly confirmed: CallSite[];
  readonly contradicted: CallSite[];
}

/**
 * Turns definition answers at call sites into edge changes (SPEC 2.3 rule 4), written
 * with `provenance` (`lsp_resolved` by default). Per static edge, over all its sites:
 * - a site the answer names the edge's target at confirms it; an edge with a confirmed
 *   site and none contradicted is replaced by a resolved one with the same sites;
 * - a site the answer names one other node of the graph at contradicts it: the site
 *   leaves the edge (the edge goes when no site is left) and a resolved edge to that
 *   node takes it;
 * - the static pass had no edge there: a resolved edge is added.
 * No answer, an answer outside the indexed files, or several candidates none of which the
 * static edge names (a declaration in the indexed files that is no node of the graph
 * counts as a candidate): that site is left as it is. Edges the provenance does not outrank
 * (a SCIP edge before a language server, `ast_resolved`) are never touched.
 */
export function planCalls(
  queries: readonly CallQuery[], answers: LocationAnswers, locator: NodeLocator, plan: EdgePlan, report: EnrichmentReport,
  provenance: ResolvedProvenance = LSP_PROVENANCE,
): void {
  const verdicts = new Map<Hash, SiteVerdicts>();
  const verdictOf = (edge: GraphEdge, file: LocatedFile): SiteVerdicts => {
    let found = verdicts.get(edge.edgeHash);
    if (!found) verdicts.set(edge.edgeHash, (found = { edge, file, confirmed: [], contradicted: [] }));
    return found;
  };
  const inferred = new Set<Hash>();
  queries.forEach((query, i) => {
    const { file, location } = query;
    const counts = report.of('calls', file.file.language);
    counts.asked++;
    const site: CallSite = { file: file.file.path, line: location.line, col: location.character + 1 };
    const existing = locator.ownedEdges(file.file.fileHash)
      .filter((e) => e.edgeType === 'calls' && callSitesOf(e).some((s) => sameCallSite(s, site)));
    const replaceable = existing.filter((e) => outranks(provenance, e));
    for (const edge of replaceable) {
      if (edge.provenance === 'ast_inferred' && !inferred.has(edge.edgeHash)) {
        inferred.add(edge.edgeHash);
        counts.inferred++;
      }
    }
    const answer = answers[i];
    const declared = (answer ?? []).map((loc) => ({ loc, node: locator.declarationAt(loc) }));
    const targets = uniqueNodes(declared.map((d) => d.node));
    // tsserver answers a call through a value (a property typed `typeof f`, a destructured
    // local, an interface member) with that value's declaration and then the function its
    // type names. The graph has no node for the value, and any function of that type may
    // be behind it: the call is not known to reach the one node the answer maps to.
    // (Overloads pyright lists beside a function are that function's node: declarationAt.)
    const throughUnmodelledValue = targets.length > 0 && declared.some((d) => !d.node && locator.fileAt(d.loc.path));
    // A language server still loading times out, or names no declaration where the static
    // pass linked one of the indexed files: nothing at all, or (TypeScript's syntax-only
    // start) the import that brought the name in. One that works finds those; an empty
    // answer at a call into a missing dependency is an answer. Asked again later.
    if (!answer || (targets.length === 0 && existing.some((e) => locator.nodeByHash(e.targetHash)?.fileHash))) {
      report.unsettle(file.repo.repoHash, file.file.path);
    }
    if (!answer) return;
    counts.answered++;
    if (targets.length === 0) return;
    const named = (edge: GraphEdge): boolean => targets.some((t) => matches(t, edge, locator));
    if (targets.length > 1 || throughUnmodelledValue) {
      // Ambiguous (overloads, union types, a value the graph does not model): only confirm what the static pass already chose.
      for (const edge of replaceable) if (named(edge)) verdictOf(edge, file).confirmed.push(site);
      return;
    }
    for (const edge of replaceable) (named(edge) ? verdictOf(edge, file).confirmed : verdictOf(edge, file).contradicted).push(site);
    if (existing.some(named)) return;
    const [target] = targets;
    const source = existing[0]?.sourceHash ?? locator.enclosing(file.file.fileHash, location.line)?.nodeHash;
    if (!source || source === target.nodeHash) return;
    plan.add(file.repo.repoHash, file.file.contentHash, resolvedEdge(provenance, source, target.nodeHash, 'calls', file.file.fileHash, [site]));
    counts.added++;
  });
  for (const { edge, file, confirmed, contradicted } of verdicts.values()) {
    const counts = report.of('calls', file.file.language);
    const rest = callSitesOf(edge).filter((s) => !contradicted.some((c) => sameCallSite(c, s)));
    plan.remove(file.file.fileHash, file.repo.repoHash, file.file.contentHash, edge.edgeHash);
    if (confirmed.length > 0) {
      // The relationship holds: its contradicted sites went to their own targets above.
      plan.add(file.repo.repoHash, file.file.contentHash, resolvedEdge(provenance, edge.sourceHash, edge.targetHash, 'calls', file.file.fileHash, rest));
      if (edge.provenance === 'ast_inferred') counts.confirmed++;
    } else if (rest.length === 0) {
      counts.removed++;
    } else {
      // Some sites contradicted, the others not pinned down: the edge keeps those as it was.
      plan.add(file.repo.repoHash, file.file.contentHash, withCallSites(edge, rest));
    }
  }
}

/** A node the answer names is the edge's target, or the class whose constructor the edge targets. */
function matches(node: GraphNode, edge: GraphEdge, locator: NodeLocator): boolean {
  if (node.nodeHash === edge.targetHash) return true;
  const target = locator.nodeByHash(edge.targetHash);
  return target !== undefined && (isConstructorOf(target.qualifiedName, node.qualifiedName) || isConstructorOf(node.qualifiedName, target.qualifiedName));
}

export function uniqueNodes(nodes: ReadonlyArray<GraphNode | undefined>): GraphNode[] {
  const seen = new Map<string, GraphNode>();
  for (const node of nodes) if (node && !seen.has(node.nodeHash)) seen.set(node.nodeHash, node);
  return [...seen.values()];
}
