import { onBinding, onParameter } from './bindings';
import { onCall, onNew } from './calls';
import type { Role } from './collect';
import {
  onClass, onExtends, onField, onFunction, onImplements, onInterface, onInterfaceCall, onInterfaceMethod, onInterfaceProperty, onMethod, onNamespace,
  onParameterField, onType,
} from './declarations';
import { onBlock, scopeOf } from './functionScopes';
import {
  onCommonJsExports, onCommonJsMember, onDynamicImport, onExport, onImport, onImportDefault, onNamespaceBinding,
  onSpecifier,
} from './moduleMatches';
import { onObject, onObjectMethod, onObjectProperty } from './objects';
import { onRouteCall, onRouteDecorator } from './routes';
import { onNarrow } from './narrowing';
import { onReturn } from './returns';
import { onTest } from './tests';
import type { FileState, MatchHandler, RoleMatch } from './types';
import { onDeclarator } from './variables';

/**
 * Reads the role matches in source order against a scope stack, so each handler sees
 * the scope its match sits in, and a match that opens a scope makes it the current one
 * until the scope's end.
 */

/** Role -> the handler that interprets its matches: one for every role of queries.scm. */
const HANDLERS: Readonly<Record<Role, MatchHandler>> = {
  'definition.function': onFunction,
  'definition.class': onClass,
  'definition.method': onMethod,
  'definition.field': onField,
  'definition.parameter_field': onParameterField,
  'definition.interface': onInterface,
  'definition.type': onType,
  'definition.namespace': onNamespace,
  'definition.object': onObject,
  'definition.object_method': onObjectMethod,
  'definition.object_property': onObjectProperty,
  'interface.method': onInterfaceMethod,
  'interface.property': onInterfaceProperty,
  'interface.call': onInterfaceCall,
  'base.extends': onExtends,
  'base.implements': onImplements,
  declarator: onDeclarator,
  'scope.function': scopeOf('function'),
  'scope.arrow': scopeOf('arrow'),
  'scope.namespace': scopeOf('namespace'),
  'scope.type': scopeOf('type'),
  'scope.block': onBlock,
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
  narrow: onNarrow,
  return: onReturn,
};

/** Replays the matches (in source order) into the file's state. */
export function replay(matches: readonly RoleMatch[], state: FileState): void {
  for (const match of matches) {
    const start = match.node.startIndex;
    while (state.scope.parent && state.scope.end <= start) state.scope = state.scope.parent;
    const opened = HANDLERS[match.role as Role](match, state);
    if (opened) {
      opened.start = start;
      state.scope = opened;
    }
  }
}
