import type { SyntaxNode } from '../extractor';
import type { Bindings } from './bindings';
import type { CalleeExpr } from '../facts';
import type { GoFileContext } from './context';
import { memberExpression, objectTypeOf } from './expressionTypes';
import { isBuiltin, isDottedPath, symbolNameOf } from './names';
import { argumentsOf } from './routerValues';
import type { Scope } from './scopes';

/**
 * The handler argument of a route registration as a callee the resolver can pin to a
 * symbol, and whether the argument is a function value at all (what the generic
 * (path, handler) rule needs before it calls a method call a route).
 */
export class RouteHandlers {
  constructor(private readonly context: GoFileContext, private readonly bindings: Bindings, private readonly netHttpName: string | undefined) {}

  /**
   * The handler as a callee: a function name, a method value `s.handleX`, a type for
   * `&server{}` or for a variable or field whose type local syntax shows (`srv :=
   * &server{}` then `RegisterXServer(s, srv)`), a factory for `newServer()`; null for
   * inline functions and anything local syntax cannot name.
   */
  handlerOf(node: SyntaxNode, scope: Scope): CalleeExpr | null {
    switch (node.type) {
      case 'identifier':
        if (isBuiltin(node.text)) return null;
        if (!scope.lookup(node.text, node.startIndex)) return { form: 'name', name: node.text };
        // `h := s.handle` holds the method value; any other local names the type it holds.
        return scope.lookup(node.text, node.startIndex)?.callee ?? this.typedHandler(node, scope);
      case 'selector_expression': {
        const typed = this.typedHandler(node, scope);
        if (typed) return typed;
        const operand = node.childForFieldName('operand');
        const field = node.childForFieldName('field');
        const callee = operand && field ? memberExpression(operand, field.text, scope, this.context) : undefined;
        return callee && callee.form === 'member' && isDottedPath(callee.object) ? callee : null;
      }
      case 'unary_expression':
      case 'parenthesized_expression': {
        const operand = node.childForFieldName('operand') ?? node.namedChild(0);
        return operand && (node.type === 'parenthesized_expression' || operand.type === 'composite_literal') ? this.handlerOf(operand, scope) : null;
      }
      case 'composite_literal':
        return constructedType(node.childForFieldName('type'));
      case 'call_expression':
        return this.handlerFromCall(node, scope);
      default:
        return null;
    }
  }

  /**
   * Whether an argument is a function value, as far as this file shows: `yes` for a
   * function declared here, a local bound to one, `http.HandlerFunc(f)`, a call of a
   * function or method of this file (or a local bound to a function literal) declared to
   * return a function or `http.Handler(Func)`, or a function literal taking
   * `http.ResponseWriter`/`*http.Request`; `resolver` for a name or method value declared
   * elsewhere (the route stands only if it resolves to a function or method); `factory`
   * for a call of one (the route stands only if it returns a function or handler); `no`
   * for anything else (a local of another kind, a value, another call's result).
   */
  functionEvidence(node: SyntaxNode, scope: Scope): 'yes' | 'resolver' | 'factory' | 'no' {
    switch (node.type) {
      case 'identifier': {
        const local = scope.lookup(node.text, node.startIndex);
        if (local) return local.callee ? 'yes' : 'no';
        if (this.context.declaredFunctions.has(node.text)) return 'yes';
        const declaredHere = this.context.definitions.some((d) => d.role !== 'function' && d.role !== 'method' && d.name.text === node.text);
        return declaredHere || isBuiltin(node.text) ? 'no' : 'resolver';
      }
      case 'selector_expression':
        return isDottedPath(node.text) ? 'resolver' : 'no';
      case 'func_literal':
        return this.takesRequest(node) ? 'yes' : 'no';
      case 'call_expression': {
        const fn = node.childForFieldName('function');
        const args = argumentsOf(node.childForFieldName('arguments'));
        if (fn && this.isHandlerFuncConversion(fn) && args.length === 1) return this.functionEvidence(args[0]!, scope);
        if (!fn) return 'no';
        const declaration = this.fileFunction(fn, scope);
        if (declaration) return this.returnsFunction(declaration) ? 'yes' : 'no';
        // A factory declared elsewhere: the resolver checks what it returns.
        return this.functionEvidence(fn, scope) === 'resolver' ? 'factory' : 'no';
      }
      default:
        return 'no';
    }
  }

  /**
   * Whether an argument visibly has net/http's handler signature: a function literal, a
   * function or method of this file, or a local bound to one, taking
   * `(http.ResponseWriter, *http.Request)`; or a call of a function of this file returning
   * a function or handler. What lets a registration on a receiver of unknown type count.
   */
  hasHandlerSignature(node: SyntaxNode, scope: Scope): boolean {
    if (node.type === 'func_literal') return this.takesRequest(node);
    if (node.type === 'call_expression') return this.functionEvidence(node, scope) === 'yes';
    const declaration = this.fileFunction(node, scope);
    return declaration !== undefined && this.takesRequest(declaration);
  }

  /**
   * The declaration (function, method or function literal) of this file a callee or
   * function value denotes: `f`, `x.m` for x of a type declared here, a local bound to
   * either (`readyf := h.testReady`) or to a function literal.
   */
  private fileFunction(node: SyntaxNode, scope: Scope): SyntaxNode | undefined {
    if (node.type === 'identifier') {
      const local = scope.lookup(node.text, node.startIndex);
      if (!local) return this.definitionNamed(node.text);
      const bound = this.bindings.locals.get(local);
      if (bound?.type === 'func_literal') return bound;
      const callee = local.callee;
      if (callee?.form === 'name') return this.definitionNamed(callee.name);
      if (callee?.form === 'member' && callee.objectType) return this.definitionNamed(`${callee.objectType.replace(/^\*+/, '')}.${callee.property}`);
      return undefined;
    }
    if (node.type !== 'selector_expression' || !isDottedPath(node.text)) return undefined;
    const operand = node.childForFieldName('operand');
    const field = node.childForFieldName('field');
    const type = operand && objectTypeOf(operand.text, scope, operand.startIndex, this.context)?.replace(/^\*+/, '');
    return type && field ? this.definitionNamed(`${type}.${field.text}`) : undefined;
  }

  private definitionNamed(name: string): SyntaxNode | undefined {
    return this.context.definitions.find((d) => (d.role === 'function' || d.role === 'method') && symbolNameOf(d) === name)?.node;
  }

  private takesRequest(fn: SyntaxNode): boolean {
    const parameters = fn.childForFieldName('parameters')?.text.replace(/\s+/g, '') ?? '';
    const http = this.netHttpName;
    return http !== undefined && parameters.includes(`${http}.ResponseWriter`) && parameters.includes(`*${http}.Request`);
  }

  private returnsFunction(fn: SyntaxNode): boolean {
    const result = fn.childForFieldName('result')?.text.replace(/\s+/g, '');
    const http = this.netHttpName;
    return result !== undefined && (result.startsWith('func(') || (http !== undefined && (result === `${http}.HandlerFunc` || result === `${http}.Handler`)));
  }

  private isHandlerFuncConversion(fn: SyntaxNode): boolean {
    return fn.type === 'selector_expression' && fn.text.replace(/\s+/g, '') === `${this.netHttpName}.HandlerFunc`;
  }

  /** A variable or struct field registered as the handler: the type it holds, when declared. */
  private typedHandler(node: SyntaxNode, scope: Scope): CalleeExpr | null {
    if (!isDottedPath(node.text)) return null;
    const type = objectTypeOf(node.text, scope, node.startIndex, this.context)?.replace(/^\*+/, '');
    if (!type || !/^(\w+\.)?\w+$/.test(type)) return null;
    const dot = type.indexOf('.');
    return dot < 0 ? { form: 'new', name: type } : { form: 'new', name: type.slice(dot + 1), object: type.slice(0, dot) };
  }

  /** `http.HandlerFunc(h)` is h; any other call names the factory that builds the handler. */
  private handlerFromCall(node: SyntaxNode, scope: Scope): CalleeExpr | null {
    const fn = node.childForFieldName('function');
    const args = argumentsOf(node.childForFieldName('arguments'));
    if (!fn) return null;
    if (this.isHandlerFuncConversion(fn) && args.length === 1) {
      return this.handlerOf(args[0]!, scope);
    }
    return fn.type === 'identifier' || fn.type === 'selector_expression' ? this.handlerOf(fn, scope) : null;
  }
}

function constructedType(typeNode: SyntaxNode | null): CalleeExpr | null {
  if (!typeNode) return null;
  if (typeNode.type === 'generic_type') return constructedType(typeNode.childForFieldName('type'));
  if (typeNode.type === 'type_identifier') return { form: 'new', name: typeNode.text };
  if (typeNode.type === 'qualified_type') {
    const pkg = typeNode.childForFieldName('package');
    const name = typeNode.childForFieldName('name');
    return pkg && name ? { form: 'new', name: name.text, object: pkg.text } : null;
  }
  return null;
}
