import type { QueryMatch } from 'web-tree-sitter';
import type { SyntaxNode } from './extractor';

/** The other captures of a match, by capture name (the first of each name). */
export type Parts = Map<string, SyntaxNode>;

/** Interprets one match: the node captured under its role name, and the match's other parts. */
export type RoleHandler<Into> = (node: SyntaxNode, parts: Parts, into: Into) => void;

/**
 * Hands every query match to the handler of its role: the first capture whose name has a
 * handler. One parts map serves all matches (handlers copy out what they keep), so a
 * whole-file pass allocates one map, not one per match.
 */
export function dispatchMatches<Into>(matches: readonly QueryMatch[], handlers: ReadonlyMap<string, RoleHandler<Into>>, into: Into): Into {
  const parts: Parts = new Map();
  for (const match of matches) {
    parts.clear();
    let handler: RoleHandler<Into> | undefined;
    let roleNode: SyntaxNode | undefined;
    for (const capture of match.captures) {
      const roleHandler = handler ? undefined : handlers.get(capture.name);
      if (roleHandler) {
        handler = roleHandler;
        roleNode = capture.node;
      } else if (!parts.has(capture.name)) {
        parts.set(capture.name, capture.node);
      }
    }
    if (handler && roleNode) handler(roleNode, parts, into);
  }
  return into;
}
