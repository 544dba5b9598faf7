import type { QueryMatch } from 'web-tree-sitter';
import { type RoleHandler, dispatchMatches } from '../roleDispatch';
import type { RoleMatch } from './types';

/**
 * The one query pass, sorted by role: queries.scm gives every pattern one role capture,
 * and each match is filed under its role here. Unlike the other languages, the record
 * is one list in source order: the handlers (replay.ts) read each match inside the
 * scope it sits in, and a scope is known only once the matches before it are read.
 */

/** Every role capture of queries.scm. */
export const ROLES = [
  'definition.function', 'definition.class', 'definition.method', 'definition.field', 'definition.parameter_field',
  'definition.interface', 'definition.type', 'definition.namespace', 'definition.object', 'definition.object_method',
  'definition.object_property', 'interface.method', 'interface.property', 'interface.call', 'base.extends',
  'base.implements', 'declarator', 'scope.function', 'scope.arrow', 'scope.namespace', 'scope.type', 'scope.block',
  'binding.parameter', 'binding.name', 'call', 'call.new', 'import', 'import.default', 'import.namespace',
  'import.specifier', 'import.dynamic', 'export', 'export.namespace', 'export.specifier', 'export.commonjs',
  'export.commonjs_member', 'test', 'route', 'decorator', 'narrow', 'return',
] as const;

export type Role = (typeof ROLES)[number];

/**
 * Matches that may open a scope go first among matches starting at the same place, so
 * what starts with them (an arrow's parameter, a test's own call) is read inside them.
 */
const MAY_OPEN_SCOPE: ReadonlySet<Role> = new Set<Role>([
  'definition.function', 'definition.class', 'definition.method', 'definition.field', 'definition.interface',
  'definition.namespace', 'definition.object', 'definition.object_method', 'definition.object_property',
  'declarator', 'scope.function', 'scope.arrow', 'scope.namespace', 'scope.type', 'scope.block', 'export', 'export.commonjs_member',
  'test', 'narrow',
]);

interface SortableMatch extends RoleMatch {
  readonly start: number;
  readonly opensScope: boolean;
}

/** Files a match under its role; the parts map is shared by all matches, so it is copied. */
function fileUnder(role: Role): RoleHandler<SortableMatch[]> {
  const opensScope = MAY_OPEN_SCOPE.has(role);
  return (node, parts, into) => {
    into.push({ role, node, parts: new Map(parts), start: node.startIndex, opensScope });
  };
}

const ROLE_HANDLERS: ReadonlyMap<string, RoleHandler<SortableMatch[]>> = new Map(ROLES.map((role) => [role, fileUnder(role)]));

/** A declaration and a bare scope on the same node (`declare function f(a: A);`): declaration first. */
function scopeRank(match: SortableMatch): number {
  return match.role.startsWith('scope.') ? 1 : 0;
}

/** Source order; at one start, scopes before the rest and outer scopes before inner. */
function compareMatches(a: SortableMatch, b: SortableMatch): number {
  if (a.start !== b.start) return a.start - b.start;
  if (a.opensScope !== b.opensScope) return a.opensScope ? -1 : 1;
  if (!a.opensScope) return 0;
  return b.node.endIndex - a.node.endIndex || scopeRank(a) - scopeRank(b);
}

/** The matches of the query pass with a role, in the order they are replayed. */
export function collectMatches(matches: readonly QueryMatch[]): RoleMatch[] {
  return dispatchMatches(matches, ROLE_HANDLERS, []).sort(compareMatches);
}
