// The TypeScript compiler as the oracle for call edges: every call and `new` site of the
// repo's .ts/.tsx files, keyed by the callee NAME token's 1-based line and column, with the
// declaration the checker resolves it to, named the way our qualified names are.
import * as fs from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';

const TS_SOURCE = /\.(ts|tsx|mts|cts)$/;
const MODULE_SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];

export function isCompilerSource(relative) {
  return TS_SOURCE.test(relative) && !relative.endsWith('.d.ts');
}

/**
 * The module path of every source file, as src/resolve/languages/typescript.ts names it:
 * the path without extension, except that when two files differ only in extension, the
 * later one (sorted) keeps its extension.
 */
export function modulePaths(allPaths) {
  const taken = new Set();
  const paths = new Map();
  for (const file of [...allPaths].sort()) {
    if (!MODULE_SOURCE_EXTENSIONS.some((e) => file.endsWith(e)) || file.endsWith('.d.ts')) continue;
    const stripped = file.replace(/\.(d\.)?[mc]?[jt]sx?$/, '');
    const modulePath = taken.has(stripped) ? file : stripped;
    taken.add(modulePath);
    paths.set(file, modulePath);
  }
  return paths;
}

/**
 * A program over `sourceFiles` (repo-relative, no .d.ts) with the root tsconfig.json's
 * options when present, so `paths` and `baseUrl` apply; noEmit. Ambient declarations
 * (globals such as `__DEV__`) come from the .d.ts files that tsconfig includes, or with no
 * tsconfig from every repo .d.ts; they are never scanned for calls. A repo .d.ts the
 * tsconfig leaves out is left out here too: some are build inputs that redeclare a
 * module (`declare module '@vue/runtime-core'`) and would hide its real exports.
 */
export function createProgram(root, sourceFiles, repoDeclarationFiles, packageManifests = []) {
  const configPath = path.join(root, 'tsconfig.json');
  let options = { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, jsx: ts.JsxEmit.Preserve };
  let declarationFiles = repoDeclarationFiles.map((p) => path.join(root, p));
  const configErrors = [];
  const usedTsconfig = fs.existsSync(configPath);
  if (usedTsconfig) {
    const read = ts.readConfigFile(configPath, ts.sys.readFile);
    if (read.error) configErrors.push(ts.flattenDiagnosticMessageText(read.error.messageText, '\n'));
    const parsed = ts.parseJsonConfigFileContent(read.config ?? {}, ts.sys, root, undefined, configPath);
    configErrors.push(...parsed.errors.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')));
    options = parsed.options;
    declarationFiles = parsed.fileNames.filter((f) => f.endsWith('.d.ts') && !f.includes('/node_modules/'));
  }
  options = {
    ...options, noEmit: true, skipLibCheck: true, allowJs: false, checkJs: false, composite: false, incremental: false,
    declaration: false, declarationMap: false, emitDeclarationOnly: false, tsBuildInfoFile: undefined,
  };
  const rootNames = [...sourceFiles.map((p) => path.join(root, p)), ...declarationFiles];
  const host = withWorkspaceLinks(ts.createCompilerHost(options), root, packageManifests);
  const resolutionOptionsOf = nearestConfigOptions(root, options);
  // Imports resolve as an editor's language server resolves them: with the module options
  // of the nearest tsconfig.json (or jsconfig.json) above the importing file. What those
  // leave unresolved is tried with the root's options, the program the root tsconfig
  // declares (a monorepo's root `paths` stand for its workspace links, which a checkout
  // without node_modules lacks).
  const resolve = (literal, containingFile, options, redirectedReference, containingSourceFile) => ts.resolveModuleName(
    literal.text, containingFile, options, host, undefined, redirectedReference,
    ts.getModeForUsageLocation(containingSourceFile, literal, options),
  );
  host.resolveModuleNameLiterals = (literals, containingFile, redirectedReference, _options, containingSourceFile) => {
    const fileOptions = resolutionOptionsOf(containingFile);
    return literals.map((literal) => {
      const resolved = resolve(literal, containingFile, fileOptions, redirectedReference, containingSourceFile);
      if (resolved.resolvedModule || fileOptions === options) return resolved;
      return resolve(literal, containingFile, options, redirectedReference, containingSourceFile);
    });
  };
  return { program: ts.createProgram({ rootNames, options, host }), configErrors, usedTsconfig, declarationFiles: declarationFiles.length };
}

/**
 * The host as a workspace install leaves the repository: `node_modules/<name>` at the root
 * links to each workspace package's folder (npm, yarn and pnpm workspaces link them so), so
 * `import "zod/v4"` resolves through the package's own `exports` and conditions as it
 * does once the repository is installed. A checkout has no node_modules; a real one, when
 * present, comes first.
 */
function withWorkspaceLinks(host, root, packageManifests) {
  const packages = new Map();
  for (const manifest of packageManifests) {
    if (manifest.split('/').includes('node_modules')) continue;
    try {
      const name = JSON.parse(fs.readFileSync(path.join(root, manifest), 'utf8')).name;
      if (typeof name === 'string' && !packages.has(name)) packages.set(name, path.join(root, path.dirname(manifest)));
    } catch {
      // A manifest that does not parse names no package.
    }
  }
  if (packages.size === 0) return host;
  const linked = path.join(root, 'node_modules');
  const scopes = new Set([...packages.keys()].filter((name) => name.startsWith('@')).map((name) => name.split('/')[0]));
  const target = (p) => {
    if (!p.startsWith(linked + path.sep) || fs.existsSync(p)) return undefined;
    const parts = p.slice(linked.length + 1).split(path.sep);
    const width = parts[0].startsWith('@') ? 2 : 1;
    const dir = packages.get(parts.slice(0, width).join('/'));
    return dir && path.join(dir, ...parts.slice(width));
  };
  const through = (p) => target(p) ?? p;
  return Object.assign(host, {
    fileExists: (f) => ts.sys.fileExists(through(f)),
    readFile: (f) => ts.sys.readFile(through(f)),
    directoryExists: (d) => d === linked || (d.startsWith(linked + path.sep) && scopes.has(path.basename(d))) || ts.sys.directoryExists(through(d)),
    realpath: (p) => target(p) ?? ts.sys.realpath?.(p) ?? p,
  });
}

/** The options of the nearest tsconfig.json or jsconfig.json above a file (the root's own options for the root's). */
function nearestConfigOptions(root, rootOptions) {
  const byDir = new Map();
  const optionsOfDir = (dir) => {
    if (byDir.has(dir)) return byDir.get(dir);
    const config = ['tsconfig.json', 'jsconfig.json'].map((name) => path.join(dir, name)).find((candidate) => fs.existsSync(candidate));
    let options;
    if (config && dir !== root) {
      const read = ts.readConfigFile(config, ts.sys.readFile);
      options = read.error ? rootOptions : ts.parseJsonConfigFileContent(read.config ?? {}, ts.sys, dir, undefined, config).options;
    } else {
      options = config || dir === root || !dir.startsWith(root) ? rootOptions : optionsOfDir(path.dirname(dir));
    }
    byDir.set(dir, options);
    return options;
  };
  return (file) => optionsOfDir(path.dirname(file));
}

function unwrapExpression(expression) {
  let e = expression;
  while (ts.isParenthesizedExpression(e) || ts.isNonNullExpression(e) || ts.isAsExpression(e) || ts.isSatisfiesExpression?.(e) || ts.isTypeAssertionExpression(e)) {
    e = e.expression;
  }
  return e;
}

function objectShape(object) {
  const o = unwrapExpression(object);
  if (o.kind === ts.SyntaxKind.ThisKeyword) return 'this.m()';
  if (o.kind === ts.SyntaxKind.SuperKeyword) return 'super.m()';
  if (ts.isIdentifier(o)) return 'x.m()';
  if (ts.isPropertyAccessExpression(o)) return 'x.y.m()';
  if (ts.isCallExpression(o)) return 'f().m()';
  return 'expr.m()';
}

/** The callee NAME token of a call or `new`, and the syntax shape, or undefined when there is none. */
function calleeOf(node) {
  const isNew = ts.isNewExpression(node);
  const callee = unwrapExpression(node.expression);
  if (ts.isIdentifier(callee)) return { token: callee, shape: isNew ? 'new X()' : 'f()' };
  // `super(...)`: the checker resolves the keyword to the base class.
  if (!isNew && callee.kind === ts.SyntaxKind.SuperKeyword) return { token: callee, shape: 'super()' };
  if (ts.isPropertyAccessExpression(callee)) {
    return { token: callee.name, shape: isNew ? 'new x.X()' : objectShape(callee.expression) };
  }
  return undefined;
}

function unwrapValue(initializer) {
  return initializer ? unwrapExpression(initializer) : undefined;
}

/**
 * The variable, field or property a function or class expression is the value of, also in
 * parentheses or behind `as T`, `satisfies T` or `!` (unwrapValue's wrappers, read outward):
 * the declaration nameDeclaration names it by.
 */
function holderOfValue(node) {
  let at = node.parent;
  while (at && (ts.isParenthesizedExpression(at) || ts.isNonNullExpression(at) || ts.isAsExpression(at) || ts.isSatisfiesExpression?.(at) || ts.isTypeAssertionExpression(at))) {
    at = at.parent;
  }
  return at && (ts.isVariableDeclaration(at) || ts.isPropertyDeclaration(at) || ts.isPropertyAssignment(at)) ? at : undefined;
}

function isFunctionValue(value) {
  return value !== undefined && (ts.isArrowFunction(value) || ts.isFunctionExpression(value));
}

function propertyNameText(name) {
  if (!name) return undefined;
  if (ts.isIdentifier(name) || ts.isPrivateIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name)) return name.text;
  return undefined;
}

/**
 * Names of the containers a declaration is nested in that qualified names spell out:
 * namespaces (`N.f`), classes (`C.m`), and (marking the name as nested) the function
 * whose body declares it, by that function's own qualified name: `outer>inner`,
 * `C.m>inner`, `api.get>inner` (docs/extractors/typescript.md). In an anonymous function
 * the declaration `ownName` is named under the symbol around it when that symbol's body
 * declares the name once (callbackOwner), else under `<anonymous>`.
 */
function containerPrefix(declaration, ownName) {
  let prefix = '';
  let nested = false;
  for (let n = declaration.parent; n && !ts.isSourceFile(n); n = n.parent) {
    if (ts.isModuleDeclaration(n) && ts.isIdentifier(n.name)) prefix = `${n.name.text}.${prefix}`;
    else if (ts.isClassLike(n)) {
      nested = true;
      prefix = `${classNameOf(n) ?? '<anonymous>'}.${prefix}`;
    } else if (ts.isFunctionLike(n)) {
      const name = functionNameOf(n);
      if (name !== undefined) return { prefix: `${name}>${prefix}`, nested: true };
      const owner = prefix === '' && ownName !== undefined ? callbackOwner(n) : undefined;
      const unique = owner !== undefined && declarationsNamed(owner.node, ownName) === 1;
      return { prefix: `${unique ? owner.name : '<anonymous>'}>${prefix}`, nested: true };
    }
  }
  return { prefix, nested };
}

/** A function's qualified name: its own, its holder's (`const f = () => ...`), or its test's; undefined when anonymous. */
function functionNameOf(fn) {
  const holder = ts.isArrowFunction(fn) || ts.isFunctionExpression(fn) ? holderOfValue(fn) : fn;
  return (holder ? nameDeclaration(holder) : undefined)?.name ?? testNameOf(fn);
}

/**
 * The symbol an anonymous function's local declarations are named under: the nearest
 * named function around it, a module-level `const` whose value holds it, or a test
 * called with it (not as its own callback); none past a class, a namespace or a literal
 * bound to a name, or at module level.
 */
function callbackOwner(fn) {
  for (let n = fn.parent; n && !ts.isSourceFile(n); n = n.parent) {
    if (ts.isFunctionLike(n)) {
      const name = functionNameOf(n);
      if (name !== undefined) return { name, node: n };
    } else if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name)) {
      const isConst = (ts.getCombinedNodeFlags(n) & ts.NodeFlags.Const) !== 0;
      const { prefix, nested } = isConst ? containerPrefix(n) : { nested: true };
      if (!nested) return { name: prefix + n.name.text, node: n };
    } else if (ts.isCallExpression(n)) {
      const name = testCallName(n);
      if (name !== undefined) return { name, node: n };
    } else if (ts.isClassLike(n) || ts.isModuleDeclaration(n)) {
      return undefined;
    } else if (ts.isObjectLiteralExpression(n)) {
      const owner = objectOwnerName(n);
      if (owner !== undefined && !owner.includes('<anonymous>')) return undefined;
    }
  }
  return undefined;
}

/** How many functions, classes and variables named `name` are declared in `node` (itself included). */
function declarationsNamed(node, name) {
  let count = 0;
  const visit = (n) => {
    const declares = ts.isFunctionDeclaration(n) || ts.isClassLike(n) || ts.isVariableDeclaration(n);
    if (declares && n.name && ts.isIdentifier(n.name) && n.name.text === name) count++;
    ts.forEachChild(n, visit);
  };
  visit(node);
  return count;
}

/** Test files as the extractor tells them (src/extract/typescript/tests.ts). */
const TEST_FILE = /(?:^|\/)(?:__tests__|tests?|spec)\/|\.(?:\w+-)?(?:test|spec)(?:[.-]\w+)*\.[cm]?[jt]sx?$/;
const TEST_CALLS = new Set(['describe', 'it', 'test']);
const TEST_MODIFIERS = new Set(['only', 'skip', 'each', 'todo', 'concurrent', 'sequential', 'fails', 'shuffle', 'for', 'skipIf', 'runIf']);

/** The literal title of a `describe`/`it`/`test` call (`describe.only(...)`, `it.each(table)(...)` too), else undefined. */
function testTitleOf(call) {
  let callee = call.expression;
  // Curried: `it.each(table)(...)`, `it.each\`table\`(...)`.
  if (ts.isCallExpression(callee) && ts.isPropertyAccessExpression(callee.expression)) callee = callee.expression;
  else if (ts.isTaggedTemplateExpression(callee) && ts.isPropertyAccessExpression(callee.tag)) callee = callee.tag;
  if (ts.isPropertyAccessExpression(callee)) {
    if (!TEST_MODIFIERS.has(callee.name.text)) return undefined;
    callee = callee.expression;
  }
  if (!ts.isIdentifier(callee) || !TEST_CALLS.has(callee.text)) return undefined;
  const title = call.arguments[0];
  return title && (ts.isStringLiteral(title) || ts.isNoSubstitutionTemplateLiteral(title)) ? title.text : undefined;
}

/**
 * The test a function is the callback of, as the extractor names tests: the titles from
 * the outermost describe down, joined by ' > ' (docs/extractors/typescript.md).
 */
function testNameOf(fn) {
  if (!(ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) || !ts.isCallExpression(fn.parent)) return undefined;
  return testCallName(fn.parent);
}

/** The name of the test a `describe`/`it`/`test` call declares, undefined for other calls. */
function testCallName(call) {
  if (!TEST_FILE.test(call.getSourceFile().fileName)) return undefined;
  const titles = [];
  for (let n = call; n && !ts.isSourceFile(n); n = n.parent) {
    const title = ts.isCallExpression(n) ? testTitleOf(n) : undefined;
    if (title !== undefined) titles.unshift(title);
    else if (n === call) return undefined;
  }
  return titles.join(' > ');
}

function classNameOf(cls) {
  if (cls.name) return cls.name.text;
  const parent = cls.parent;
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isExportAssignment(parent)) return 'default';
  if (ts.isClassDeclaration(cls) && cls.modifiers?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword)) return 'default';
  return undefined;
}

/** The name of the value an object literal is bound to: `const o = {...}`, `o.p = {...}` nesting. */
function objectOwnerName(literal) {
  const parent = literal.parent;
  if (ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return containerPrefix(parent).prefix + parent.name.text;
  if (ts.isPropertyAssignment(parent) && ts.isObjectLiteralExpression(parent.parent)) {
    const owner = objectOwnerName(parent.parent);
    const name = propertyNameText(parent.name);
    return owner && name ? `${owner}.${name}` : undefined;
  }
  if ((ts.isAsExpression(parent) || ts.isSatisfiesExpression?.(parent) || ts.isParenthesizedExpression(parent)) && parent.parent) {
    return ts.isVariableDeclaration(parent.parent) && ts.isIdentifier(parent.parent.name) ? containerPrefix(parent.parent).prefix + parent.parent.name.text : undefined;
  }
  return undefined;
}

function classTarget(cls) {
  const name = classNameOf(cls);
  if (!name) return undefined;
  const { prefix, nested } = containerPrefix(ts.isClassExpression(cls) && ts.isVariableDeclaration(cls.parent) ? cls.parent : cls, name);
  const hasConstructor = cls.members.some((m) => ts.isConstructorDeclaration(m) && m.body);
  return { name: `${prefix}${name}${hasConstructor ? '.constructor' : ''}`, functionLike: true, declKind: hasConstructor ? 'constructor' : 'class', nested };
}

function memberTarget(owner, member, functionLike, declKind) {
  const name = propertyNameText(member.name);
  if (!owner || !name) return undefined;
  return { name: `${owner}.${name}`, functionLike, declKind };
}

/**
 * How our qualified names spell a declaration: `fn`, `Class.method`, `Class.constructor`
 * (explicit constructor) or `Class`, `const.prop` for object literal members. `functionLike`
 * marks the declarations recall counts. Undefined for locals and anonymous declarations.
 */
export function nameDeclaration(declaration) {
  const d = declaration;
  // A named function expression's own name, inside it, is the function its holder holds.
  if (ts.isFunctionExpression(d)) {
    const holder = holderOfValue(d);
    return holder ? nameDeclaration(holder) : undefined;
  }
  if (ts.isFunctionDeclaration(d)) {
    const name = d.name?.text ?? (d.modifiers?.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword) ? 'default' : undefined);
    if (!name) return undefined;
    const { prefix, nested } = containerPrefix(d, name);
    return { name: prefix + name, functionLike: true, declKind: 'function', nested };
  }
  if (ts.isClassLike(d)) return classTarget(d);
  if (ts.isConstructorDeclaration(d)) return classTarget(d.parent);
  if (ts.isMethodDeclaration(d) || ts.isPropertyDeclaration(d) || ts.isGetAccessorDeclaration(d) || ts.isSetAccessorDeclaration(d)) {
    const functionLike = ts.isMethodDeclaration(d) || (ts.isPropertyDeclaration(d) && isFunctionValue(unwrapValue(d.initializer)));
    const declKind = ts.isMethodDeclaration(d) ? 'method' : ts.isPropertyDeclaration(d) ? (functionLike ? 'arrow property' : 'property') : 'accessor';
    if (ts.isClassLike(d.parent)) {
      const owner = classNameOf(d.parent);
      const { prefix, nested } = containerPrefix(d.parent, owner);
      const target = memberTarget(owner && prefix + owner, d, functionLike, declKind);
      return target && { ...target, nested };
    }
    if (ts.isObjectLiteralExpression(d.parent)) return memberTarget(objectOwnerName(d.parent), d, functionLike, `object ${declKind}`);
    return undefined;
  }
  if (ts.isPropertyAssignment(d) && ts.isObjectLiteralExpression(d.parent)) {
    const functionLike = isFunctionValue(unwrapValue(d.initializer));
    return memberTarget(objectOwnerName(d.parent), d, functionLike, functionLike ? 'object arrow property' : 'object property');
  }
  if (ts.isVariableDeclaration(d) && ts.isIdentifier(d.name)) {
    const value = unwrapValue(d.initializer);
    if (value && ts.isClassExpression(value)) return classTarget(value);
    const functionLike = isFunctionValue(value);
    const { prefix, nested } = containerPrefix(d, functionLike ? d.name.text : undefined);
    const isConst = (ts.getCombinedNodeFlags(d) & ts.NodeFlags.Const) !== 0;
    if (nested && !functionLike) return undefined;
    return { name: prefix + d.name.text, functionLike, declKind: functionLike ? 'arrow const' : isConst ? 'constant' : 'variable', nested };
  }
  if ((ts.isMethodSignature(d) || ts.isPropertySignature(d)) && ts.isInterfaceDeclaration(d.parent)) {
    return memberTarget(d.parent.name.text, d, false, 'interface member');
  }
  if (ts.isInterfaceDeclaration(d) || ts.isTypeAliasDeclaration(d) || ts.isEnumDeclaration(d)) {
    return { name: d.name.text, functionLike: false, declKind: 'type' };
  }
  return undefined;
}

const DECLARATION_PRIORITY = (d) => (ts.isClassLike(d) ? 0 : ts.isFunctionDeclaration(d) && d.body ? 1 : 2);

/**
 * Every call and `new` site in one source file: { line, col, shape, outcome, names,
 * functionLike, declKind, caller }. outcome: 'repo' (a named in-repo declaration),
 * 'repo-unnamed' (a local, parameter or anonymous one), 'external' (lib, .d.ts,
 * node_modules, outside the root) or 'none' (the checker found no symbol).
 */
export function callSitesOf(program, checker, root, sourceFile, modulePathOf) {
  const sites = [];
  const relativeOf = (fileName) => path.relative(root, fileName).split(path.sep).join('/');
  const isRepoSource = (fileName) => {
    const relative = relativeOf(fileName);
    return !relative.startsWith('..') && !path.isAbsolute(relative) && !relative.includes('node_modules/') && !relative.endsWith('.d.ts');
  };

  const resolve = (token) => {
    let symbol = checker.getSymbolAtLocation(token);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    const declarations = symbol?.declarations ?? [];
    if (declarations.length === 0) return { outcome: 'none', names: new Set() };
    // A property of a literal holding a name (`{ load }`, `{ useUtils: useContext }` in an
    // unnamed literal) is the function that name declares.
    const expanded = declarations.flatMap((d) => {
      const heldName = ts.isPropertyAssignment(d) && ts.isIdentifier(d.initializer) && !nameDeclaration(d);
      if (!ts.isShorthandPropertyAssignment(d) && !heldName) return [d];
      const value = heldName ? checker.getSymbolAtLocation(d.initializer) : checker.getShorthandAssignmentValueSymbol(d);
      const aliased = value && value.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(value) : value;
      return aliased?.declarations ?? [d];
    });
    const inRepo = expanded.filter((d) => isRepoSource(d.getSourceFile().fileName));
    if (inRepo.length === 0) return { outcome: 'external', names: new Set(), declFile: relativeOf(expanded[0].getSourceFile().fileName) };
    const ordered = [...inRepo].sort((a, b) => DECLARATION_PRIORITY(a) - DECLARATION_PRIORITY(b));
    const names = new Set();
    let first;
    let firstModule;
    for (const d of ordered) {
      const named = nameDeclaration(d);
      const modulePath = modulePathOf(relativeOf(d.getSourceFile().fileName));
      if (!named || !modulePath) continue;
      names.add(`${modulePath}.${named.name}`);
      if (!first) [first, firstModule] = [named, modulePath];
    }
    if (!first) return { outcome: 'repo-unnamed', names, declKind: ts.SyntaxKind[ordered[0].kind] };
    return {
      outcome: 'repo', names, modulePath: firstModule, symbol: first.name, functionLike: first.functionLike, declKind: first.declKind,
      nested: first.nested ?? false,
    };
  };

  const visit = (node, caller) => {
    let inner = caller;
    if (ts.isFunctionLike(node) || ts.isClassLike(node)) {
      const named = enclosingName(node);
      if (named) inner = named;
    }
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
      const callee = calleeOf(node);
      if (callee) {
        const { line, character } = sourceFile.getLineAndCharacterOfPosition(callee.token.getStart(sourceFile));
        sites.push({ line: line + 1, col: character + 1, text: callee.token.text, shape: callee.shape, caller, ...resolve(callee.token) });
      }
    }
    ts.forEachChild(node, (child) => visit(child, inner));
  };
  visit(sourceFile, '');
  return sites;
}

/** A caller as edge identity sees it: the nearest enclosing declaration we name, else the module. */
function enclosingName(node) {
  const declaration = ts.isArrowFunction(node) || ts.isFunctionExpression(node) || ts.isClassExpression(node) ? holderOfValue(node) : node;
  if (!declaration) return undefined;
  const named = nameDeclaration(declaration);
  return named ? `${named.name}@${declaration.pos}` : undefined;
}
