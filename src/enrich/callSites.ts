import type { GraphEdge, GraphNode } from '../model';
import { readFacts } from '../index/factsCodec';
import type { FactsCache } from '../store';
import { type EdgePlan, lspEdge } from './edgePlan';
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

/**
 * Turns definition answers at call sites into edge changes (SPEC 2.3 rule 4):
 * - the language server names the node the static edge already targets: the
 *   `ast_inferred` edge is replaced by an `lsp_resolved` one (confirmed);
 * - it names another node of the graph: the `ast_inferred` edge is removed
 *   (contradicted) and an `lsp_resolved` edge to that node added;
 * - the static pass had no edge there: an `lsp_resolved` edge is added.
 * No answer, an answer outside the indexed files, or several candidates none of which
 * the static edge names: the site is left as it is. Higher provenances are never touched.
 */
export function planCalls(
  queries: readonly CallQuery[], answers: LocationAnswers, locator: NodeLocator, plan: EdgePlan, report: EnrichmentReport,
): void {
  queries.forEach((query, i) => {
    const { file, location } = query;
    const counts = report.of('calls', file.file.language);
    counts.asked++;
    const site = { file: file.file.path, line: location.line, col: location.character + 1 };
    const existing = locator.ownedEdges(file.file.fileHash).filter((e) => e.edgeType === 'calls' && e.callSiteLine === site.line && e.callSiteCol === site.col
      && e.callSiteFile === site.file);
    const inferred = existing.filter((e) => e.provenance === 'ast_inferred');
    counts.inferred += inferred.length;
    const answer = answers[i];
    const targets = answer ? uniqueNodes(answer.map((loc) => locator.declarationAt(loc))) : [];
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
    const byHash = (edge: GraphEdge): GraphNode | undefined => targets.find((t) => matches(t, edge, locator));
    if (targets.length > 1) {
      // Ambiguous (overloads, union types): only confirm what the static pass already chose.
      for (const edge of inferred) if (byHash(edge)) confirm(edge);
      return;
    }
    const [target] = targets;
    const confirmed = existing.filter((e) => byHash(e));
    for (const edge of inferred) {
      if (byHash(edge)) confirm(edge);
      else {
        plan.remove(file.file.fileHash, file.repo.repoHash, file.file.contentHash, edge.edgeHash);
        counts.removed++;
      }
    }
    if (confirmed.length > 0) return;
    const source = existing[0]?.sourceHash ?? locator.enclosing(file.file.fileHash, location.line)?.nodeHash;
    if (!source || source === target.nodeHash) return;
    plan.add(file.repo.repoHash, file.file.contentHash, lspEdge(source, target.nodeHash, 'calls', file.file.fileHash, site));
    counts.added++;

    function confirm(edge: GraphEdge): void {
      plan.remove(file.file.fileHash, file.repo.repoHash, file.file.contentHash, edge.edgeHash);
      plan.add(file.repo.repoHash, file.file.contentHash, lspEdge(edge.sourceHash, edge.targetHash, 'calls', file.file.fileHash, site));
      counts.confirmed++;
    }
  });
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
