import type { SyntaxNode } from '../extractor';
import type { CalleeExpr, TypeExpr } from '../facts';
import type { ItemIndex } from './items';
import { typeNameOf } from './names';
import type { LocalBinding, LocalName, Scopes } from './scopes';
import type { Owner } from './symbols';
import { writtenType } from './typeText';

/**
 * The types of Rust expressions as far as one file shows them, as TypeExprs the resolver
 * finishes with the crate's declarations: `let s = Store::open()?` is "what the Result
 * `Store::open` returns holds", `for o in self.orders` "the element of field `orders` of
 * the impl's type". A form not listed here (a macro, a closure, `match`) has no type.
 */

/** A value's type: the expression the resolver evaluates, and its name when this file alone shows it. */
export interface ValueType {
  readonly expr: TypeExpr;
  /** The type name as written here (`Store`, `models.Order`): the fast path, no evaluation needed. */
  readonly name?: string;
}

/** Builds the callee of a call expression (calls.ts), which needs receiver types in turn. */
export type CalleeOfCall = (call: SyntaxNode, owner: Owner | undefined) => CalleeExpr | undefined;

/** Associated functions that build their own type: `T::new()` by convention, `T::default()` by the Default trait. */
const CONSTRUCTORS = new Set(['new', 'default']);
/** Methods that give what an Option or Result holds, as `?` does. */
const UNWRAPPERS = new Set(['unwrap', 'expect']);
/** Methods that iterate a container's elements: `for x in xs.iter()` is `for x in xs`. */
const ITERATORS = new Set(['iter', 'iter_mut', 'into_iter']);
/** Longer receiver chains than this stay unknown (the resolver stops far earlier). */
const MAX_DEPTH = 32;

export class ExpressionTypes {
  private readonly known = new Map<object, ValueType | null>();
  private readonly pending = new Set<object>();
  private readonly extents = new Map<LocalBinding, Extent | null>();
  private depth = 0;

  constructor(
    private readonly items: ItemIndex,
    private readonly scopes: Scopes,
    private readonly calleeOf: CalleeOfCall,
  ) {}

  /** The type of the value `node` yields, read where it is (inside `owner`). */
  typeOf(node: SyntaxNode, owner: Owner | undefined): ValueType | undefined {
    if (this.depth >= MAX_DEPTH) return undefined;
    this.depth++;
    try {
      return this.typeOfNode(node, owner);
    } finally {
      this.depth--;
    }
  }

  private typeOfNode(node: SyntaxNode, owner: Owner | undefined): ValueType | undefined {
    switch (node.type) {
      case 'self':
        return owner?.selfType ? { expr: { t: 'named', name: owner.selfType }, name: owner.selfType } : undefined;
      case 'identifier':
        return this.identifierType(node, owner);
      case 'field_expression':
        return this.fieldType(node, owner);
      case 'call_expression':
        return this.callType(node, owner, true);
      case 'try_expression':
        return this.unwrapped(node.namedChild(0), owner);
      // `.await` gives what an `async fn` declares it returns; `*x` and `&x` the same value's type.
      case 'await_expression':
      case 'parenthesized_expression':
        return this.typeOfChild(node.namedChild(0), owner);
      case 'reference_expression':
        return this.typeOfChild(node.childForFieldName('value'), owner);
      case 'unary_expression':
        return node.child(0)?.text === '*' ? this.typeOfChild(node.namedChild(0), owner) : undefined;
      case 'struct_expression':
        return this.typeNode(node.childForFieldName('name'), owner?.selfType);
      case 'type_cast_expression':
        return this.typeNode(node.childForFieldName('type'), owner?.selfType);
      case 'index_expression':
        return elementOf(this.typeOfChild(node.namedChild(0), owner));
      default:
        return undefined;
    }
  }

  /** What `for x in node` binds x to. */
  iterated(node: SyntaxNode, owner: Owner | undefined): ValueType | undefined {
    const fn = node.type === 'call_expression' ? node.childForFieldName('function') : null;
    const receiver = fn?.type === 'field_expression' ? fn.childForFieldName('value') : null;
    const method = fn?.childForFieldName('field')?.text;
    const noArguments = node.childForFieldName('arguments')?.namedChildCount === 0;
    if (receiver && method && ITERATORS.has(method) && noArguments) return elementOf(this.typeOf(receiver, owner));
    return elementOf(this.typeOf(node, owner));
  }

  private typeOfChild(node: SyntaxNode | null, owner: Owner | undefined): ValueType | undefined {
    return node ? this.typeOf(node, owner) : undefined;
  }

  /** A local's type from its bindings; a static or constant (named in upper case) through its declared type. */
  private identifierType(node: SyntaxNode, owner: Owner | undefined): ValueType | undefined {
    const local = this.scopes.local(node, node.text);
    if (local) return this.localType(local, node);
    if (!/^[A-Z][A-Z0-9_]*$/.test(node.text)) return undefined;
    return { expr: { t: 'value', of: { form: 'name', name: this.items.lexical(node.text, owner?.modules ?? []) } } };
  }

  /**
   * The binding a use sees: when every binding's extent is known (`let` to the end of
   * its block, `for` and `if let` their bodies, parameters their function), the latest
   * one around the use; else every binding of the name in the function must show the
   * same type. A binding that refers back to itself shows none.
   */
  private localType(local: LocalName, use: SyntaxNode): ValueType | undefined {
    const extents = local.bindings.map((binding) => this.extentOf(binding));
    if (extents.every((extent) => extent !== undefined)) {
      let seen: number | undefined;
      for (let i = 0; i < extents.length; i++) {
        const extent = extents[i]!;
        const around = extent.start <= use.startIndex && use.endIndex <= extent.end;
        if (around && (seen === undefined || extent.start >= extents[seen]!.start)) seen = i;
      }
      return seen === undefined ? undefined : this.guarded(local.bindings[seen]!, () => this.bindingType(local.bindings[seen!]!));
    }
    return this.guarded(local, () => this.agreedType(local));
  }

  /** Read once per binding: finding it walks `parent`, which is slow in web-tree-sitter. */
  private extentOf(binding: LocalBinding): Extent | undefined {
    let extent = this.extents.get(binding);
    if (extent === undefined) this.extents.set(binding, (extent = extentOf(binding.local.name) ?? null));
    return extent ?? undefined;
  }

  private agreedType(local: LocalName): ValueType | undefined {
    let found: ValueType | undefined;
    let key: string | undefined;
    for (const binding of local.bindings) {
      const type = this.bindingType(binding);
      const typeKey = type && JSON.stringify(type);
      if (!type || (key !== undefined && typeKey !== key)) return undefined;
      found = type;
      key = typeKey;
    }
    return found;
  }

  /** Computes once per key, and nothing for a key asked again while being computed (`let x = x.next()`). */
  private guarded(key: object, compute: () => ValueType | undefined): ValueType | undefined {
    const cached = this.known.get(key);
    if (cached !== undefined) return cached ?? undefined;
    if (this.pending.has(key)) return undefined;
    this.pending.add(key);
    const found = compute();
    this.pending.delete(key);
    this.known.set(key, found ?? null);
    return found;
  }

  private bindingType({ local, owner }: LocalBinding): ValueType | undefined {
    if (local.type) return this.typeNode(local.type, owner?.selfType);
    if (local.value) return this.typeOf(local.value, owner);
    if (local.iterable) return this.iterated(local.iterable, owner);
    if (local.unwrapped) return elementOf(this.typeOf(local.unwrapped, owner));
    return undefined;
  }

  /** `a.b`: the field's type as this file declares it, else for the resolver to look up on a's type. */
  private fieldType(node: SyntaxNode, owner: Owner | undefined): ValueType | undefined {
    const value = node.childForFieldName('value');
    const field = node.childForFieldName('field');
    const of = value && field ? this.typeOf(value, owner) : undefined;
    if (!of || !field) return undefined;
    const declared = of.name ? this.scopes.field(of.name, field.text) : undefined;
    if (declared) return this.typeNode(declared.type, of.name);
    return { expr: { t: 'field', of: of.expr, name: field.text } };
  }

  /**
   * `f()`, `T::f()`, `x.m()`: what the callee declares it returns. `T::new()` and
   * `T::default()` are of type T (unless `viaConstructor` is off: `T::new()?` unwraps
   * what `new` declares); `x.clone()` is x's type.
   */
  private callType(node: SyntaxNode, owner: Owner | undefined, viaConstructor: boolean): ValueType | undefined {
    let fn = node.childForFieldName('function');
    if (fn?.type === 'generic_function') fn = fn.childForFieldName('function');
    if (!fn) return undefined;
    if (fn.type === 'field_expression') {
      const receiver = fn.childForFieldName('value');
      const method = fn.childForFieldName('field')?.text;
      if (receiver && method === 'clone') return this.typeOf(receiver, owner);
      if (receiver && method && UNWRAPPERS.has(method)) return this.unwrapped(receiver, owner);
    }
    const path = fn.type === 'scoped_identifier' ? fn.childForFieldName('path') : null;
    // `T::f()` on a generic parameter: which type T is, is not known here.
    if (path && this.items.generics.names(path)) return undefined;
    if (viaConstructor && fn.type === 'scoped_identifier' && CONSTRUCTORS.has(fn.childForFieldName('name')?.text ?? '')) {
      const built = this.typeNode(fn.childForFieldName('path'), owner?.selfType);
      if (built?.name) return built;
    }
    const call = this.calleeOf(node, owner);
    // A method on a receiver of unknown type returns an unknown type.
    const untypedMethod = fn.type === 'field_expression' && call?.form === 'member' && !call.objectType && !call.receiverType;
    return call && !untypedMethod ? { expr: { t: 'result', call } } : undefined;
  }

  /** A type node as written; its name too when the syntax alone names it. */
  private typeNode(node: SyntaxNode | null | undefined, selfType: string | undefined): ValueType | undefined {
    const text = node ? writtenType(node, selfType, this.items.generics) : undefined;
    if (!text) return undefined;
    const name = typeNameOf(node, selfType);
    return name ? { expr: { t: 'named', name: text }, name } : { expr: { t: 'named', name: text } };
  }

  /** `x?`, `x.unwrap()`: what the Option or Result x holds (the element of either). */
  private unwrapped(node: SyntaxNode | null, owner: Owner | undefined): ValueType | undefined {
    if (!node) return undefined;
    return elementOf(node.type === 'call_expression' ? this.callType(node, owner, false) : this.typeOf(node, owner));
  }
}


/** Source offsets a binding is seen between. */
interface Extent {
  readonly start: number;
  readonly end: number;
}

/**
 * Where a binding is seen: a `let` to the end of its block, a `for` or `if let`/`while
 * let` binding in its body, a parameter in its function or closure; undefined for other
 * patterns (match arms, tuples), whose extent is not read.
 */
function extentOf(name: SyntaxNode): Extent | undefined {
  const parent = name.parent;
  if (!parent) return undefined;
  const span = (node: SyntaxNode | null | undefined, from = node?.startIndex) =>
    node && from !== undefined ? { start: from, end: node.endIndex } : undefined;
  switch (parent.type) {
    case 'let_declaration':
      return parent.parent?.type === 'block' ? span(parent.parent, parent.endIndex) : undefined;
    case 'for_expression':
      return span(parent.childForFieldName('body'));
    case 'parameter': {
      let fn = parent.parent;
      while (fn && fn.type !== 'function_item' && fn.type !== 'closure_expression') fn = fn.parent;
      return span(fn);
    }
    case 'tuple_struct_pattern': {
      const condition = parent.parent;
      const statement = condition?.type === 'let_condition' ? condition.parent : undefined;
      if (statement?.type === 'if_expression') return span(statement.childForFieldName('consequence'));
      if (statement?.type === 'while_expression') return span(statement.childForFieldName('body'));
      return undefined;
    }
    default:
      return undefined;
  }
}

function elementOf(container: ValueType | undefined): ValueType | undefined {
  return container && { expr: { t: 'element', of: container.expr } };
}
