import { collapseWhitespace } from '../common';
import type { ImportFact, LinkFact, SymbolFact } from '../facts';
import { hashBytes } from '../../model/hash';
import { importsOf, moduleName } from './imports';
import { UseLinker, type RecordedUse } from './links';
import type { Dialect, Statement } from './parser';
import { LineIndex } from './positions';
import { resolveNested, selectorName, splitSelectorList } from './selectors';
import { usesIn } from './uses';

/**
 * One walk over the statements: rules become selector symbols, custom properties and
 * top-level SCSS variables, mixins and functions become symbols with keys, and every
 * use found in a value, a selector interpolation or an at-rule is recorded against the
 * symbol it sits in, to be linked once the file's own definitions are all known.
 */

/** Local SCSS variables: a block's declarations, mixin parameters, `@each`/`@for` variables. */
class LocalScope {
  private readonly names = new Set<string>();
  constructor(private readonly parent?: LocalScope) {}
  add(name: string): void {
    this.names.add(name);
  }
  has(name: string): boolean {
    return this.names.has(name) || (this.parent?.has(name) ?? false);
  }
}

interface Context {
  /** The enclosing rule's resolved selectors; null at top level and after `@at-root`. */
  readonly selectors: readonly string[] | null;
  /** The symbol uses are attributed to; '' is the file. */
  readonly owner: string;
  readonly scope: LocalScope;
  readonly topLevel: boolean;
  readonly depth: number;
  /** Inside `@mixin`/`@function`: rules there are templates and declare nothing. */
  readonly inCallable: boolean;
  /** False inside `@keyframes`, `@font-face` and friends, whose blocks hold no selectors. */
  readonly selectorsAllowed: boolean;
}

const NO_SELECTOR_BLOCKS = new Set([
  'keyframes', '-webkit-keyframes', '-moz-keyframes', '-o-keyframes', 'font-face', 'page', 'counter-style',
  'property', 'font-feature-values', 'font-palette-values', 'viewport', '-ms-viewport',
]);
const VARIABLE_NAME = /\$[A-Za-z_][\w-]*/g;
/** Blocks nested deeper than this are skipped: no style sheet needs it, and names grow with depth. */
const MAX_DEPTH = 64;

export class StyleWalker {
  readonly symbols: SymbolFact[] = [];
  readonly imports: ImportFact[] = [];
  private readonly symbolNames = new Set<string>();
  private readonly lines: LineIndex;
  private readonly uses: RecordedUse[] = [];
  private readonly module: string;

  constructor(private readonly source: string, path: string, private readonly dialect: Dialect) {
    this.lines = new LineIndex(source);
    this.module = moduleName(path);
  }

  get links(): LinkFact[] {
    return new UseLinker(this.symbolNames, this.imports, this.lines).link(this.uses);
  }

  walk(statements: readonly Statement[]): void {
    const context: Context = {
      selectors: null, owner: '', scope: new LocalScope(), topLevel: true, depth: 0, inCallable: false, selectorsAllowed: true,
    };
    this.walkAll(statements, context);
  }

  private walkAll(statements: readonly Statement[], context: Context): void {
    for (const statement of statements) {
      if (statement.kind === 'declaration') this.declaration(statement, context);
      else if (statement.kind === 'rule') this.rule(statement, context);
      else this.atRule(statement, context);
    }
  }

  private walkBlock(statement: Statement, context: Context, changes: Partial<Context> = {}): void {
    if (!statement.children || context.depth >= MAX_DEPTH) return;
    const depth = context.depth + 1;
    this.walkAll(statement.children, { ...context, scope: new LocalScope(context.scope), topLevel: false, depth, ...changes });
  }

  private rule(statement: Statement, context: Context): void {
    const { prelude } = statement;
    // SCSS nested properties: `font: { family: x; size: y; }`.
    if (!context.selectorsAllowed || (this.dialect === 'scss' && prelude.endsWith(':'))) {
      this.walkBlock(statement, context);
      return;
    }
    const selectors = resolveNested(context.selectors, splitSelectorList(prelude));
    let owner = context.owner;
    if (!context.inCallable && selectors.length > 0) {
      owner = selectorName(selectors);
      this.addSymbol(statement, owner, 'selector', owner, owner.startsWith('%') ? [`scss:placeholder:${owner}`] : [], true);
    }
    if (prelude.includes('#{')) this.recordInterpolations(prelude, statement.start, owner, context);
    this.walkBlock(statement, context, { selectors, owner });
  }

  private declaration(statement: Statement, context: Context): void {
    const { prelude, start } = statement;
    const colon = prelude.indexOf(':');
    const property = prelude.slice(0, colon).trim();
    if (this.dialect === 'scss' && property.startsWith('$')) {
      this.variableDeclaration(statement, property, colon, context);
    } else if (property.startsWith('--')) {
      if (!context.inCallable) this.addSymbol(statement, property, 'variable', collapseWhitespace(prelude), [`css:var:${property}`], true);
      this.record(prelude.slice(colon + 1), start + colon + 1, context.owner, context);
    } else {
      this.record(prelude, start, context.owner, context);
    }
  }

  /** `$x: value`: a symbol at top level, a local in a block (unless `!global`). */
  private variableDeclaration(statement: Statement, name: string, colon: number, context: Context): void {
    const value = statement.prelude.slice(colon + 1);
    const global = /!global\b/.test(value);
    let owner = context.owner;
    if (context.topLevel) {
      const keys = [`scss:var:${name}`, `scss:var:${this.module}.${name}`];
      this.addSymbol(statement, name, 'variable', collapseWhitespace(statement.prelude), keys, !/^\$[-_]/.test(name));
      owner = name;
    } else if (!global) {
      context.scope.add(name);
    }
    this.record(value, statement.start + colon + 1, owner, context);
  }

  private atRule(statement: Statement, context: Context): void {
    const { prelude, start } = statement;
    const name = /^@([\w-]+)/.exec(prelude)?.[1]?.toLowerCase() ?? '';
    const restOffset = name.length + 1;
    const rest = prelude.slice(restOffset);
    switch (name) {
      case 'import': case 'use': case 'forward':
        return this.addImports(statement);
      case 'mixin': case 'function':
        return this.callable(statement, name, rest, context);
      case 'include':
        return this.include(statement, rest, restOffset, context);
      case 'extend':
        return this.extend(statement, rest, context);
      case 'at-root':
        if (rest.trim() !== '' && statement.children) {
          return this.rule({ ...statement, kind: 'rule', prelude: rest.trim() }, { ...context, selectors: null });
        }
        return this.walkBlock(statement, context, { selectors: null });
      case 'each': case 'for':
        return this.loop(statement, rest, restOffset, context);
      case 'charset': case 'namespace':
        return;
      default:
        this.record(rest, start + restOffset, context.owner, context);
        this.walkBlock(statement, context, NO_SELECTOR_BLOCKS.has(name) ? { selectorsAllowed: false } : {});
    }
  }

  private addImports(statement: Statement): void {
    for (const found of importsOf(statement.prelude)) {
      const position = this.lines.positionOf(statement.start + found.offset);
      this.imports.push({ ...position, source: found.source, bindings: found.bindings, ...(found.reexport ? { reexport: true } : {}) });
    }
  }

  /** `@mixin m($a, $b: 1) { ... }` / `@function f($n) { ... }`: a symbol at top level, a scope always. */
  private callable(statement: Statement, kind: 'mixin' | 'function', rest: string, context: Context): void {
    const name = /^\s*([\w-]+)/.exec(rest)?.[1];
    const scope = new LocalScope(context.scope);
    for (const parameter of rest.match(VARIABLE_NAME) ?? []) scope.add(parameter);
    let owner = context.owner;
    if (name && context.topLevel) {
      owner = `@${kind} ${name}`;
      const keys = [`scss:${kind}:${name}`, `scss:${kind}:${this.module}.${name}`];
      this.addSymbol(statement, owner, 'function', collapseWhitespace(statement.prelude), keys, !/^[-_]/.test(name));
    }
    const inner: Context = { ...context, owner, scope, inCallable: true, selectors: null };
    // Parameter defaults (`$r: v.$radius`) are uses of the callable.
    const parameters = rest.indexOf('(');
    if (parameters >= 0) this.record(rest.slice(parameters), statement.start + kind.length + 1 + parameters, owner, inner);
    this.walkBlock(statement, inner);
  }

  /** `@include m;`, `@include ns.m($x) using ($y) { ... }`. */
  private include(statement: Statement, rest: string, restOffset: number, context: Context): void {
    const match = /^(\s*)(?:([\w-]+)\.)?([\w-]+)/.exec(rest);
    if (!match) return;
    const [head, space, namespace, mixin] = match as unknown as [string, string, string | undefined, string];
    // Positioned at the mixin's name, as a call is at its callee's name.
    const nameOffset = statement.start + restOffset + space.length + (namespace ? namespace.length + 1 : 0);
    this.uses.push({ owner: context.owner, kind: 'mixin', name: mixin, namespace, offset: nameOffset });
    const usingAt = rest.search(/\busing\s*\(/);
    const argumentsText = usingAt < 0 ? rest.slice(head.length) : rest.slice(head.length, usingAt);
    this.record(argumentsText, statement.start + restOffset + head.length, context.owner, context);
    const scope = new LocalScope(context.scope);
    if (usingAt >= 0) for (const parameter of rest.slice(usingAt).match(VARIABLE_NAME) ?? []) scope.add(parameter);
    this.walkBlock(statement, context, { scope });
  }

  /** `@extend %placeholder;` or `@extend .class;`: linked to the extended selector. */
  private extend(statement: Statement, rest: string, context: Context): void {
    const target = collapseWhitespace(rest.replace(/!optional\b/, ''));
    if (target === '' || target.includes(',')) return;
    const offset = statement.start + statement.prelude.indexOf(target, 7);
    this.uses.push({ owner: context.owner, kind: 'extend', name: target, offset });
  }

  /** `@each $k, $v in $map { }`, `@for $i from 1 through $n { }`: loop variables are locals. */
  private loop(statement: Statement, rest: string, restOffset: number, context: Context): void {
    const split = /\s(in|from)\s/.exec(rest);
    const declared = split ? rest.slice(0, split.index) : rest;
    const scope = new LocalScope(context.scope);
    for (const variable of declared.match(VARIABLE_NAME) ?? []) scope.add(variable);
    if (split) {
      const iterated = split.index + split[0].length;
      this.record(rest.slice(iterated), statement.start + restOffset + iterated, context.owner, context);
    }
    this.walkBlock(statement, context, { scope });
  }

  /** Uses inside `#{...}` of a selector (the rest of a selector uses nothing). */
  private recordInterpolations(prelude: string, start: number, owner: string, context: Context): void {
    for (const match of prelude.matchAll(/#\{([^}]*)\}/g)) this.record(match[1]!, start + match.index! + 2, owner, context);
  }

  private record(text: string, offset: number, owner: string, context: Context): void {
    for (const use of usesIn(text, this.dialect)) {
      if (use.kind === 'variable' && !use.namespace && context.scope.has(use.name)) continue;
      this.uses.push({ owner, kind: use.kind, name: use.name, namespace: use.namespace, offset: offset + use.offset });
    }
  }

  /** The first declaration of a name wins; later ones add nothing (their uses go to it). */
  private addSymbol(statement: Statement, name: string, kind: SymbolFact['kind'], signature: string, keys: string[], exported: boolean): void {
    if (this.symbolNames.has(name)) return;
    this.symbolNames.add(name);
    const position = this.lines.positionOf(statement.start);
    this.symbols.push({
      name,
      kind,
      ...position,
      endLine: this.lines.lineOf(Math.max(statement.start, statement.end - 1)),
      signature: signature.length > 300 ? `${signature.slice(0, 299)}…` : signature,
      bodyHash: hashBytes(this.source.slice(statement.start, statement.end)),
      doc: statement.doc,
      exported,
      ...(keys.length > 0 ? { keys } : {}),
    });
  }
}
