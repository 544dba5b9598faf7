import { positionOf, typeExprDepth } from '../common';
import type { SyntaxNode } from '../extractor';
import type { CalleeExpr, CallFact } from '../facts';
import { fieldTypeAt, typeOfName } from './bindings';
import type { CallMatch } from './collect';
import { ExpressionTyper } from './expressionTypes';
import { type Scope, type ScopeTree, classOf, overloadFor, typeParametersAt } from './scopes';
import { createdTypeName, namedTypeIn, referenceTypeName, typeNameToken } from './types';

/** Calls nested in a receiver beyond this depth (`a.b().c()....`) leave it untyped. */
const MAX_NESTED_CALLS = 12;
/** A receiverType nested deeper than this (a long chain of `var` locals each calling on the last) is dropped. */
const MAX_TYPE_DEPTH = 16;

/**
 * Java calls. Java has no free functions, so an unqualified `m()` is a call on `this`
 * (typed as the class that declares `m`), unless `m` is statically imported. A receiver
 * whose type the file names carries it as objectType; one typed through other files'
 * declarations (a call's result, a field of another class, a collection's element)
 * carries a receiverType for the resolver. An overloaded method of a class of this file
 * is picked by argument count when exactly one overload fits.
 */
export class CallReader {
  private readonly typer: ExpressionTyper;
  private readonly invocationCallees = new Map<number, CalleeExpr | undefined>();
  private nesting = 0;

  constructor(private readonly tree: ScopeTree, private readonly staticImports: ReadonlySet<string>) {
    this.typer = new ExpressionTyper(tree, staticImports, (invocation) => this.invocationCallee(invocation));
  }

  callFacts(calls: readonly CallMatch[]): CallFact[] {
    const facts: CallFact[] = [];
    for (const call of calls) {
      const fact = this.callFact(call);
      if (fact) facts.push(fact);
    }
    return facts;
  }

  private callFact(call: CallMatch): CallFact | undefined {
    switch (call.form) {
      case 'method': {
        const offset = call.name.startIndex;
        const callee = call.object
          ? this.memberCall(call.object, call.name.text, call.args, offset)
          : this.unqualifiedCall(call.name.text, call.args, offset);
        return { ...positionOf(call.name), caller: this.tree.callerAt(offset), callee };
      }
      case 'new': {
        const typeName = referenceTypeName(call.type);
        if (!typeName) return undefined;
        const token = typeNameToken(call.type);
        const callee = this.construction(typeName, call.args);
        return { ...positionOf(token), caller: this.tree.callerAt(call.node.startIndex), callee };
      }
      case 'constructor': {
        const callee = this.constructorInvocation(call.keyword, call.args);
        const offset = call.keyword.startIndex;
        return callee && { ...positionOf(call.keyword), caller: this.tree.callerAt(offset), callee };
      }
    }
  }

  /** `m()`: the nearest enclosing class declaring `m`, a static import, or an inherited method. */
  private unqualifiedCall(name: string, args: SyntaxNode, offset: number): CalleeExpr {
    const innermost = classOf(this.tree.scopeAt(offset));
    for (let owner = innermost; owner; owner = classOf(owner.parent)) {
      if (owner.methods.has(name)) return this.onType('this', owner, name, args);
      // A class with supertypes may inherit `m`: looking further out would guess.
      if (!isPlainNamedType(owner)) break;
    }
    if (this.staticImports.has(name)) return { form: 'name', name };
    if (innermost?.kind === 'type' && innermost.symbolName) return memberCallee('this', innermost.symbolName, name);
    return { form: 'member', object: 'this', property: name };
  }

  /**
   * The callee of a method invocation met inside an expression (`a.b().c()`: `a.b`), read
   * once per invocation; a chain nested deeper than MAX_NESTED_CALLS stays untyped.
   */
  private invocationCallee(invocation: SyntaxNode): CalleeExpr | undefined {
    if (this.invocationCallees.has(invocation.id)) return this.invocationCallees.get(invocation.id);
    if (this.nesting >= MAX_NESTED_CALLS) return undefined;
    this.nesting++;
    try {
      const name = invocation.childForFieldName('name');
      const args = invocation.childForFieldName('arguments');
      const object = invocation.childForFieldName('object');
      const offset = name?.startIndex ?? 0;
      const callee = !name || !args ? undefined
        : object ? this.memberCall(object, name.text, args, offset) : this.unqualifiedCall(name.text, args, offset);
      this.invocationCallees.set(invocation.id, callee);
      return callee;
    } finally {
      this.nesting--;
    }
  }

  /** `obj.m()`: typed when local syntax shows obj's type, or other files' declarations may. */
  private memberCall(object: SyntaxNode, name: string, args: SyntaxNode, offset: number): CalleeExpr {
    const written = objectText(object);
    let typeName = this.objectTypeOf(object, written, offset);
    if (!typeName) {
      const typed = this.typer.typeOf(object, offset);
      const receiverType = typed && typeExprDepth(typed) <= MAX_TYPE_DEPTH ? typed : undefined;
      if (receiverType?.t !== 'named') return { form: 'member', object: written, property: name, ...(receiverType ? { receiverType } : {}) };
      typeName = namedTypeIn(receiverType.name);
      if (!typeName) return { form: 'member', object: written, property: name };
    }
    const declared = this.tree.typeBySymbol(typeName);
    return declared ? this.onType(written, declared, name, args) : memberCallee(written, typeName, name);
  }

  /** A call of `name` on a class of this file: the overload by arity, or untyped when ambiguous. */
  private onType(object: string, owner: Scope, name: string, args: SyntaxNode): CalleeExpr {
    if (owner.kind !== 'type' || !owner.symbolName) return { form: 'member', object, property: name };
    const overloads = owner.methods.get(name);
    if (!overloads) return memberCallee(object, owner.symbolName, name);
    const chosen = overloadFor(overloads, args);
    return chosen ? memberCallee(object, owner.symbolName, chosen.member) : { form: 'member', object, property: name };
  }

  private objectTypeOf(object: SyntaxNode, written: string, offset: number): string | undefined {
    // The common receivers are told apart by their text; a node type is a wasm round trip.
    const kind = written === 'this' || written === 'super' ? written : /^[A-Za-z_$][\w$]*$/.test(written) ? 'identifier' : object.type;
    switch (kind) {
      case 'this': {
        const owner = classOf(this.tree.scopeAt(offset));
        return owner?.kind === 'type' ? owner.symbolName : undefined;
      }
      case 'super':
        return this.superclassAt(offset);
      case 'identifier': {
        const binding = typeOfName(this.tree, object.text, offset);
        if (binding.bound) return binding.type && !typeParametersAt(this.tree.scopeAt(offset)).has(binding.type) ? this.qualify(binding.type) : undefined;
        // `Util.helper()`: a capitalised name that is not a constant is a class.
        return /^[A-Z]/.test(object.text) && /[a-z]/.test(object.text) ? this.qualify(object.text) : undefined;
      }
      case 'field_access':
        return this.fieldAccessType(object, offset);
      case 'object_creation_expression': {
        const created = createdTypeName(object);
        return created && this.qualify(created);
      }
      case 'parenthesized_expression': {
        const inner = object.namedChild(0);
        const cast = inner?.type === 'cast_expression' ? inner.childForFieldName('type') : null;
        const castType = cast && referenceTypeName(cast);
        return castType ? this.qualify(castType) : undefined;
      }
      default:
        return undefined;
    }
  }

  /** `this.repo`, `Outer.this`, `Outer.Inner`, `java.util.Collections`. */
  private fieldAccessType(access: SyntaxNode, offset: number): string | undefined {
    const target = access.childForFieldName('object');
    const field = access.childForFieldName('field');
    if (!target || !field) return undefined;
    if (target.type === 'this' && field.type === 'identifier') {
      const type = fieldTypeAt(this.tree, field.text, offset);
      return type && this.qualify(type);
    }
    if (field.type === 'this' && target.type === 'identifier') {
      const enclosing = this.enclosingTypeNamed(target.text, offset);
      return enclosing?.symbolName;
    }
    if (access.endIndex - access.startIndex > 200) return undefined;
    const path = access.text.replace(/\s+/g, '');
    const first = path.slice(0, path.indexOf('.'));
    if (!/^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)+$/.test(path) || typeOfName(this.tree, first, offset).bound) return undefined;
    const segments = path.split('.');
    const firstClass = segments.findIndex((s) => /^[A-Z]/.test(s));
    // A type path: packages in lower case, then classes (`a.b.Outer.Inner`), all the way.
    if (firstClass < 0 || segments.slice(firstClass).some((s) => !/^[A-Z]/.test(s) || !/[a-z]/.test(s))) return undefined;
    return firstClass === 0 ? this.qualify(path) : path;
  }

  /** `new T(...)`: the constructor by arity when T is a class of this file. */
  private construction(typeName: string, args: SyntaxNode): CalleeExpr {
    const qualified = this.qualify(typeName);
    const declared = this.tree.typeBySymbol(qualified);
    if (declared) {
      const chosen = overloadFor(declared.methods.get('constructor'), args);
      if (!qualified.includes('.') && (!chosen || chosen.member === 'constructor')) return { form: 'new', name: qualified };
      return memberCallee(qualified, qualified, chosen?.member);
    }
    const dot = typeName.lastIndexOf('.');
    return dot < 0 ? { form: 'new', name: typeName } : { form: 'new', name: typeName.slice(dot + 1), object: typeName.slice(0, dot) };
  }

  /** `this(...)` runs a sibling constructor, `super(...)` the superclass's. */
  private constructorInvocation(keyword: SyntaxNode, args: SyntaxNode): CalleeExpr | undefined {
    const offset = keyword.startIndex;
    if (keyword.type === 'super') {
      const superclass = this.superclassAt(offset);
      return superclass ? this.construction(superclass, args) : undefined;
    }
    const owner = classOf(this.tree.scopeAt(offset));
    return owner ? this.onType('this', owner, 'constructor', args) : undefined;
  }

  private superclassAt(offset: number): string | undefined {
    const owner = classOf(this.tree.scopeAt(offset));
    return owner?.kind === 'type' && owner.superclass ? this.qualify(owner.superclass) : undefined;
  }

  private enclosingTypeNamed(simpleName: string, offset: number): Scope | undefined {
    for (let scope = classOf(this.tree.scopeAt(offset)); scope; scope = classOf(scope.parent)) {
      if (scope.kind === 'type' && scope.type?.name.text === simpleName) return scope;
    }
    return undefined;
  }

  /** A type name as written, with a leading nested class of this file spelled out: `Inner` -> `Outer.Inner`. */
  private qualify(typeName: string): string {
    return this.tree.qualify(typeName);
  }
}

/** A member callee on a typed object (`Outer.Inner` for a nested type), or a construction. */
function memberCallee(object: string, typeName: string, member: string | undefined): CalleeExpr {
  return member ? { form: 'member', object, property: member, objectType: typeName } : { form: 'new', name: typeName };
}

function isPlainNamedType(scope: Scope): boolean {
  return scope.kind === 'type' && scope.symbolName !== undefined && scope.bases.length === 0;
}

/** The object as written, whitespace collapsed; long expressions (call chains) are elided. */
function objectText(object: SyntaxNode): string {
  const text = object.text;
  if (text.length > 120) return '…';
  return /\s/.test(text) ? text.replace(/\s+/g, ' ').replace(/ ?\. ?/g, '.').trim() : text;
}
