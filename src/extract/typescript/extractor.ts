import type { QueryMatch } from 'web-tree-sitter';
import { countSyntaxErrors } from '../common';
import type { ExtractInput, LanguageExtractor, SyntaxNode } from '../extractor';
import type { FileFacts } from '../facts';
import { onBinding, onParameter } from './bindings';
import { callFacts, onCall, onNew } from './calls';
import {
  onClass, onExtends, onField, onFunction, onImplements, onInterface, onInterfaceMethod, onMethod, onNamespace,
  onParameterField, onType, scopeOf,
} from './declarations';
import {
  onCommonJsExports, onCommonJsMember, onDynamicImport, onExport, onImport, onImportDefault, onNamespaceBinding,
  onSpecifier,
} from './moduleMatches';
import { onRouteCall, onRouteDecorator, routeFacts } from './routes';
import { FileState, type MatchEvent, type MatchHandler } from './state';
import { onTest } from './tests';
import { onDeclarator } from './variables';

/**
 * The TypeScript/JavaScript extractor. One query pass over the tree; the matches are
 * sorted into source order and replayed against a scope stack, so each handler sees the
 * scope its match sits in. Calls are typed and exports marked once all are read.
 */

/** Primary capture -> handler. Every pattern in queries.scm has exactly one of these. */
const HANDLERS: Readonly<Record<string, MatchHandler>> = {
  'definition.function': onFunction,
  'definition.class': onClass,
  'definition.method': onMethod,
  'definition.field': onField,
  'definition.parameter_field': onParameterField,
  'definition.interface': onInterface,
  'definition.type': onType,
  'definition.namespace': onNamespace,
  'interface.method': onInterfaceMethod,
  'base.extends': onExtends,
  'base.implements': onImplements,
  declarator: onDeclarator,
  'scope.function': scopeOf('function'),
  'scope.arrow': scopeOf('arrow'),
  'scope.namespace': scopeOf('namespace'),
  'scope.type': scopeOf('type'),
  'binding.parameter': onParameter,
  'binding.name': onBinding,
  call: onCall,
  'call.new': onNew,
  import: onImport,
  'import.default': onImportDefault,
  'import.namespace': onNamespaceBinding,
  'import.specifier': onSpecifier,
  'import.dynamic': onDynamicImport,
  export: onExport,
  'export.namespace': onNamespaceBinding,
  'export.specifier': onSpecifier,
  'export.commonjs': onCommonJsExports,
  'export.commonjs_member': onCommonJsMember,
  test: onTest,
  route: onRouteCall,
  decorator: onRouteDecorator,
};

/**
 * Matches that may open a scope go first among matches starting at the same place, so
 * what starts with them (an arrow's parameter, a test's own call) is read inside them.
 */
const MAY_OPEN_SCOPE = new Set([
  'definition.function', 'definition.class', 'definition.method', 'definition.field', 'definition.interface',
  'definition.namespace',
  'declarator', 'scope.function', 'scope.arrow', 'scope.namespace', 'scope.type', 'export', 'export.commonjs_member',
  'test',
]);

interface SortableEvent extends MatchEvent {
  readonly start: number;
  readonly opensScope: boolean;
}

function eventOf(match: QueryMatch): SortableEvent | undefined {
  const captures = new Map<string, SyntaxNode>();
  let primary: string | undefined;
  for (const { name, node } of match.captures) {
    if (!captures.has(name)) captures.set(name, node);
    if (primary === undefined && name in HANDLERS) primary = name;
  }
  const node = primary === undefined ? undefined : captures.get(primary);
  if (primary === undefined || !node) return undefined;
  return { primary, node, captures, start: node.startIndex, opensScope: MAY_OPEN_SCOPE.has(primary) };
}

/** A declaration and a bare scope on the same node (`declare function f(a: A);`): declaration first. */
function scopeRank(event: SortableEvent): number {
  return event.primary.startsWith('scope.') ? 1 : 0;
}

/** Source order; at one start, scopes before the rest and outer scopes before inner. */
function compareEvents(a: SortableEvent, b: SortableEvent): number {
  if (a.start !== b.start) return a.start - b.start;
  if (a.opensScope !== b.opensScope) return a.opensScope ? -1 : 1;
  if (!a.opensScope) return 0;
  return b.node.endIndex - a.node.endIndex || scopeRank(a) - scopeRank(b);
}

function replay(events: readonly SortableEvent[], state: FileState): void {
  for (const event of events) {
    while (state.scope.parent && state.scope.end <= event.start) state.scope = state.scope.parent;
    const handler = HANDLERS[event.primary];
    const opened = handler?.(event, state);
    if (opened) state.scope = opened;
  }
}

/**
 * Tree-sitter matches a pattern waiting on a sibling after a deep subtree in quadratic
 * time: a generated chain `a.b().c()...` tens of thousands deep would run for hours.
 * Past this budget the query stops and the file yields no facts.
 */
const QUERY_BUDGET_MICROS = 20_000_000;

/** The matches in source order, and whether the query ran out of time. */
function sortedEvents(input: ExtractInput): { events: SortableEvent[]; timedOut: boolean } {
  const started = performance.now();
  const matches = input.query.matches(input.tree.rootNode, { timeoutMicros: QUERY_BUDGET_MICROS });
  const timedOut = matches.length === 0 && (performance.now() - started) * 1000 >= QUERY_BUDGET_MICROS;
  const events: SortableEvent[] = [];
  for (const match of matches) {
    const event = eventOf(match);
    if (event) events.push(event);
  }
  return { events: events.sort(compareEvents), timedOut };
}

function extract(input: ExtractInput): FileFacts {
  const root = input.tree.rootNode;
  const { events, timedOut } = sortedEvents(input);
  const state = new FileState(input);
  replay(events, state);
  state.modules.finish(state.symbols);
  const { defaultSymbol } = state.modules;
  return {
    path: input.path,
    language: input.language,
    symbols: state.symbols.facts(),
    imports: state.modules.facts(),
    calls: callFacts(state),
    references: [],
    routes: routeFacts(state),
    ...(defaultSymbol !== undefined ? { defaultExport: defaultSymbol } : {}),
    // A query that ran out of time leaves the facts partial, which is what this counts.
    syntaxErrors: countSyntaxErrors(root) + (timedOut ? 1 : 0),
  };
}

export const typescriptExtractor: LanguageExtractor = { extract };
