import { positionOf } from '../common';
import type { SyntaxNode } from '../extractor';
import type { CalleeExpr, CallFact, Position } from '../facts';
import type { CallMatch } from './collect';
import { ExpressionTypes } from './expressionTypes';
import type { ItemIndex } from './items';
import { pathSegments, renderObject, startsUpperCase, typeNameOf } from './names';
import type { Scopes } from './scopes';
import type { Owner } from './symbols';

/** A module path a call goes through, where it was first written. */
export interface ModulePath extends Position {
  readonly segments: readonly string[];
  /** The inline modules around the call, for paths relative to them. */
  readonly modules: readonly string[];
}

/**
 * Calls: `f()`, `a::f()` / `Type::assoc()` (member form, the path prefix as the object),
 * `x.m()` (member form; its receiver typed as expressionTypes.ts reads it: `objectType`
 * when this file names the type, else a `receiverType` for the resolver to evaluate).
 * Macro invocations are not calls.
 */
export class CallReader {
  /**
   * Module paths calls and handler references go through (`crate::db::connect()`,
   * `db::pool::get()`), by the object as written: they become imports (modulePathImports).
   */
  readonly modulePaths = new Map<string, ModulePath>();

  private readonly types: ExpressionTypes;
  /** Callees by call node id: receiver chains ask for the same inner calls again. */
  private readonly callees = new Map<number, CalleeExpr | null>();

  constructor(
    private readonly items: ItemIndex,
    private readonly scopes: Scopes,
    /** `crate::f` names this file's own module (lib.rs, main.rs, a bin, a test target). */
    private readonly isCrateRoot: boolean,
  ) {
    this.types = new ExpressionTypes(items, scopes, (call, owner) => this.calleeOfCall(call, owner));
  }

  callFacts(calls: readonly CallMatch[]): CallFact[] {
    const facts: CallFact[] = [];
    for (const call of calls) {
      const owner = this.scopes.ownerOf(call.node);
      const site = this.calleeOf(call, owner);
      if (site) facts.push({ ...positionOf(site.at), caller: owner?.name ?? '', callee: site.callee });
    }
    return facts.sort((a, b) => a.line - b.line || a.col - b.col);
  }

  /** The callee of a call expression, as a receiver chain needs it. */
  private calleeOfCall(node: SyntaxNode, owner: Owner | undefined): CalleeExpr | undefined {
    const cached = this.callees.get(node.id);
    if (cached !== undefined) return cached ?? undefined;
    const match = callMatchOf(node);
    const callee = match ? this.calleeOf(match, owner)?.callee : undefined;
    this.callees.set(node.id, callee ?? null);
    return callee;
  }

  /** The callee of a call, and the token the call is reported at. */
  private calleeOf(call: CallMatch, owner: Owner | undefined): { callee: CalleeExpr; at: SyntaxNode } | undefined {
    const modules = owner?.modules ?? [];
    if (call.name) {
      const name = call.name.text;
      // A nested `fn` item is its symbol (`outer>inner`); a closure or other local names no item.
      const nested = this.scopes.nestedFunction(call.node, name);
      if (nested !== undefined) return { callee: { form: 'name', name: nested }, at: call.name };
      if (this.scopes.isLocal(call.node, name)) return undefined;
      return { callee: { form: 'name', name: this.items.lexical(name, modules) }, at: call.name };
    }
    if (!call.property) return undefined;
    const property = call.property.text;
    if (call.path) {
      const prefix = call.path.childForFieldName('path');
      if (!prefix) return undefined;
      return { callee: this.pathCallee(prefix, property, owner), at: call.property };
    }
    if (call.object) return { callee: this.memberCallee(call.object, property, owner), at: call.property };
    return undefined;
  }

  /** The type name of the value an expression yields, when this file alone shows it (`Greeter::default()`, a local bound to one). */
  valueTypeName(node: SyntaxNode, owner: Owner | undefined): string | undefined {
    return this.types.typeOf(node, owner)?.name;
  }

  /** A function named as a value (a route handler): `h`, `handlers::list`, `Self::show`. */
  referenceOf(node: SyntaxNode, owner: Owner | undefined): CalleeExpr | null {
    if (node.type === 'generic_function') {
      const inner = node.childForFieldName('function');
      return inner ? this.referenceOf(inner, owner) : null;
    }
    if (node.type === 'identifier') {
      return this.scopes.isLocal(node, node.text) ? null : { form: 'name', name: this.items.lexical(node.text, owner?.modules ?? []) };
    }
    const prefix = node.type === 'scoped_identifier' ? node.childForFieldName('path') : null;
    const name = node.childForFieldName('name');
    return prefix && name ? this.pathCallee(prefix, name.text, owner) : null;
  }

  /** `a::b::f()`: an item this file declares when the path leads to one, else as written. */
  private pathCallee(prefix: SyntaxNode, property: string, owner: Owner | undefined): CalleeExpr {
    const modules = owner?.modules ?? [];
    const segments = pathSegments(prefix);
    const lexical = segments && this.lexicalTarget([...segments, property], modules);
    if (lexical) return { form: 'name', name: lexical };
    // `T::f()` on a generic parameter names no type of the repo.
    const typeName = this.items.generics.names(prefix) ? undefined : typeNameOf(prefix, owner?.selfType);
    const objectType = typeName && !typeName.includes('.') ? this.items.lexical(typeName, modules) : typeName;
    const object = renderObject(prefix);
    if (!objectType && segments && isModulePath(segments) && !this.modulePaths.has(object)) {
      this.modulePaths.set(object, { ...positionOf(prefix), segments, modules });
    }
    return this.typedMember(object, property, objectType);
  }

  private memberCallee(object: SyntaxNode, property: string, owner: Owner | undefined): CalleeExpr {
    const type = this.types.typeOf(object, owner);
    const rendered = renderObject(object);
    // A type written without a name (`&[T]`, a tuple, a primitive) has only builtin methods.
    if (!type || type.name || type.expr.t === 'named') return this.typedMember(rendered, property, type?.name);
    return { form: 'member', object: rendered, property, receiverType: type.expr };
  }

  /** A member call; on a type of an inline module, the method by its local name when declared. */
  private typedMember(object: string, property: string, objectType: string | undefined): CalleeExpr {
    const method = objectType && `${objectType}.${property}`;
    if (objectType?.includes('.') && this.items.declared.has(objectType) && this.items.declared.has(method!)) {
      return { form: 'name', name: method! };
    }
    return objectType ? { form: 'member', object, property, objectType } : { form: 'member', object, property };
  }

  /**
   * A path that names an item of this file by the module it starts from: `self::f`,
   * `super::f` inside an inline module, `crate::f` in a crate root, `inner::f` for an
   * inline module `inner`. A single name left at the file's module is that name,
   * declared here or imported.
   */
  private lexicalTarget(segments: readonly string[], modules: readonly string[]): string | undefined {
    let base: readonly string[];
    let rest: readonly string[];
    const head = segments[0];
    if (head === 'self') {
      base = modules;
      rest = segments.slice(1);
    } else if (head === 'super') {
      const ups = segments.findIndex((s) => s !== 'super');
      if (ups < 0 || ups > modules.length) return undefined;
      base = modules.slice(0, modules.length - ups);
      rest = segments.slice(ups);
    } else if (head === 'crate') {
      if (!this.isCrateRoot) return undefined;
      base = [];
      rest = segments.slice(1);
    } else {
      // At the file's module, only a path into an inline module is this file's to read:
      // `Type::new()` stays a member call on its type.
      if (modules.length === 0 && !this.items.isInlineModule(head!)) return undefined;
      base = modules;
      rest = segments;
    }
    if (rest.length === 0) return undefined;
    if (base.length === 0 && rest.length === 1) return rest[0];
    const name = [...base, ...rest].join('.');
    return this.items.declared.has(name) ? name : undefined;
  }
}

/** A call expression read as the query's call patterns read it. */
function callMatchOf(node: SyntaxNode): CallMatch | undefined {
  let fn = node.childForFieldName('function');
  if (fn?.type === 'generic_function') fn = fn.childForFieldName('function');
  if (!fn) return undefined;
  if (fn.type === 'identifier') return { node, name: fn };
  const property = fn.childForFieldName(fn.type === 'field_expression' ? 'field' : 'name') ?? undefined;
  if (fn.type === 'scoped_identifier') return property?.type === 'identifier' ? { node, path: fn, property } : undefined;
  if (fn.type === 'field_expression') {
    const object = fn.childForFieldName('value') ?? undefined;
    return object && property?.type === 'field_identifier' ? { node, object, property } : undefined;
  }
  return undefined;
}

/** Files whose `crate::` is their own module: crate roots and separately compiled targets. */
export function isCrateRootFile(path: string): boolean {
  return /(^|\/)src\/(lib|main)\.rs$/.test(path)
    || /(^|\/)src\/bin\/[^/]+\.rs$/.test(path)
    || /(^|\/)src\/bin\/[^/]+\/main\.rs$/.test(path)
    || /(^|\/)(tests|examples|benches)\/[^/]+\.rs$/.test(path)
    || /(^|\/)build\.rs$/.test(path);
}

/**
 * `crate::a`, `super`, `a::b`, `serde_json`: a path to a module, not a type (types start
 * upper case and resolve as types). `self::f` names an item of this module lexically.
 */
function isModulePath(segments: readonly string[]): boolean {
  const last = segments[segments.length - 1]!;
  return last !== 'self' && !startsUpperCase(last);
}
