import { QualifiedName } from '../../model';
import type { ContextDocument, ContextRelation, ContextSymbol } from '../document';
import type { RelationCategory } from '../relations';

/** The list a relation is shown in (relations only exist for these edges; see relationsOf). */
export function categoryOf(relation: Pick<ContextRelation, 'edgeType' | 'direction'>): RelationCategory {
  if (relation.edgeType === 'implements' || relation.edgeType === 'references') return 'types';
  return relation.direction === 'in' ? 'callers' : 'callees';
}

/** A qualified name as seen from a repository: the local part when it is in that repository. */
export function nameFrom(repoUrl: string, qualifiedName: string): string {
  return QualifiedName.repoPart(qualifiedName) === repoUrl ? QualifiedName.localPart(qualifiedName) : qualifiedName;
}

/** A symbol's relations of one category, as names seen from its repository. */
export function relationNames(doc: ContextDocument, symbol: ContextSymbol, category: RelationCategory): string[] {
  const repoUrl = doc.repos[symbol.repo];
  return symbol.relations
    .filter((r) => categoryOf(r) === category)
    .map((r) => nameFrom(repoUrl, 'id' in r.target ? doc.symbols[r.target.id].name : r.target.name));
}

/** `path:line` or `path:line-end`. */
export function location(symbol: Pick<ContextSymbol, 'file' | 'line' | 'endLine'>): string {
  return symbol.endLine > symbol.line ? `${symbol.file}:${symbol.line}-${symbol.endLine}` : `${symbol.file}:${symbol.line}`;
}

/** The signature is worth its tokens only when the source shown does not start with it. */
export function signatureShown(symbol: ContextSymbol): boolean {
  if (!symbol.signature) return false;
  if (!symbol.source) return true;
  const flat = (text: string): string => text.replace(/\s+/g, ' ').trim();
  // Extractors cut long signatures with an ellipsis: the part before it is what to find.
  const signature = flat(symbol.signature.endsWith('…') ? symbol.signature.slice(0, -1) : symbol.signature);
  const head = flat(symbol.source.text.slice(0, 2 * symbol.signature.length + 200));
  return !head.includes(signature);
}
