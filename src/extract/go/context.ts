import { unquote } from '../common';
import type { SyntaxNode } from '../extractor';
import type { TypeExpr } from '../facts';
import { ScopeIndex } from '../scopeIndex';
import type { DefinitionMatch, GoMatches, OwnedNode } from './collect';
import { DeclarationSite, declaredTypeOf, functionValueOf, typeOfExpression } from './expressionTypes';
import { localTypeUnderlying, writtenType } from './writtenTypes';
import { importLocalName, namedTypeOf, namedTypeText, symbolNameOf } from './names';
import { routerFramework } from './routerFrameworks';
import { inDocumentOrder, Scope } from './scopes';

/**
 * What the symbol, call, reference and route interpreters need to know about the
 * file: its package-level declarations, its scopes with their locals, the types of
 * package variables and struct fields declared here, and the import names.
 */
export class GoFileContext {
  /** The file outside every function: its scope holds no locals. */
  private readonly root = new Scope(0, Number.POSITIVE_INFINITY, '');
  /** Functions, function literals, blocks and package-level type declarations. */
  private readonly scopes: ScopeIndex<Scope>;
  /** Functions, methods, and the types, constants and variables outside any function. */
  readonly definitions: readonly DefinitionMatch[];
  /** Package variable -> the type its declaration shows (undefined: unknown). */
  readonly packageVarTypes = new Map<string, string | undefined>();
  /** Import local name -> import path; dot and blank imports bind no name. */
  readonly importPaths = new Map<string, string>();
  readonly declaredFunctions = new Set<string>();
  readonly declaredTypes = new Set<string>();
  private readonly packageTypeNames = new Set<number>();
  private readonly fieldTypes = new Map<string, Map<string, string | undefined>>();
  private readonly typeScopes = new Map<string, Scope>();
  /** Each case of a `switch v := x.(type)`, with what v is there. */
  private readonly typeCases: { scope: Scope; alias: SyntaxNode; types: SyntaxNode[]; value: SyntaxNode | null }[] = [];

  constructor(readonly matches: GoMatches) {
    this.collectImports();
    const bodies = this.bodyScopes();
    this.definitions = this.packageLevel(new ScopeIndex(bodies));
    this.scopes = new ScopeIndex([...bodies, ...this.typeScopeList()]);
    this.scopes.all.forEach((scope, index) => { scope.parent = this.scopes.parentOf(index) ?? this.root; });
    this.declareLocals();
    this.declareTypeSwitchAliases();
    this.collectFieldTypes();
  }

  /** The innermost scope at an offset: the file's root scope outside every function and type. */
  scopeAt(offset: number): Scope {
    return this.scopes.at(offset) ?? this.root;
  }

  isExcluded(nodeId: number): boolean {
    return this.matches.excluded.has(nodeId);
  }

  /** Struct and interface parts of package-level types. */
  packageParts(parts: readonly OwnedNode[]): OwnedNode[] {
    return parts.filter((part) => this.packageTypeNames.has(part.ownerId));
  }

  /**
   * The type of `owner.field` for a struct declared in this file. A field typed by one
   * of the struct's own type parameters has no type we can name.
   */
  fieldType(owner: string, field: string): string | undefined {
    const type = this.fieldTypes.get(owner)?.get(field);
    if (!type || type.includes('.')) return type;
    return this.typeScopes.get(owner)?.locals.get(type)?.kind === 'typeparam' ? undefined : type;
  }

  /** Functions, methods, function literals and the blocks in them: the scopes that hold locals. */
  private bodyScopes(): Scope[] {
    const scopes: Scope[] = [];
    for (const definition of this.matches.definitions) {
      if (definition.role !== 'function' && definition.role !== 'method') continue;
      const name = symbolNameOf(definition) ?? '';
      scopes.push(new Scope(definition.node.startIndex, definition.node.endIndex, name));
      if (definition.role === 'function') this.declaredFunctions.add(name);
    }
    for (const literal of this.matches.literals) scopes.push(new Scope(literal.startIndex, literal.endIndex, undefined));
    // A function's body is the block its parameters and results are declared in (Go spec,
    // "Blocks"): the one block that ends where the function does. A case that declares the
    // switch's alias already has its scope.
    const functionEnds = new Set(scopes.map((scope) => scope.end));
    const typeCases = this.matches.typeSwitches.flatMap((statement) => this.typeCaseScopes(statement));
    scopes.push(...typeCases);
    const caseSpans = new Set(typeCases.map((scope) => `${scope.start}:${scope.end}`));
    for (const block of this.matches.blocks) {
      const start = block.startIndex;
      const end = block.endIndex;
      if (!functionEnds.has(end) && !caseSpans.has(`${start}:${end}`)) scopes.push(new Scope(start, end, undefined));
    }
    return scopes;
  }

  /** Declarations outside every function body, found by position rather than by walking up the tree. */
  private packageLevel(bodies: ScopeIndex<Scope>): DefinitionMatch[] {
    return inDocumentOrder(this.matches.definitions, (definition) => definition.node.startIndex).filter((definition) => {
      if (definition.role === 'function' || definition.role === 'method') return true;
      return bodies.at(definition.node.startIndex) === undefined;
    });
  }

  /** Package-level types scope their type parameters, from just after the type's name. */
  private typeScopeList(): Scope[] {
    const scopes: Scope[] = [];
    for (const definition of this.definitions) {
      if (definition.role !== 'type') continue;
      const name = definition.name.text;
      const scope = new Scope(definition.name.endIndex, definition.node.endIndex, name);
      scopes.push(scope);
      this.typeScopes.set(name, scope);
      this.declaredTypes.add(name);
      this.packageTypeNames.add(definition.name.id);
    }
    return scopes;
  }

  /** One scope per case of a type switch: the alias is declared in each with the case's type. */
  private typeCaseScopes(statement: SyntaxNode): Scope[] {
    const alias = statement.childForFieldName('alias')?.namedChild(0);
    if (!alias) return [];
    const value = statement.childForFieldName('value');
    const scopes: Scope[] = [];
    for (const clause of statement.namedChildren) {
      if (clause?.type !== 'type_case' && clause?.type !== 'default_case') continue;
      const scope = new Scope(clause.startIndex, clause.endIndex, undefined);
      const types = clause.type === 'type_case' ? clause.childrenForFieldName('type').filter((t): t is SyntaxNode => t !== null) : [];
      this.typeCases.push({ scope, alias, types, value });
      scopes.push(scope);
    }
    return scopes;
  }

  /** In a case listing one type v is of that type; in any other case, and the default, it has x's type (Go spec, type switches). */
  private declareTypeSwitchAliases(): void {
    for (const { scope, alias, types, value } of this.typeCases) {
      const single = types.length === 1 ? writtenType(types[0]!, scope) : undefined;
      const type: TypeExpr | undefined = types.length === 1
        ? single === undefined ? undefined : { t: 'named', name: single }
        : value ? typeOfExpression(value, scope, this) : undefined;
      scope.declare(alias.text, scope.start, 'name', type);
    }
  }

  private declareLocals(): void {
    for (const { node, kind } of inDocumentOrder(this.matches.locals, (local) => local.node.startIndex)) {
      const at = node.startIndex;
      const name = node.text;
      const scope = this.scopeAt(at);
      const typeName = kind === 'typeparam' || kind === 'typename';
      const site = typeName ? undefined : new DeclarationSite(node);
      const type = site ? declaredTypeOf(node, scope, this, site) : undefined;
      const callee = site && kind === 'name' && !this.matches.assigned.has(name) ? functionValueOf(node, scope, this, site) : undefined;
      const underlying = kind === 'typename' && scope !== this.root ? localTypeUnderlying(node, scope) : undefined;
      if (scope !== this.root) scope.declare(name, at, kind, type, this.routerBuilding(node.id), callee, underlying);
      else if (kind === 'var') this.declarePackageVar(name, type?.t === 'named' ? namedTypeText(type.name) : undefined);
    }
  }

  private routerBuilding(nodeId: number): string | undefined {
    const built = this.matches.localRouters.get(nodeId);
    return built ? routerFramework(this.importPaths.get(built.pkg), built.factory) : undefined;
  }

  private declarePackageVar(name: string, type: string | undefined): void {
    if (this.packageVarTypes.has(name) && this.packageVarTypes.get(name) !== type) this.packageVarTypes.set(name, undefined);
    else this.packageVarTypes.set(name, type);
  }

  private collectFieldTypes(): void {
    for (const field of this.packageParts(this.matches.structFields)) {
      if (field.name) this.fieldsOf(field.owner).set(field.name, namedTypeOf(field.node));
    }
    // An embedded field is named after its type: `s.Base.Run()`.
    for (const embedded of this.packageParts(this.matches.structEmbedded)) {
      const type = namedTypeOf(embedded.node);
      if (type) this.fieldsOf(embedded.owner).set(type.slice(type.lastIndexOf('.') + 1), type);
    }
  }

  private fieldsOf(owner: string): Map<string, string | undefined> {
    let fields = this.fieldTypes.get(owner);
    if (!fields) {
      fields = new Map();
      this.fieldTypes.set(owner, fields);
    }
    return fields;
  }

  private collectImports(): void {
    for (const { source, alias } of this.matches.imports) {
      const local = alias ? alias.text : importLocalName(unquote(source.text));
      if (local !== '.' && local !== '_') this.importPaths.set(local, unquote(source.text));
    }
  }
}
