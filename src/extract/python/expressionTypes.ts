import { collapseWhitespace } from '../common';
import type { SyntaxNode } from '../extractor';
import type { CalleeExpr, TypeExpr } from '../facts';
import { splitTopLevel } from './annotationSyntax';
import { argumentsShape } from './arguments';
import { RANGE_BUILTINS, builtinRangeType } from './builtinRanges';
import { annotationText, typeFromAnnotation, typeFromConstructor } from './bindings';
import { type BranchJoin, joinAfterIf } from './branchJoins';
import { isDottedName } from './literals';
import { LOCAL, decoratedLocal, definedAround, functionLocal, localClassOf, nameCallee } from './localNames';
import { narrowedByElimination, narrowedByIsinstance } from './narrowing';
import { boundByPlainFunction, classmethodClassIn, selfTypeIn, superObjectIn } from './receivers';
import { type BindingSource, type Scope, type ScopeTree, basesOf, definesProperty } from './scopes';

/**
 * The types of Python expressions as far as one file shows them, written as TypeExprs
 * for the resolver to finish with the repo's declarations: `x = make_store()` is "what
 * make_store returns", `for it in self.items` "the element of field items of the
 * class". A name's type is the one every binding of it in its scope agrees on; anything
 * else (a form not read here, two different types) has no type, and a call on it no edge.
 */

const MAX_OBJECT_TEXT = 80;
/**
 * Expressions nested deeper than this get no type, and bindings that refer to each other
 * (`a = b.f(); b = a.g()`) stop here: a call chain costs about 3 a link, so a chain
 * (`session.query(…).filter(…).order_by(…).all()`) is typed for its first 12 links.
 */
const MAX_DEPTH = 36;

export class ExpressionTypes {
  private readonly nameTypes: TypeMemo = new Map();
  private readonly attributeTypes: TypeMemo = new Map();
  private readonly topLevelClasses: ReadonlySet<string>;

  constructor(private readonly tree: ScopeTree) {
    this.topLevelClasses = new Set(tree.module.children.filter((s) => s.kind === 'class').map((s) => s.name));
  }

  /** The type of `name` as bound in `binder` (the scope binding it), when all its bindings agree. */
  nameType(name: string, binder: Scope, depth = 0): TypeExpr | undefined {
    return this.memo(this.nameTypes, binder, name, () => binder.bindings.get(name) ?? [], depth);
  }

  /**
   * The type of `self.<attribute>` in methods of `owner`: its class-body and `self.`
   * bindings together. An annotation declares the attribute's type, which every
   * assignment must conform to: when there is one (`headers: Headers` in the class body,
   * `self.headers: Headers = ...`), the annotations alone say it, as for pyright; a
   * method assigning `self.headers = headers` from a wider parameter changes nothing.
   */
  attributeType(owner: Scope, attribute: string, depth = 0): TypeExpr | undefined {
    return this.memo(this.attributeTypes, owner, attribute, () => {
      const sources = [...owner.bindings.get(attribute) ?? [], ...owner.attributes.get(attribute) ?? []];
      const declared = sources.filter((source) => source.form === 'typed');
      return declared.length > 0 ? declared : sources;
    }, depth);
  }

  /**
   * `self.headers` in a class that binds no `headers` of its own: the class's own property
   * of that name (`@property def params(self) -> QueryParams`), or the attribute its bases
   * declare (`headers: Headers` in the base's body), both fields of the class's type,
   * which the resolver reads along the bases. A class binding the name says what it is.
   */
  private inheritedAttribute(owner: Scope, attribute: string): TypeExpr | undefined {
    if (owner.bindings.has(attribute) || owner.attributes.has(attribute)) return undefined;
    if (basesOf(owner).length === 0 && !definesProperty(owner, attribute)) return undefined;
    return { t: 'field', of: { t: 'named', name: owner.symbolName! }, name: attribute };
  }

  /** The type of the value an expression yields, evaluated in `scope`. */
  ofExpression(node: SyntaxNode, scope: Scope, depth = 0): TypeExpr | undefined {
    if (depth > MAX_DEPTH) return undefined;
    switch (node.type) {
      case 'identifier': {
        const name = node.text;
        // `self` in a method is its class; elsewhere it is a parameter like any other (`def fget(self: Response)`).
        if (name === 'self' && this.tree.methodClassOf(scope)) return selfTypeIn(this.tree, scope);
        const classObject = name === 'cls' ? classmethodClassIn(this.tree, scope) : undefined;
        if (classObject) return classObject;
        const comprehended = this.tree.comprehensions.at(name, node);
        if (comprehended) return this.sourceType(comprehended, depth + 1);
        const binder = this.tree.binderOf(name, scope);
        // A function defined under a decorator is what the decorator made of it. A def is no
        // binding: a name some scope binds (binderOf) is that binding's.
        const decorated = binder ? undefined : decoratedLocal(name, scope);
        if (decorated) return this.decoratedType(decorated);
        // A class object is no instance; an unbound name is an import, a builtin or a star import.
        if (!binder) return this.topLevelClasses.has(name) ? undefined : { t: 'value', of: { form: 'name', name } };
        // In the function that binds it, `if isinstance(x, C):` makes x a C in the block.
        const narrowed = binder.kind === 'function' ? narrowedByIsinstance(node, name) ?? narrowedByElimination(node, name) : undefined;
        if (narrowed) return { t: 'named', name: narrowed };
        // In the function that binds it, the binding that reaches this use says what it is.
        const reaching = binder === scope ? this.tree.reaching.reaching(binder, name, node.startIndex) : undefined;
        if (reaching) return this.sourceType(reaching, depth + 1);
        // After an `if` whose branches bind it, what each branch leaves.
        const joined = binder === scope && binder.kind === 'function' ? joinAfterIf(node, name) : undefined;
        return joined ? this.joinedType(joined, scope, depth) : this.nameType(name, binder, depth + 1);
      }
      case 'attribute': {
        const object = node.childForFieldName('object');
        const attribute = node.childForFieldName('attribute')?.text;
        if (!object || !attribute) return undefined;
        const ownClass = object.type === 'identifier' && object.text === 'self' ? this.tree.methodClassOf(scope) : undefined;
        if (ownClass) return ownClass.symbolName ? this.attributeType(ownClass, attribute, depth + 1) ?? this.inheritedAttribute(ownClass, attribute) : undefined;
        if (object.type === 'identifier' && this.isUnbound(object.text, scope)) {
          return { t: 'value', of: { form: 'member', object: object.text, property: attribute } };
        }
        const owner = this.ofExpression(object, scope, depth + 1);
        // `pkg.mod.var` stays unread: its head may be a package path rather than a value.
        return owner && owner.t !== 'value' ? { t: 'field', of: owner, name: attribute } : undefined;
      }
      case 'call': {
        const cast = this.castType(node, scope);
        if (cast) return cast;
        const constructed = typeFromConstructor(node);
        if (constructed) return { t: 'named', name: localClassOf(this.tree, constructed, scope, node.startIndex) ?? constructed };
        const fn = node.childForFieldName('function');
        const call = fn ? this.calleeOf(fn, scope, depth + 1) : undefined;
        if (call) return { t: 'result', call };
        // A value holding a callable (`factory: type[Store]`, `make: Callable[[], Store]`,
        // `factories[i]`, `Opener()`): what calling its type gives.
        const held = fn && CALLED_VALUES.has(fn.type) ? this.ofExpression(fn, scope, depth + 1) : undefined;
        return held && { t: 'returns', of: held };
      }
      case 'subscript': {
        const value = node.childForFieldName('value');
        const index = node.childForFieldName('subscript');
        if (!value || !index || index.type === 'slice') return undefined;
        const container = this.ofExpression(value, scope, depth + 1);
        return container && { t: 'element', of: container, indexed: true };
      }
      case 'conditional_expression': {
        // `URL(url) if params is None else URL(url, params=params)`: either value, which must agree.
        const [whenTrue, , whenFalse] = node.namedChildren.filter((child) => child?.type !== 'comment');
        return whenTrue && whenFalse ? this.eitherOf([whenTrue, whenFalse], scope, depth) : undefined;
      }
      case 'boolean_operator': {
        // `headers or Headers()`: the left value when it is truthy, else the right one.
        const left = node.childForFieldName('left');
        const right = node.childForFieldName('right');
        const or = node.childForFieldName('operator')?.type === 'or';
        return or && left && right ? this.eitherOf([left, right], scope, depth) : undefined;
      }
      case 'yield':
        // `response = yield request`: what the generator's consumer sends, as its annotation says.
        return node.children.some((child) => child?.type === 'from') ? undefined : this.sentType(scope);
      case 'await':
      case 'parenthesized_expression': {
        // An `async def`'s annotation is what awaiting its call gives.
        const inner = node.namedChild(0);
        return inner ? this.ofExpression(inner, scope, depth + 1) : undefined;
      }
      default:
        return undefined;
    }
  }

  /** S of the `Generator[Y, S, R]` (or `AsyncGenerator[Y, S]`) the function is annotated to return: what `send` passes in. */
  private sentType(scope: Scope): TypeExpr | undefined {
    const annotation = scope.kind === 'function' ? scope.definition?.node.childForFieldName('return_type') : null;
    const text = annotation ? annotationText(annotation, this.tree.typeParametersAt(annotation.startIndex), 'inside') : undefined;
    const generator = text === undefined ? null : GENERATOR.exec(text);
    const sent = generator ? splitTopLevel(generator[1]!, ',')[1] : undefined;
    return sent && sent !== 'None' ? { t: 'named', name: sent } : undefined;
  }

  /** The type each of several values may be, for the resolver to compare (`either`); undefined when one has none. */
  private eitherOf(values: readonly SyntaxNode[], scope: Scope, depth: number, narrowed: readonly string[] = []): TypeExpr | undefined {
    const distinct = new Map<string, TypeExpr>();
    for (const value of values) {
      // `x if c else None` is optional, as a name also bound to None is: a call on it is the other value's.
      if (value.type === 'none') continue;
      const type = this.ofExpression(value, scope, depth + 1);
      if (!type) return undefined;
      distinct.set(JSON.stringify(type), type);
    }
    for (const name of narrowed) {
      const type: TypeExpr = { t: 'named', name };
      distinct.set(JSON.stringify(type), type);
    }
    return oneOf(distinct);
  }

  private joinedType(joined: BranchJoin, scope: Scope, depth: number): TypeExpr | undefined {
    return this.eitherOf(joined.values, scope, depth, joined.narrowed);
  }

  /** `typing.cast(T, value)` is a T, as the checker takes it (however T is written: `"T"`, `Optional[T]`). */
  private castType(call: SyntaxNode, scope: Scope): TypeExpr | undefined {
    const fn = call.childForFieldName('function');
    if (!fn || (fn.type !== 'identifier' && fn.type !== 'attribute') || !this.tree.castNames.has(fn.text.replace(/\s+/g, ''))) return undefined;
    // A name bound or defined in the file (a local, a `def cast`) is not typing's cast.
    if (fn.type === 'identifier' && (this.tree.binderOf(fn.text, scope) || definedAround(fn.text, scope))) return undefined;
    const type = call.childForFieldName('arguments')?.namedChildren.find((argument) => argument?.type !== 'comment');
    const text = type && type.type !== 'keyword_argument' ? annotationText(type, this.tree.typeParametersAt(call.startIndex), 'inside') : undefined;
    return text === undefined ? undefined : { t: 'named', name: text };
  }

  /**
   * `object.property` as a callee: the object as written, with its type as a name when
   * this file names the class (objectType), else as an expression (receiverType).
   */
  memberCallee(object: SyntaxNode, property: string, scope: Scope, depth = 0): CalleeExpr {
    const superCall = object.type === 'call' ? superObjectIn(this.tree, scope, object) : undefined;
    if (superCall) {
      const called = member(superCall.object, property, superCall.owner ? { t: 'named', name: superCall.owner } : undefined);
      return superCall.owner && called.form === 'member' ? { ...called, viaSuper: true } : called;
    }
    const written = object.type === 'identifier' || object.type === 'attribute' ? object.text.replace(/\s+/g, '') : '';
    if (!isDottedName(written)) return member(objectText(object), property, this.ofExpression(object, scope, depth + 1));
    // `cls` is a method's class; a plain function's `cls` parameter is typed as written (`cls: type[T] | None`).
    if (written === 'cls' && !boundByPlainFunction(this.tree, written, scope)) {
      const owner = this.tree.methodClassOf(scope);
      return member(written, property, owner?.symbolName ? { t: 'named', name: owner.symbolName } : undefined);
    }
    // A class of this file named directly: `Foo.create()`.
    if (object.type === 'identifier' && this.topLevelClasses.has(written) && !this.tree.binderOf(written, scope)) {
      return member(written, property, { t: 'named', name: written });
    }
    return member(written, property, this.ofExpression(object, scope, depth + 1));
  }

  /**
   * What a decorated function's name holds: what applying its outermost decorator gives.
   * `@click.group()` is a call whose result is applied, so the name holds what calling
   * that result returns; `@register` is applied directly, one positional argument. The
   * arguments' shape picks among the decorator's overloads; a splat leaves it unknown.
   */
  decoratedType(definition: Scope): TypeExpr | undefined {
    const decorator = definition.wrapper?.namedChildren.find((child) => child?.type === 'decorator');
    const applied = decorator?.namedChildren.find((child) => child?.type !== 'comment');
    const scope = definition.parent;
    if (!applied || !scope) return undefined;
    if (applied.type !== 'call') {
      const call = this.calleeOf(applied, scope, 1);
      return call && { t: 'result', call, given: { positional: 1 } };
    }
    const fn = applied.childForFieldName('function');
    const call = fn ? this.calleeOf(fn, scope, 1) : undefined;
    if (!call) return undefined;
    const given = argumentsShape(applied.childForFieldName('arguments'));
    return { t: 'returns', of: { t: 'result', call, ...(given ? { given } : {}) } };
  }

  /** The callee a call expression's function names, for the type of what it returns. */
  private calleeOf(fn: SyntaxNode, scope: Scope, depth: number): CalleeExpr | undefined {
    if (fn.type === 'attribute') {
      const object = fn.childForFieldName('object');
      const property = fn.childForFieldName('attribute')?.text;
      return object && property ? this.memberCallee(object, property, scope, depth) : undefined;
    }
    if (fn.type !== 'identifier') return undefined;
    const local = functionLocal(this.tree, scope, fn.text, fn.startIndex);
    if (local === LOCAL) return undefined;
    if (local !== undefined) return nameCallee(fn.text, local);
    // A module-level or class-body variable holds a callable of unknown kind.
    return this.tree.binderOf(fn.text, scope) ? undefined : { form: 'name', name: fn.text };
  }

  private isUnbound(name: string, scope: Scope): boolean {
    return !this.tree.binderOf(name, scope) && !this.topLevelClasses.has(name);
  }

  /**
   * The type several bindings agree on: one written alike, else each of them for the
   * resolver to compare by the declaration each names (`headers: Headers | None` and
   * `headers = Headers()` are one type). A binding that reads the name itself (`url =
   * url.copy_with(…)`, `pending.reentered`) is read last, with the name of the type the
   * other bindings give: if it gives that type too, all agree (a fixpoint, which the
   * resolver's comparison checks); with no other binding, the name has no type.
   */
  private merged(sources: readonly BindingSource[], depth: number, pending: PendingType): TypeExpr | undefined {
    const distinct = new Map<string, TypeExpr>();
    const cyclic: BindingSource[] = [];
    for (const source of sources) {
      if (source.form === 'none') continue;
      pending.reentered = false;
      const type = this.sourceType(source, depth);
      if (pending.reentered) cyclic.push(source);
      else if (!type) return undefined;
      else distinct.set(JSON.stringify(type), type);
    }
    if (cyclic.length > 0) {
      pending.assumed = oneOf(distinct);
      if (!pending.assumed) return undefined;
      for (const source of cyclic) {
        const type = this.sourceType(source, depth);
        if (!type) return undefined;
        distinct.set(JSON.stringify(type), type);
      }
    }
    return oneOf(distinct);
  }

  private sourceType(source: BindingSource, depth: number): TypeExpr | undefined {
    const position = 'position' in source ? source.position : undefined;
    if (source.form === 'iterated' && this.callsBuiltin(source.node, RANGE_BUILTINS, source.scope)) {
      return builtinRangeType(source.node, position, (argument) => this.ofExpression(argument, source.scope, depth + 1));
    }
    const type = this.boundType(source, depth);
    return position === undefined || !type ? type : { t: 'element', of: type, position };
  }

  /** Whether `node` calls one of these builtins by name: nothing in the file binds, defines or imports the name. */
  private callsBuiltin(node: SyntaxNode, builtins: ReadonlySet<string>, scope: Scope): boolean {
    const fn = node.type === 'call' ? node.childForFieldName('function') : null;
    if (fn?.type !== 'identifier' || !builtins.has(fn.text)) return false;
    return this.isUnbound(fn.text, scope) && !definedAround(fn.text, scope) && !this.tree.importedNames.has(fn.text) && !this.tree.starImported;
  }

  /** What a binding binds, before a tuple target takes its part. */
  private boundType(source: BindingSource, depth: number): TypeExpr | undefined {
    switch (source.form) {
      case 'typed':
        return source.type;
      case 'value':
        return this.ofExpression(source.node, source.scope, depth + 1);
      case 'iterated': {
        const iterable = this.ofExpression(source.node, source.scope, depth + 1);
        return iterable && { t: 'element', of: iterable };
      }
      case 'entered': {
        // `with m as x` binds what `m.__enter__()` returns, as its declaration says;
        // `async with` what awaiting `m.__aenter__()` gives, its `async def`'s annotation.
        const manager = this.ofExpression(source.node, source.scope, depth + 1);
        const enter = enteredAsynchronously(source.node) ? '__aenter__' : '__enter__';
        return manager && { t: 'result', call: member(objectText(source.node), enter, manager) };
      }
      default:
        return undefined;
    }
  }

  /** The merged type of a name's or attribute's bindings, once per scope; a use met while computing it reads what is assumed so far. */
  private memo(memo: TypeMemo, scope: Scope, name: string, sources: () => readonly BindingSource[], depth: number): TypeExpr | undefined {
    let table = memo.get(scope);
    if (!table) memo.set(scope, (table = new Map()));
    const known = table.get(name);
    if (known !== undefined && known !== null && 'reentered' in known) {
      known.reentered = true;
      return known.assumed;
    }
    if (known !== undefined) return known ?? undefined;
    const pending: PendingType = { assumed: undefined, reentered: false };
    table.set(name, pending);
    const type = this.merged(sources(), depth, pending);
    table.set(name, type ?? null);
    return type;
  }
}

/** A name's type while its bindings are read: what is assumed so far, and whether a binding read the name itself. */
interface PendingType {
  assumed: TypeExpr | undefined;
  reentered: boolean;
}

/** Types by scope and name: null when unknown, PendingType while being computed. */
type TypeMemo = Map<Scope, Map<string, TypeExpr | PendingType | null>>;

/** The one type of a set, or an `either` of several for the resolver to compare; undefined for none. */
function oneOf(distinct: ReadonlyMap<string, TypeExpr>): TypeExpr | undefined {
  const types = [...distinct.values()];
  return types.length > 1 ? { t: 'either', of: types } : types[0];
}

/** Called expressions whose value's type says what the call gives (a name or attribute calls a symbol first). */
const CALLED_VALUES: ReadonlySet<string> = new Set(['identifier', 'subscript', 'call']);

/** typing's and collections.abc's generator types, with their type arguments. */
const GENERATOR = /^(?:typing\.|t\.|collections\.abc\.|abc\.)?(?:Async)?Generator\s*\[(.*)\]$/s;

/** A member callee with the object's type: a plain class name as objectType, anything else as receiverType. */
function member(object: string, property: string, type: TypeExpr | undefined): CalleeExpr {
  if (!type) return { form: 'member', object, property };
  const name = type.t === 'named' ? typeFromAnnotation(type.name) : undefined;
  return name ? { form: 'member', object, property, objectType: name } : { form: 'member', object, property, receiverType: type };
}

/** Any other object (`a[0]`, `f()`, a literal) as written, kept short. */
function objectText(object: SyntaxNode): string {
  const text = collapseWhitespace(object.text.slice(0, MAX_OBJECT_TEXT * 4));
  return text.length > MAX_OBJECT_TEXT ? `${text.slice(0, MAX_OBJECT_TEXT - 1)}…` : text;
}

/** Whether the manager of `with m as x` is entered by `async with` (the with_statement starts with `async`). */
function enteredAsynchronously(manager: SyntaxNode): boolean {
  const statement = manager.parent?.parent?.parent?.parent;
  return statement?.type === 'with_statement' && statement.firstChild?.type === 'async';
}
