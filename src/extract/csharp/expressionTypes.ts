import type { SyntaxNode } from '../extractor';
import type { CalleeExpr, TypeExpr } from '../facts';
import type { CSharpFile } from './context';

/**
 * The types of C# expressions as far as one file shows them, as TypeExprs the resolver
 * finishes with the repo's declarations: `var order = repo.Find(id)` is "the result of
 * Repo.Find", `order.Customer` "the field or property Customer of that", `foreach (var
 * line in lines)` "the element of lines' type". A form not listed here has no type.
 */

/** Beyond this many steps (`a.B().C().D()...`) an expression stays untyped. */
const MAX_DEPTH = 12;

/** The callee of an invocation's function expression, as the call interpreter reads it. */
export type InvocationCallee = (invocation: SyntaxNode) => CalleeExpr | undefined;

export class ExpressionTyper {
  private usingAliases: ReadonlySet<string> | undefined;

  constructor(private readonly file: CSharpFile, private readonly calleeOf: InvocationCallee) {}

  /** The type of the value `node` yields; names are looked up where the node stands. */
  typeOf(node: SyntaxNode, depth = 0): TypeExpr | undefined {
    if (depth > MAX_DEPTH) return undefined;
    switch (node.type) {
      case 'this': {
        const type = this.file.enclosing(node.startIndex).type;
        return type ? named(type.fullName) : undefined;
      }
      case 'identifier':
        return this.typeOfName(node, depth);
      case 'member_access_expression':
        return this.typeOfMemberAccess(node, depth);
      case 'invocation_expression': {
        const callee = this.calleeOf(node);
        return callee && callee.form !== 'new' ? { t: 'result', call: callee } : undefined;
      }
      case 'object_creation_expression':
      case 'cast_expression': {
        const type = node.childForFieldName('type');
        return type ? written(this.file.written(type, node.startIndex)) : undefined;
      }
      case 'parenthesized_expression': {
        const inner = node.namedChild(0);
        return inner ? this.typeOf(inner, depth + 1) : undefined;
      }
      case 'element_access_expression': {
        const collection = node.childForFieldName('expression');
        const of = collection ? this.typeOf(collection, depth + 1) : undefined;
        return of && { t: 'element', of };
      }
      default:
        return undefined;
    }
  }

  /**
   * A variable as declared (its type, its `var` initializer's, the element of what its
   * `foreach` iterates), a type of this file (its static members), or a field the type
   * inherits from a base another file declares. A capitalised name the file does not
   * declare may be a namespace as well as a type: left to the resolver's own lookup.
   */
  private typeOfName(node: SyntaxNode, depth: number): TypeExpr | undefined {
    const name = this.file.name(node);
    const enclosing = this.file.enclosing(node.startIndex);
    const found = this.file.declarationOf(name, enclosing);
    if (found.declared) {
      if (found.written) return named(found.written);
      if (found.value) return this.typeOf(found.value, depth + 1);
      const iterated = found.iterated && this.typeOf(found.iterated, depth + 1);
      return iterated ? { t: 'element', of: iterated } : undefined;
    }
    const local = this.file.typeNamed(name);
    if (local) return named(local.fullName);
    const owner = enclosing.type;
    // A lower-case `using alias = A.B;` names a namespace or type, no field.
    if (!/^[a-z_]/.test(name) || !owner || owner.bases.length === 0 || this.aliases().has(name)) return undefined;
    return { t: 'field', of: named(owner.fullName), name };
  }

  private aliases(): ReadonlySet<string> {
    this.usingAliases ??= new Set(this.file.matches.usings.flatMap((using) => (using.alias ? [this.file.name(using.alias)] : [])));
    return this.usingAliases;
  }

  /** `this.f`, `x.f`, `Call().f`: a field or property of the object's type. */
  private typeOfMemberAccess(access: SyntaxNode, depth: number): TypeExpr | undefined {
    const object = access.childForFieldName('expression');
    const member = access.childForFieldName('name');
    if (!object || member?.type !== 'identifier') return undefined;
    const name = this.file.name(member);
    if (object.type === 'this') {
      const declared = this.file.enclosing(access.startIndex).type?.fields;
      if (declared?.has(name)) return written(declared.declaredTypeOf(name)?.written);
    }
    const of = this.typeOf(object, depth + 1);
    return of && { t: 'field', of, name };
  }
}

function named(name: string): TypeExpr {
  return { t: 'named', name };
}

function written(type: string | undefined): TypeExpr | undefined {
  return type ? named(type) : undefined;
}
