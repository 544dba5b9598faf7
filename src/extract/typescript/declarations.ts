import { leadingComment } from '../common';
import type { SyntaxNode } from '../extractor';
import { Scope } from './scope';
import { callbackLocalPrefix } from './callbackLocals';
import type { FileState, MatchHandler, RoleMatch } from './types';
import { callableOf, typeTextOf } from './callables';
import { inferredReturnType } from './expressionTypes';
import { constraintOf, writtenTypeOf } from './writtenTypes';
import type { SymbolDraft } from './symbols';
import { type OverloadRun, overloadRun } from './overloads';
import { constructedTypeOf, dottedNameOf, isFunctionValue, memberName, typeNameOf } from './syntax';

/**
 * Declarations: module-level functions, classes, interfaces, types and constants become
 * symbols; every declaration also opens the scope its body's calls and names live in.
 */

function endOf(match: RoleMatch): number {
  return match.node.endIndex;
}

/** The export statement (if any) comes first: it is where the doc comment sits. */
function docAnchorOf(state: FileState, declaration: SyntaxNode): SyntaxNode {
  return state.exportStatementOf(declaration) ?? declaration;
}

/**
 * The symbol name a declaration gets here (`f`, or `N.f` inside namespace N; a function
 * or class in the body of the symbol `outer` is `outer>inner`, also inside a callback
 * there when `outer` declares the name once: callbackLocals.ts), or undefined where
 * declarations are not symbols (types inside functions, anonymous callbacks). Inside a
 * namespace or a function the short name is bound, so calls to `f` there reach the symbol.
 */
function declaredName(state: FileState, nameNode: SyntaxNode | undefined, nestable = false): string | undefined {
  const { scope } = state;
  if (!nameNode) return undefined;
  const prefix = scope.declarationPrefix ?? (nestable ? scope.nestedPrefix ?? callbackLocalPrefix(scope, nameNode.text, state.declaredNames) : undefined);
  if (prefix === undefined) return undefined;
  const name = `${prefix}${nameNode.text}`;
  if (prefix !== '') {
    scope.bind(nameNode.text, undefined);
    scope.declare(nameNode.text, name);
  }
  return name;
}

export const onFunction: MatchHandler = (match, state) => {
  const nameNode = match.parts.get('name');
  const name = declaredName(state, nameNode, true);
  if (name === undefined || !nameNode) {
    if (nameNode) state.scope.bind(nameNode.text, undefined);
    return new Scope('function', endOf(match), state.scope);
  }
  // One of overloads: one of them makes the symbol (overloads.ts).
  const run = overloadRun(match.node, match.parts.has('body'));
  if (run.symbolAt !== match.node) return new Scope('function', endOf(match), state.scope);
  // `declare function f();`: the doc comment sits before `declare`.
  const statement = match.node.parent?.type === 'ambient_declaration' ? match.node.parent : match.node;
  const ways = waysToCall(match.node, match.parts.get('body'), run);
  const draft = state.symbols.add({
    name,
    kind: 'function',
    declaration: match.node,
    nameNode,
    body: match.parts.get('body'),
    docAnchor: documentedSignature(run, (signature) => docAnchorOf(state, signature)) ?? docAnchorOf(state, statement),
    exported: state.exportStatementOf(match.node) !== undefined,
    returns: ways.returns,
  });
  if (draft) draft.callable = ways.callable;
  else forgetReturnTypeUnlessSame(state, name, ways.returns);
  if (state.scope.isModuleLevel && match.parts.has('body')) state.moduleFunctions.add(name);
  return new Scope('function', endOf(match), state.scope, name);
};

/** Where an overloaded declaration's doc comment is: before its first signature, which callers see, when one is there. */
function documentedSignature(run: OverloadRun, anchorOf: (signature: SyntaxNode) => SyntaxNode): SyntaxNode | undefined {
  const first = run.signatures[0];
  const anchor = first && anchorOf(first);
  return anchor && leadingComment(anchor) !== '' ? anchor : undefined;
}

/**
 * How a function or method is called and what a call gives: its overload signatures'
 * when it has some (a result only when all declare the same one), else its own (an
 * arrow function's, for a field holding one).
 */
function waysToCall(declaration: SyntaxNode, body: SyntaxNode | undefined, run?: OverloadRun): { returns?: string; callable?: string[] } {
  const overloads = run?.signatures ?? [];
  const ways = overloads.length > 0 ? overloads : [declaration];
  const results = new Set(ways.map((way) => returnTypeOf(way, overloads.length > 0 ? undefined : body)));
  const callables = ways.map(callableOf);
  const [agreed] = results;
  return {
    returns: results.size === 1 ? agreed : undefined,
    callable: callables.every((c) => c !== undefined) ? callables as string[] : undefined,
  };
}

/** Module-level class declarations are symbols; a class expression's name is its own. */
export const onClass: MatchHandler = (match, state) => {
  const nameNode = match.parts.get('name');
  const declared = match.node.type !== 'class';
  const symbol = declared ? declaredName(state, nameNode, true) : undefined;
  const scope = new Scope('class', endOf(match), state.scope, symbol);
  if (nameNode && declared && symbol === undefined) state.scope.bind(nameNode.text, undefined);
  if (scope.symbol === undefined || !nameNode) return scope;
  if (state.scope.isModuleLevel) state.moduleClasses.add(scope.symbol);
  scope.declaration = state.symbols.add({
    name: scope.symbol,
    kind: 'type',
    declaration: match.node,
    nameNode,
    body: match.parts.get('body'),
    headerStart: afterDecorators(match.node),
    docAnchor: docAnchorOf(state, match.node),
    exported: state.exportStatementOf(match.node) !== undefined,
    members: 'bases',
  });
  return scope;
};

/** `@Injectable() class A {}`: the signature starts at `class`. */
function afterDecorators(declaration: SyntaxNode): SyntaxNode | undefined {
  let child = declaration.firstChild;
  if (child?.type !== 'decorator') return undefined;
  while (child?.type === 'decorator') child = child.nextSibling;
  return child ?? undefined;
}

/** Decorators sit before a method in the class body; its doc comment sits before them. */
function firstDecoratorOf(member: SyntaxNode): SyntaxNode {
  let first = member;
  for (let sibling = member.previousSibling; sibling?.type === 'decorator'; sibling = sibling.previousSibling) first = sibling;
  return first;
}

function addMethod(state: FileState, match: RoleMatch, body: SyntaxNode | undefined, signature: SyntaxNode): string | undefined {
  const className = state.scope.kind === 'class' ? state.scope.symbol : undefined;
  const nameNode = match.parts.get('name');
  const name = memberName(nameNode);
  if (className === undefined || name === undefined) return undefined;
  const qualified = `${className}.${name}`;
  // One of overloads: one of them makes the symbol (overloads.ts); a field's arrow function has none.
  const run = signature === match.node ? overloadRun(match.node, body !== undefined) : undefined;
  if (run && run.symbolAt !== match.node) return qualified;
  const ways = waysToCall(signature, body, run);
  const added = state.symbols.add({
    name: qualified,
    kind: 'method',
    declaration: match.node,
    nameNode,
    body,
    docAnchor: (run && documentedSignature(run, firstDecoratorOf)) ?? firstDecoratorOf(match.node),
    returns: ways.returns,
  });
  if (added) added.callable = ways.callable;
  else {
    // A getter and its setter, or a method declared twice: one more way to call it.
    forgetReturnTypeUnlessSame(state, qualified, ways.returns);
    addOverloads(state, qualified, ways.callable);
  }
  return qualified;
}

/** More ways to call the one method symbol (none is known when one cannot be read). */
function addOverloads(state: FileState, name: string, callables: readonly string[] | undefined): void {
  const method = state.symbols.named(name).find((d) => d.kind === 'method');
  if (method?.callable && callables !== undefined) method.callable.push(...callables);
  else if (method) method.callable = undefined;
}

/**
 * Overloads share one symbol: which one a call picks depends on its arguments, so the
 * result type is known only when every overload declares the same one.
 */
function forgetReturnTypeUnlessSame(state: FileState, name: string, returns: string | undefined): void {
  const draft = state.symbols.named(name).find((d) => d.kind === 'method' || d.kind === 'function');
  if (draft?.results && draft.results[0] !== returns) draft.results = undefined;
}

/**
 * A function's or method's declared return type as written (`this` stays `this`: the
 * receiver's type, which the resolver knows), else the class its body's return
 * statements construct; undefined when neither says, or the annotation names a type
 * parameter.
 */
function returnTypeOf(signature: SyntaxNode, body: SyntaxNode | undefined): string | undefined {
  const annotation = signature.childForFieldName('return_type');
  return annotation ? writtenTypeOf(annotation) : inferredReturnType(signature, body);
}

/** Records a field or property of a class or interface with its declared type ('' when unknown). */
function addField(declaration: SymbolDraft | undefined, name: string, type: string | undefined): void {
  if (!declaration || declaration.fields?.some((f) => f.name === name)) return;
  (declaration.fields ??= []).push({ name, type: type ?? '' });
}

export const onMethod: MatchHandler = (match, state) => {
  const symbol = addMethod(state, match, match.parts.get('body'), match.node);
  // `get req(): HonoRequest` is read as a field: `c.req.param()` calls HonoRequest's param.
  const name = memberName(match.parts.get('name'));
  if (symbol !== undefined && name !== undefined && match.node.children.some((c) => c?.type === 'get')) {
    addField(state.scope.declaration, name, returnTypeOf(match.node, match.parts.get('body')));
  }
  return new Scope('method', endOf(match), state.scope, symbol);
};

/** Arrow-function properties are methods; other fields record the type `this.f` has. */
export const onField: MatchHandler = (match, state) => {
  const value = match.parts.get('value');
  if (value && isFunctionValue(value)) {
    const symbol = addMethod(state, match, value.childForFieldName('body') ?? undefined, value);
    return new Scope('holder', endOf(match), state.scope, symbol);
  }
  const name = memberName(match.parts.get('name'));
  if (state.scope.kind !== 'class' || name === undefined) return undefined;
  const annotation = match.parts.get('type');
  state.scope.declareField(name, annotation ? ownFieldType(annotation) : constructedTypeOf(value));
  addField(state.scope.declaration, name, annotation ? writtenTypeOf(annotation) : constructedTypeOf(value) ?? heldValueType(value, state.scope));
  return undefined;
};

/**
 * `static create = createZodEnum`: the field has the type of the value it names, which
 * TypeScript writes `typeof createZodEnum` (the resolver calls through it). Only a name
 * the module declares or imports: a local of an enclosing function is not read.
 */
function heldValueType(value: SyntaxNode | undefined, scope: Scope): string | undefined {
  const path = value && (value.type === 'identifier' || value.type === 'member_expression') ? dottedNameOf(value) : undefined;
  const root = path?.split('.')[0];
  if (root === undefined || root === 'this' || root === 'super') return undefined;
  const binder = scope.binderOf(root);
  return !binder || binder.isModuleLevel ? `typeof ${path}` : undefined;
}

/**
 * The type `this.f` has in its class's own body: as annotated, or, for a field typed by
 * one of the class's type parameters (`environment: Env` under `<Env extends
 * Environment>`), the parameter's constraint, whose members are what the compiler finds
 * there. Outside the class the field is what the type arguments make it, so the stored
 * field (addField) records no type for it.
 */
function ownFieldType(annotation: SyntaxNode | undefined): string | undefined {
  return constraintOf(annotation) ?? typeNameOf(annotation);
}

/** `constructor(private store: Store)`: the parameter is also a field of the class. */
export const onParameterField: MatchHandler = (match, state) => {
  const method = state.scope.nearest('method');
  const name = match.parts.get('name')?.text;
  if (method?.parent?.kind !== 'class' || name === undefined) return;
  method.parent.declareField(name, ownFieldType(match.parts.get('type')));
  addField(method.parent.declaration, name, writtenTypeOf(match.parts.get('type')));
};

export const onInterface: MatchHandler = (match, state) => {
  const nameNode = match.parts.get('name');
  const scope = new Scope('interface', endOf(match), state.scope);
  const name = declaredName(state, nameNode);
  if (name === undefined || !nameNode) return scope;
  scope.declaration = state.symbols.add({
    name,
    kind: 'interface',
    declaration: match.node,
    nameNode,
    body: match.parts.get('body'),
    docAnchor: docAnchorOf(state, match.node),
    exported: state.exportStatementOf(match.node) !== undefined,
    members: 'bases-and-methods',
  });
  return scope;
};

/**
 * A method an interface requires: listed on the interface, and a symbol of its own with
 * its declared return type, so calls through the interface link and their results type.
 */
export const onInterfaceMethod: MatchHandler = (match, state) => {
  const declaration = state.scope.nearest('interface')?.declaration;
  const nameNode = match.parts.get('name');
  const name = memberName(nameNode);
  if (!declaration?.methods || name === undefined) return;
  const signature = match.node.type === 'property_signature'
    ? match.node.childForFieldName('type')?.namedChild(0) ?? match.node
    : match.node;
  if (declaration.methods.includes(name)) {
    // An overload: its result must agree with the others' for a call's to be known.
    const qualified = `${declaration.name}.${name}`;
    const callable = callableOf(signature);
    forgetReturnTypeUnlessSame(state, qualified, returnTypeOf(signature, undefined));
    addOverloads(state, qualified, callable === undefined ? undefined : [callable]);
    return;
  }
  declaration.methods.push(name);
  state.symbols.add({
    name: `${declaration.name}.${name}`,
    kind: 'method',
    declaration: match.node,
    nameNode,
    docAnchor: match.node,
    exported: declaration.exported,
    returns: returnTypeOf(signature, undefined),
    callable: callableOf(signature),
  });
};

/** `(req: Req): Res` in an interface: a value of the interface can be called so. */
export const onInterfaceCall: MatchHandler = (match, state) => {
  const declaration = state.scope.nearest('interface')?.declaration;
  const callable = callableOf(match.node);
  if (declaration && callable !== undefined) (declaration.callable ??= []).push(callable);
};

/** `store: Store` in an interface: a property whose type `x.store` has. */
export const onInterfaceProperty: MatchHandler = (match, state) => {
  const type = match.parts.get('type');
  const name = memberName(match.parts.get('name'));
  if (type?.type === 'function_type' || name === undefined) return;
  addField(state.scope.nearest('interface')?.declaration, name, writtenTypeOf(type));
};

/** Type aliases and enums. */
export const onType: MatchHandler = (match, state) => {
  const nameNode = match.parts.get('name');
  const name = declaredName(state, nameNode);
  if (name === undefined || !nameNode) return;
  const draft = state.symbols.add({
    name,
    kind: 'type',
    declaration: match.node,
    nameNode,
    body: match.parts.get('body'),
    docAnchor: docAnchorOf(state, match.node),
    exported: state.exportStatementOf(match.node) !== undefined,
  });
  if (draft && match.node.type === 'type_alias_declaration') describeAlias(draft, match.node.childForFieldName('value'));
};

/**
 * `type Ctx = Context` is Context under another name, `type DepMap = Map<any, Dep>` a Map:
 * the aliased type is recorded as written (what indexing and the container's own
 * methods read), and a plain named type (or one made nullable) also as a base, so
 * members are looked up on it.
 */
function describeAlias(draft: SymbolDraft, value: SyntaxNode | null): void {
  if (value?.type === 'object_type') return describeObjectType(draft, value);
  if (!value) return;
  // A generic alias is read with its type parameters unknown: `type H<E> = Handler<E> |
  // Other<E>` is one of Handler or Other whatever E is.
  const written = writtenTypeOf(value) ?? (value.type === 'predefined_type' ? undefined : typeTextOf(value));
  if (written === undefined) return;
  draft.underlying = written;
  const named = namedTypeOf(written);
  if (named !== undefined && named !== 'unknown') draft.bases?.push(named) ?? (draft.bases = [named]);
}

/**
 * The one type a type as written names, perhaps with type arguments and made nullable
 * (`Store<K> | undefined`); undefined for a union of two (`A<X> | B<Y>`) and other types.
 */
function namedTypeOf(written: string): string | undefined {
  const name = /^[\p{L}$_][\p{L}\p{N}$_.]*/u.exec(written)?.[0];
  if (name === undefined) return undefined;
  let rest = written.slice(name.length).trimStart();
  if (rest.startsWith('<')) {
    let depth = 0;
    let close = -1;
    for (let i = 0; i < rest.length && close < 0; i++) {
      if (rest[i] === '<') depth++;
      else if (rest[i] === '>' && rest[i - 1] !== '=' && --depth === 0) close = i;
    }
    if (close < 0) return undefined;
    rest = rest.slice(close + 1);
  }
  return /^(?:\s*\|\s*(?:null|undefined))*$/.test(rest) ? name : undefined;
}

/**
 * `type Options = { store: Store; onError?: (c: Context) => void }`: its properties are
 * fields, as an interface's are (`options.store.get()`, a callback passed as onError).
 */
function describeObjectType(draft: SymbolDraft, body: SyntaxNode): void {
  for (const member of body.namedChildren) {
    if (member?.type !== 'property_signature') continue;
    const name = memberName(member.childForFieldName('name'));
    const annotation = member.childForFieldName('type');
    const type = annotation?.type === 'type_annotation' ? annotation.namedChild(0) : annotation;
    if (name !== undefined && type) addField(draft, name, writtenTypeOf(type) ?? (type.type === 'predefined_type' ? undefined : typeTextOf(type)));
  }
}

/** A base as written: `Base`, `ns.Base`, `Base<T>` as `Base`; `Mixin(Base)` names none. */
function baseNameOf(node: SyntaxNode): string | undefined {
  if (node.type === 'identifier' || node.type === 'member_expression') return dottedNameOf(node);
  return typeNameOf(node);
}

function onBase(isExtends: boolean): MatchHandler {
  return (match, state) => {
    const owner = state.scope;
    if (owner.kind !== 'class' && owner.kind !== 'interface') return;
    const name = baseNameOf(match.node);
    if (name === undefined) return;
    if (isExtends && owner.kind === 'class') owner.baseClass ??= name;
    const bases = owner.declaration?.bases;
    if (bases && !bases.includes(name)) bases.push(name);
  };
}

export const onExtends = onBase(true);
export const onImplements = onBase(false);

/**
 * `namespace N { ... }` at module level (or in another namespace) is a symbol its
 * members are named under: `N.f`, `N.Inner.g`. A namespace is a type and a value at
 * once; as a type, `N.f()` finds its members the way `Type.member` is found.
 */
export const onNamespace: MatchHandler = (match, state) => {
  const nameNode = match.parts.get('name');
  const name = declaredName(state, nameNode);
  const scope = new Scope('namespace', endOf(match), state.scope, name);
  if (name === undefined || !nameNode) return scope;
  scope.declarationPrefix = `${name}.`;
  const statement = match.node.parent?.type === 'expression_statement' ? match.node.parent : match.node;
  state.symbols.add({
    name,
    kind: 'type',
    declaration: match.node,
    nameNode,
    body: match.parts.get('body'),
    docAnchor: docAnchorOf(state, statement),
    exported: state.exportStatementOf(match.node) !== undefined,
  });
  return scope;
};
