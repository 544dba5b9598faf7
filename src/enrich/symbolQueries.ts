import type { GraphEdge, GraphNode, Hash } from '../model';
import type { FileFacts } from '../extract/facts';
import { type EdgePlan, LSP_PROVENANCE, type ResolvedProvenance, outranks, resolvedEdge } from './edgePlan';
import { uniqueNodes } from './callSites';
import type { LocatedFile, NodeLocator } from './nodeLocator';
import type { LocationAnswers, SourceLocation } from './oracle';
import type { EnrichmentReport } from './report';

/** A declaration to ask about: an interface (implementations) or a function (references). */
export interface SymbolQuery {
  readonly file: LocatedFile;
  readonly node: GraphNode;
  readonly location: SourceLocation;
}

export function symbolQueries(locator: NodeLocator, files: readonly LocatedFile[], kinds: ReadonlySet<string>): SymbolQuery[] {
  return files.flatMap((file) => locator.nodesOf(file.file.fileHash)
    .filter((node) => kinds.has(node.kind) && locator.declarationAt({ path: file.absolutePath, line: node.line, character: node.column })?.nodeHash === node.nodeHash)
    .map((node) => ({ file, node, location: { path: file.absolutePath, line: node.line, character: node.column } })));
}

/**
 * Implementation answers on interfaces become `implements` edges (type -> interface),
 * owned by the implementing type's file. A non-empty answer that leaves out a type the
 * static pass linked contradicts that `ast_inferred` edge.
 */
export function planImplementations(
  implementsEdges: readonly GraphEdge[], queries: readonly SymbolQuery[], answers: LocationAnswers, locator: NodeLocator, plan: EdgePlan,
  report: EnrichmentReport, provenance: ResolvedProvenance = LSP_PROVENANCE,
): void {
  const inferredInto = groupBy(implementsEdges, (e) => e.targetHash);
  queries.forEach(({ file, node }, i) => {
    const counts = report.of('implements', file.file.language);
    counts.asked++;
    const existing = inferredInto.get(node.nodeHash) ?? [];
    const inferred = existing.filter((e) => outranks(provenance, e));
    counts.inferred += inferred.filter((e) => e.provenance === 'ast_inferred').length;
    const answer = answers[i];
    if (!answer) {
      report.unsettle(file.repo.repoHash, file.file.path);
      return;
    }
    counts.answered++;
    const implementors = uniqueNodes(answer.map((loc) => locator.implementorAt(loc)))
      .map((n) => (n.kind === 'method' ? typeOf(n, locator) : n))
      .filter((n): n is GraphNode => n !== undefined && n.nodeHash !== node.nodeHash && n.fileHash !== '');
    if (implementors.length === 0) return;
    const found = new Set(implementors.map((n) => n.nodeHash));
    for (const edge of inferred) {
      const owner = ownerOf(edge, locator);
      if (!owner) continue;
      plan.remove(edge.ownerFileHash, owner.repo.repoHash, owner.file.contentHash, edge.edgeHash);
      if (edge.provenance !== 'ast_inferred') continue;
      if (found.has(edge.sourceHash)) counts.confirmed++;
      else counts.removed++;
    }
    const confirmedSources = new Set(inferred.filter((e) => found.has(e.sourceHash)).map((e) => e.sourceHash));
    const alreadyResolved = new Set(existing.filter((e) => !outranks(provenance, e)).map((e) => e.sourceHash));
    for (const implementor of implementors) {
      if (alreadyResolved.has(implementor.nodeHash)) continue;
      const owner = locator.fileOfNode(implementor);
      if (!owner) continue;
      plan.add(owner.repo.repoHash, owner.file.contentHash, resolvedEdge(provenance, implementor.nodeHash, node.nodeHash, 'implements', implementor.fileHash as Hash, []));
      if (!confirmedSources.has(implementor.nodeHash)) counts.added++;
    }
  });
}

/**
 * Reference answers on functions and methods become `references` edges from the symbol
 * each non-call use sits in, owned by that use's file. The declaration itself, call
 * sites (calls edges cover them) and import lines (imports edges) are not references.
 */
export function planReferences(
  factsOf: ReadonlyMap<Hash, FileFacts>, queries: readonly SymbolQuery[], answers: LocationAnswers, locator: NodeLocator, plan: EdgePlan,
  report: EnrichmentReport, provenance: ResolvedProvenance = LSP_PROVENANCE,
): void {
  const sitesOf = new Map<Hash, { calls: Set<string>; importLines: Set<number> }>();
  const nonReferenceSites = (file: LocatedFile): { calls: Set<string>; importLines: Set<number> } => {
    let sites = sitesOf.get(file.file.fileHash);
    if (!sites) {
      const facts = factsOf.get(file.file.fileHash);
      sites = {
        calls: new Set((facts?.calls ?? []).map((c) => `${c.line}:${c.col}`)),
        importLines: new Set((facts?.imports ?? []).map((imp) => imp.line)),
      };
      sitesOf.set(file.file.fileHash, sites);
    }
    return sites;
  };
  queries.forEach(({ file, node, location }, i) => {
    const counts = report.of('references', file.file.language);
    counts.asked++;
    const answer = answers[i];
    if (!answer) {
      report.unsettle(file.repo.repoHash, file.file.path);
      return;
    }
    counts.answered++;
    const seen = new Set<Hash>();
    for (const loc of answer) {
      if (loc.path === location.path && loc.line === location.line && loc.character === location.character) continue;
      const user = locator.fileAt(loc.path);
      if (!user) continue;
      const sites = nonReferenceSites(user);
      if (sites.calls.has(`${loc.line}:${loc.character}`) || sites.importLines.has(loc.line)) continue;
      const source = locator.enclosing(user.file.fileHash, loc.line);
      if (!source || source.nodeHash === node.nodeHash || seen.has(source.nodeHash)) continue;
      seen.add(source.nodeHash);
      const owned = locator.ownedEdges(user.file.fileHash);
      const same = owned.filter((e) => e.edgeType === 'references' && e.sourceHash === source.nodeHash && e.targetHash === node.nodeHash);
      if (same.some((e) => !outranks(provenance, e))) continue;
      for (const edge of same) {
        plan.remove(user.file.fileHash, user.repo.repoHash, user.file.contentHash, edge.edgeHash);
        if (edge.provenance !== 'ast_inferred') continue;
        counts.inferred++;
        counts.confirmed++;
      }
      plan.add(user.repo.repoHash, user.file.contentHash, resolvedEdge(provenance, source.nodeHash, node.nodeHash, 'references', user.file.fileHash, [{
        file: user.file.path, line: loc.line, col: loc.character + 1,
      }]));
      if (same.length === 0) counts.added++;
    }
  });
}

/** The type a method belongs to (`pkg.Type.method` -> `pkg.Type`), when it is a node of the same file. */
function typeOf(method: GraphNode, locator: NodeLocator): GraphNode | undefined {
  const typeName = method.qualifiedName.slice(0, method.qualifiedName.lastIndexOf('.'));
  return locator.nodesOf(method.fileHash as Hash).find((n) => n.qualifiedName === typeName && (n.kind === 'type' || n.kind === 'interface'));
}

function ownerOf(edge: GraphEdge, locator: NodeLocator): LocatedFile | undefined {
  return edge.ownerFileHash ? locator.fileByHash(edge.ownerFileHash) : undefined;
}

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}
