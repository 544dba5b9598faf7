import { typeExprDepth } from '../common';
import type { SyntaxNode } from '../extractor';
import type { CallFact, CalleeExpr, TypeExpr } from '../facts';
import { overloadFor } from './callables';
import type { CallMatch } from './collect';
import type { CSharpFile } from './context';
import { ExpressionTyper } from './expressionTypes';
import type { Enclosing } from './scopes';
import { argumentCount, namedTypeIn, namedTypeOf, objectText, simpleName } from './syntax';

/** An object expression as a callee shows it, with its type when local syntax shows that. */
export interface ObjectDescription {
  readonly object: string;
  readonly objectType?: string;
  /** The type as an expression for the resolver, when only other files' declarations can name it. */
  readonly receiverType?: TypeExpr;
}

/** The number of arguments of a call, asked only when overloads need it; absent for a method group. */
type ArgumentCount = () => number;

/** Calls nested in a receiver beyond this depth (`a.B().C()....`) leave it untyped. */
const MAX_NESTED_CALLS = 12;
/** A receiverType nested deeper than this (a long chain of `var` locals each calling on the last) is dropped. */
const MAX_TYPE_DEPTH = 16;

/** Names that parse as calls but call nothing. */
const NOT_CALLS = new Set(['nameof']);

/**
 * Calls, each at its callee's name token. Inside a type an unqualified `M()` is
 * `this.M()`; `x.M()` carries x's type when a local, parameter, field or property
 * declares it; `Type.M()` on a name that no variable declares is a static call on Type;
 * `base.M()` is typed by the first base. Any other receiver the typer can follow through
 * declarations (a call's result, a property of another type, a foreach element) carries
 * a receiverType for the resolver. A call to an overloaded method of this file names the
 * one overload its argument count fits, or is dropped when several fit.
 */
export class CallInterpreter {
  private readonly typer: ExpressionTyper;
  private readonly invocationCallees = new Map<number, CalleeExpr | undefined>();
  private nesting = 0;

  constructor(private readonly file: CSharpFile) {
    this.typer = new ExpressionTyper(file, (invocation) => this.invocationCallee(invocation));
  }

  callFacts(): CallFact[] {
    const facts: CallFact[] = [];
    for (const match of this.file.matches.calls) {
      const enclosing = this.file.enclosing(match.node.startIndex);
      const found = this.calleeOf(match, enclosing);
      if (found) facts.push({ ...this.file.positionOf(found.at), caller: this.file.callerName(enclosing), callee: found.callee });
    }
    return facts;
  }

  /** `x`, `this`, `base`, `this.f`, `Type`, or any other expression as text, with its type when declarations show it. */
  describeObject(expression: SyntaxNode, enclosing: Enclosing): ObjectDescription {
    const described = this.describeSyntactically(expression, enclosing);
    if (described.objectType) {
      // A type parameter is no type to look members up on.
      return /^[\p{L}_]\w*$/u.test(described.objectType) && this.file.typeParametersAt(expression.startIndex).has(described.objectType)
        ? { object: described.object }
        : described;
    }
    const typed = this.typer.typeOf(expression);
    const receiverType = typed && typeExprDepth(typed) <= MAX_TYPE_DEPTH ? typed : undefined;
    if (receiverType?.t !== 'named') return receiverType ? { ...described, receiverType } : described;
    const name = namedTypeIn(receiverType.name);
    return name ? { ...described, objectType: name } : described;
  }

  /**
   * The callee of an invocation met inside an expression (`a.B().C()`: `a.B`), read once
   * per invocation; a chain nested deeper than MAX_NESTED_CALLS stays untyped.
   */
  private invocationCallee(invocation: SyntaxNode): CalleeExpr | undefined {
    if (this.invocationCallees.has(invocation.id)) return this.invocationCallees.get(invocation.id);
    if (this.nesting >= MAX_NESTED_CALLS) return undefined;
    this.nesting++;
    try {
      const fn = invocation.childForFieldName('function');
      const args = invocation.childForFieldName('arguments');
      const callee = fn ? this.methodReference(fn, () => argumentCount(args), this.file.enclosing(invocation.startIndex))?.callee : undefined;
      this.invocationCallees.set(invocation.id, callee);
      return callee;
    } finally {
      this.nesting--;
    }
  }

  private describeSyntactically(expression: SyntaxNode, enclosing: Enclosing): ObjectDescription {
    switch (expression.type) {
      case 'this':
        return { object: 'this', objectType: enclosing.type?.fullName };
      case 'base':
        return { object: 'base', objectType: enclosing.type?.bases[0] };
      case 'identifier':
      case 'generic_name': {
        const nameNode = expression.type === 'identifier' ? expression : expression.namedChild(0);
        const name = nameNode ? this.file.name(nameNode) : '';
        const variable = this.file.variable(name, enclosing);
        if (variable.declared) return { object: name, objectType: variable.type };
        if (!/^[A-Z]/.test(name)) return { object: name };
        return { object: name, objectType: name };
      }
      case 'member_access_expression': {
        const object = objectText(expression);
        const field = /^this\.(@?[\p{L}_][\p{L}\p{N}_]*)$/u.exec(object)?.[1];
        return field ? { object, objectType: enclosing.type?.fields.typeOf(field) } : { object };
      }
      default:
        return { object: objectText(expression) };
    }
  }

  /**
   * A method reference (a call's function, a route handler) as a callee: the name
   * token and the callee, or undefined when it cannot name one method.
   */
  methodReference(expression: SyntaxNode, argumentsCount: ArgumentCount | undefined, enclosing: Enclosing): { at: SyntaxNode; callee: CalleeExpr } | undefined {
    switch (expression.type) {
      case 'identifier':
      case 'generic_name':
        return this.unqualified(nameToken(expression), argumentsCount, enclosing);
      case 'member_access_expression': {
        const object = expression.childForFieldName('expression');
        const name = expression.childForFieldName('name');
        return object && name ? this.member(this.describeObject(object, enclosing), nameToken(name), argumentsCount) : undefined;
      }
      case 'conditional_access_expression': {
        const object = expression.childForFieldName('condition');
        const binding = expression.namedChildren.find((child) => child?.type === 'member_binding_expression');
        const name = binding?.childForFieldName('name');
        return object && name ? this.member(this.describeObject(object, enclosing), nameToken(name), argumentsCount) : undefined;
      }
      default:
        return undefined;
    }
  }

  private calleeOf(match: CallMatch, enclosing: Enclosing): { at: SyntaxNode; callee: CalleeExpr } | undefined {
    // Counting arguments is a call into the tree: only overload picking needs it.
    const count = (): number => argumentCount(match.arguments);
    switch (match.role) {
      case 'invoke':
        if (match.name) return this.unqualified(match.name, count, enclosing);
        return match.object && match.property ? this.member(this.describeObject(match.object, enclosing), match.property, count) : undefined;
      case 'new':
        return this.construction(match.type, count);
      case 'implicit':
        return this.construction(targetTypeOf(match.node), count, match.node);
    }
  }

  private unqualified(name: SyntaxNode, count: ArgumentCount | undefined, enclosing: Enclosing): { at: SyntaxNode; callee: CalleeExpr } | undefined {
    const text = this.file.name(name);
    if (NOT_CALLS.has(text) || text === '') return undefined;
    // The nearest scope binding the name decides: a local function links to its symbol.
    const local = this.file.localFunction(text, enclosing);
    if (local) return { at: name, callee: { form: 'name', name: local.symbolName! } };
    if (local === null) return undefined;
    const topLevelFunction = enclosing.type ? undefined : this.file.topLevelFunctions.get(text);
    if (topLevelFunction) return { at: name, callee: { form: 'name', name: text } };
    // A delegate held in a variable: not a method of the type.
    if (this.file.variable(text, enclosing).declared) return undefined;
    if (!enclosing.type) return { at: name, callee: { form: 'name', name: text } };
    return this.member({ object: 'this', objectType: enclosing.type.fullName }, name, count);
  }

  private member(object: ObjectDescription, name: SyntaxNode, count: ArgumentCount | undefined): { at: SyntaxNode; callee: CalleeExpr } | undefined {
    let property = this.file.name(name);
    if (property === '') return undefined;
    const overloads = object.objectType ? this.file.typeNamed(object.objectType)?.methods.get(property) : undefined;
    if (overloads && overloads.length > 1) {
      const picked = count === undefined ? undefined : overloadFor(overloads, count());
      if (!picked) return undefined;
      property = picked.memberName;
    }
    const type = object.objectType ? { objectType: object.objectType } : object.receiverType ? { receiverType: object.receiverType } : {};
    return { at: name, callee: { form: 'member', object: object.object, property, ...type } };
  }

  /**
   * `new T(...)`: the constructor of T, or the overload of it the arguments pick. At the
   * type's name token, or at `at` for a target-typed `new()`, which writes no name.
   */
  private construction(type: SyntaxNode | undefined, count: ArgumentCount, at?: SyntaxNode): { at: SyntaxNode; callee: CalleeExpr } | undefined {
    const typeName = namedTypeOf(type);
    if (!type || !typeName) return undefined;
    const name = simpleName(typeName);
    const position = at ?? (type.type === 'qualified_name' ? type.childForFieldName('name') ?? type : nameToken(type));
    if (name === typeName) {
      const constructors = this.file.typeNamed(name)?.constructors ?? [];
      if (constructors.length > 1) {
        const picked = overloadFor(constructors, count());
        return picked ? { at: position, callee: { form: 'member', object: name, property: picked.memberName, objectType: name } } : undefined;
      }
      return { at: position, callee: { form: 'new', name } };
    }
    return { at: position, callee: { form: 'new', name, object: typeName.slice(0, typeName.lastIndexOf('.')) } };
  }
}

function nameToken(node: SyntaxNode): SyntaxNode {
  return node.type === 'generic_name' ? node.namedChild(0) ?? node : node;
}

/** `Foo x = new();`: the declared type a target-typed `new` builds. */
function targetTypeOf(node: SyntaxNode): SyntaxNode | undefined {
  const declarator = node.parent;
  const declaration = declarator?.type === 'variable_declarator' ? declarator.parent : undefined;
  return declaration?.type === 'variable_declaration' ? declaration.childForFieldName('type') ?? undefined : undefined;
}
