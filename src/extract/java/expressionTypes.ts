import type { SyntaxNode } from '../extractor';
import type { CalleeExpr, TypeExpr } from '../facts';
import { declarationOfName, writtenFieldAt } from './bindings';
import { type ScopeTree, classOf } from './scopes';
import { createdTypeName } from './types';

/**
 * The types of Java expressions as far as one file shows them, as TypeExprs the resolver
 * finishes with the repo's declarations: `var order = repo.find(id)` is "the result of
 * Repo.find", `order.customer` "the field customer of that", `for (var line : lines)`
 * "the element of lines' type". A form not listed here has no type: no edge, no guess.
 */

/** Beyond this many steps (`a.b().c().d()...`) an expression stays untyped. */
const MAX_DEPTH = 12;

/** The callee of a method invocation, as the call reader reads it. */
export type InvocationCallee = (invocation: SyntaxNode) => CalleeExpr | undefined;

export class ExpressionTyper {
  constructor(
    private readonly tree: ScopeTree,
    private readonly staticImports: ReadonlySet<string>,
    private readonly calleeOf: InvocationCallee,
  ) {}

  /** The type of the value `node` yields, read at `offset` (where its names are looked up). */
  typeOf(node: SyntaxNode, offset: number, depth = 0): TypeExpr | undefined {
    if (depth > MAX_DEPTH) return undefined;
    switch (node.type) {
      case 'this': {
        const owner = classOf(this.tree.scopeAt(offset));
        return owner?.kind === 'type' && owner.symbolName ? named(owner.symbolName) : undefined;
      }
      case 'super': {
        const owner = classOf(this.tree.scopeAt(offset));
        return owner?.kind === 'type' && owner.superclass ? named(this.tree.qualify(owner.superclass)) : undefined;
      }
      case 'identifier':
        return this.typeOfName(node.text, offset, depth);
      case 'field_access':
        return this.typeOfFieldAccess(node, offset, depth);
      case 'method_invocation': {
        const callee = this.calleeOf(node);
        return callee && callee.form !== 'new' ? { t: 'result', call: callee } : undefined;
      }
      case 'object_creation_expression': {
        const created = createdTypeName(node);
        return created ? named(this.tree.qualify(created)) : undefined;
      }
      case 'cast_expression': {
        const type = node.childForFieldName('type');
        return type ? written(this.tree.written(type, offset)) : undefined;
      }
      case 'parenthesized_expression': {
        const inner = node.namedChild(0);
        return inner ? this.typeOf(inner, offset, depth + 1) : undefined;
      }
      case 'array_access': {
        const array = node.childForFieldName('array');
        const of = array ? this.typeOf(array, offset, depth + 1) : undefined;
        return of && { t: 'element', of };
      }
      default:
        return undefined;
    }
  }

  /**
   * A name: a local as declared (its type, its `var` initializer's, the element of what
   * its `for` iterates), a field of an enclosing class, a statically imported field, or a
   * field the class inherits from a supertype another file declares.
   */
  private typeOfName(name: string, offset: number, depth: number): TypeExpr | undefined {
    const found = declarationOfName(this.tree, name, offset);
    if (found.bound) {
      const local = found.local;
      if (!local) return written(found.field);
      if (local.written !== undefined) return written(local.written);
      if (local.value) return this.typeOf(local.value, local.value.startIndex, depth + 1);
      const iterated = local.iterated && this.typeOf(local.iterated, local.iterated.startIndex, depth + 1);
      return iterated ? { t: 'element', of: iterated } : undefined;
    }
    if (this.staticImports.has(name)) return { t: 'value', of: { form: 'name', name } };
    // A class name: its static members.
    if (/^[A-Z]/.test(name) && /[a-z]/.test(name)) return named(this.tree.qualify(name));
    const owner = classOf(this.tree.scopeAt(offset));
    // Not declared in the file: a field the class inherits (Java looks there before enclosing classes).
    return owner?.kind === 'type' && owner.symbolName && owner.bases.length > 0
      ? { t: 'field', of: named(owner.symbolName), name }
      : undefined;
  }

  /** `this.f`, `a.b.f`, `call().f`, `Type.CONSTANT`; `Outer.this`. */
  private typeOfFieldAccess(access: SyntaxNode, offset: number, depth: number): TypeExpr | undefined {
    const target = access.childForFieldName('object');
    const field = access.childForFieldName('field');
    if (!target || !field) return undefined;
    if (field.type === 'this') {
      for (let scope = classOf(this.tree.scopeAt(offset)); scope; scope = classOf(scope.parent)) {
        if (scope.kind === 'type' && scope.type?.name.text === target.text) return scope.symbolName ? named(scope.symbolName) : undefined;
      }
      return undefined;
    }
    if (field.type !== 'identifier') return undefined;
    if (target.type === 'this') {
      const declared = writtenFieldAt(this.tree, field.text, offset);
      if (declared.declared) return written(declared.type);
    }
    const of = this.typeOf(target, offset, depth + 1);
    return of && { t: 'field', of, name: field.text };
  }
}

function named(name: string): TypeExpr {
  return { t: 'named', name };
}

function written(type: string | undefined): TypeExpr | undefined {
  return type ? named(type) : undefined;
}
