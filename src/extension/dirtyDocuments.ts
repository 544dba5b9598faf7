import type { LocationQueryKind, SourceLocation } from '../server/protocol';

/**
 * An editor answer with the documents that have unsaved changes taken into account.
 * The graph holds saved text; a language server answers from the editor's buffers, so a
 * position inside an unsaved document may point at other code than the graph's. Then:
 * - a query made inside such a document is not answered (null: asked again later);
 * - a definition or implementation answer that lands in one is not used at all (null),
 *   since enrichment would link, or contradict, from a position it cannot trust;
 * - a references answer keeps its other locations: references only add edges.
 * No `vscode` import: the extension passes what is unsaved.
 */
export function settleAgainstUnsaved(
  kind: LocationQueryKind, query: SourceLocation, isUnsaved: (path: string) => boolean, ask: () => Promise<SourceLocation[]>,
): Promise<SourceLocation[] | null> {
  if (isUnsaved(query.path)) return Promise.resolve(null);
  return ask().then((answer) => {
    if (kind === 'references') return answer.filter((location) => !isUnsaved(location.path));
    return answer.some((location) => isUnsaved(location.path)) ? null : answer;
  });
}
