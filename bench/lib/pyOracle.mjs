// pyright as the oracle for Python call edges: every call site tree-sitter finds (the
// callee NAME token), asked textDocument/definition of a spawned pyright-langserver
// (LspOracle from the built engine, as bench:enrich uses it), the declaration it lands on
// named the way our qualified names are, and the call form.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { PACKAGE_ROOT } from './engine.mjs';
import { pythonModulePaths, pythonParser, qualified, readFile } from './pySyntax.mjs';

const LANGSERVER = path.join(PACKAGE_ROOT, 'node_modules', 'pyright', 'langserver.index.js');
const PROGRESS_EVERY_MS = 10_000;

/** pyright's version, from its package.json. */
export function pyrightVersion() {
  return JSON.parse(fs.readFileSync(path.join(PACKAGE_ROOT, 'node_modules', 'pyright', 'package.json'), 'utf8')).version;
}

/** Where an outside declaration lives, short: typeshed's stdlib or stubs, site-packages, or elsewhere. */
function externalPlace(file) {
  const typeshed = /typeshed-fallback\/(stdlib|stubs)\//.exec(file);
  if (typeshed) return `typeshed ${typeshed[1]}`;
  if (/[/\\](site|dist)-packages[/\\]/.test(file)) return 'site-packages';
  return 'elsewhere';
}

/**
 * Declarations by position, read once per file: any file pyright points into (the repo's,
 * typeshed's, site-packages'), so an outside class is known as a class too.
 */
class Declarations {
  constructor(parser, root, modules) {
    this.parser = parser;
    this.root = root;
    this.modules = modules;
    this.files = new Map();
  }

  /** A repo-relative path when `file` is a listed .py/.pyi of the repo, else undefined. */
  repoPath(file) {
    const relative = path.relative(this.root, file);
    if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
    const posix = relative.split(path.sep).join('/');
    return this.modules.has(posix) ? posix : undefined;
  }

  read(file, known) {
    if (this.files.has(file)) return this.files.get(file);
    let facts;
    try {
      facts = known ?? readFile(this.parser, fs.readFileSync(file, 'utf8'));
    } catch {
      facts = { scopes: [], calls: [], constants: new Map(), variables: new Map(), imports: [] };
    }
    const byPosition = new Map(facts.scopes.map((s) => [`${s.line}:${s.col}`, s]));
    const entry = { byPosition, constants: facts.constants, variables: facts.variables, imports: facts.imports };
    this.files.set(file, entry);
    return entry;
  }

  /**
   * What a definition location is: { where: 'repo'|'external', kind, name?, functionLike,
   * nested, modulePath, symbol, file }. Kinds: class, function, method, constant,
   * local (a def or class our graph does not name), module, import (an import pyright
   * could not follow), variable.
   */
  at(location) {
    const relative = this.repoPath(location.path);
    const entry = this.read(location.path);
    const where = relative ? 'repo' : 'external';
    const base = { where, file: relative ?? location.path, functionLike: false, nested: false };
    const scope = entry.byPosition.get(`${location.line}:${location.character}`);
    const modulePath = relative ? this.modules.get(relative) : undefined;
    if (scope) {
      const kind = scope.kind === 'class' ? 'class' : scope.parent?.kind === 'class' ? 'method' : 'function';
      if (scope.symbol === undefined) return { ...base, kind: 'local', declKind: `local ${scope.kind}` };
      // Instantiation calls __init__ when the class declares one, else the class (scope.ts constructorOf).
      const symbol = scope.kind === 'class' && scope.hasInit ? `${scope.symbol}.__init__` : scope.symbol;
      return { ...base, kind, functionLike: true, nested: scope.symbol.includes('>'), modulePath, symbol, name: modulePath && qualified(modulePath, symbol) };
    }
    const constant = entry.constants.get(`${location.line}:${location.character}`);
    if (constant) return { ...base, kind: 'constant', modulePath, symbol: constant, name: modulePath && qualified(modulePath, constant) };
    // A module variable holding a function is named, as the Go oracle names package
    // variables: an edge to it is right, but it is no function a call site must reach (C).
    const variable = entry.variables.get(`${location.line}:${location.character}`);
    if (variable) return { ...base, kind: 'variable', modulePath, symbol: variable, name: modulePath && qualified(modulePath, variable) };
    if (location.line === 1 && location.character === 0) return { ...base, kind: 'module' };
    if (entry.imports.some(([from, to]) => location.line >= from && location.line <= to)) return { ...base, kind: 'import' };
    return { ...base, kind: 'variable' };
  }
}

/** The outcome and names of a callee from its definition locations (null: no answer in time). */
function judge(declarations, locations) {
  if (locations === null) return { outcome: 'unchecked' };
  const decls = locations.map((l) => declarations.at(l));
  const named = decls.filter((d) => d.where === 'repo' && d.name);
  if (named.length > 0) {
    const first = named.find((d) => d.functionLike) ?? named[0];
    return {
      outcome: 'repo', names: new Set(named.map((d) => d.name)), functionLike: named.some((d) => d.functionLike),
      declKind: first.kind, declFile: first.file, modulePath: first.modulePath, symbol: first.symbol, nested: first.nested, isClass: first.kind === 'class',
    };
  }
  const local = decls.find((d) => d.where === 'repo' && (d.kind === 'local' || d.kind === 'variable'));
  if (local) return { outcome: 'repo-unnamed', declKind: local.declKind ?? local.kind, declFile: local.file };
  const external = decls.find((d) => d.where === 'external' && d.kind !== 'import');
  if (external) return { outcome: 'external', declKind: external.kind, declFile: externalPlace(external.file), isClass: external.kind === 'class' };
  return { outcome: 'none', declKind: decls.length > 0 ? 'unresolved import' : 'nothing' };
}

/**
 * The form of a call (shape) and the group of it, from the syntax of its callee
 * and what pyright says the object is.
 */
function formOf(call, callee, object) {
  const o = call.object;
  if (!o) return callee.isClass ? ['C()', 'C()'] : ['f()', 'f()'];
  if (o.type === 'call') return o.superCall ? ['super().m()', 'super().m()'] : ['f().m()', 'f().m()'];
  const objectKind = object?.outcome === 'unchecked' ? undefined : object?.kind;
  if (o.type === 'identifier') {
    if (o.text === 'self') return ['self.m()', 'self.m()'];
    if (o.text === 'cls') return ['cls.m()', 'self.m()'];
    if (objectKind === 'module') return callee.isClass ? ['mod.C()', 'C()'] : ['mod.f()', 'mod.f()'];
    if (objectKind === 'class') return ['C.m()', 'C.m()'];
    return [object?.global ? 'global.m()' : 'x.m()', 'x.m()'];
  }
  if (o.type === 'attribute') {
    if (objectKind === 'module') return callee.isClass ? ['pkg.mod.C()', 'C()'] : ['pkg.mod.f()', 'mod.f()'];
    if (objectKind === 'class') return ['mod.C.m()', 'C.m()'];
    if ((o.head === 'self' || o.head === 'cls') && o.depth === 2) return ['self.x.m()', 'self.x.m() / a.b.m()'];
    return ['a.b.m()', 'self.x.m() / a.b.m()'];
  }
  if (o.type === 'subscript') return ['x[i].m()', 'other'];
  return ['expr.m()', 'other'];
}

/** What pyright says an object name is: module, class or a variable (global when declared at column 0). */
function objectKindOf(declarations, locations) {
  if (locations === null) return { outcome: 'unchecked' };
  const decls = locations.map((l) => declarations.at(l));
  if (decls.some((d) => d.kind === 'module')) return { kind: 'module' };
  if (decls.some((d) => d.kind === 'class')) return { kind: 'class' };
  return { kind: 'variable', global: locations.some((l) => l.character === 0) };
}

/**
 * Runs pyright over the repo's .py files (`files`, repo-relative, sorted) and returns
 * { sites (compareCalls form), unchecked (keys of sites pyright did not answer in time),
 * analyzed, stats }. `allPaths` names every repo file, for module paths.
 */
export async function pyrightSites(engine, root, files, allPaths, { timeoutMs, log }) {
  const parser = await pythonParser();
  const modules = pythonModulePaths(allPaths);
  const declarations = new Declarations(parser, root, modules);
  const server = new engine.LspOracle({ command: process.execPath, args: [LANGSERVER, '--stdio'], rootPath: root, timeoutMs, log: () => undefined });
  const stats = { files: 0, calls: 0, queries: 0, unanswered: 0, outcomes: {}, external: {}, startMs: 0, queryMs: 0 };
  const sites = [];
  const unchecked = new Set();
  const analyzed = new Set();
  try {
    let started = performance.now();
    await server.start();
    stats.startMs = performance.now() - started;
    started = performance.now();
    let lastProgress = started;
    for (const relative of files) {
      const absolute = path.join(root, relative);
      const facts = readFile(parser, fs.readFileSync(absolute, 'utf8'));
      declarations.read(absolute, facts);
      analyzed.add(relative);
      stats.files++;
      const queries = [];
      for (const call of facts.calls) {
        queries.push({ path: absolute, line: call.line, character: call.col });
        if (call.object?.token) queries.push({ path: absolute, line: call.object.token.line, character: call.object.token.col });
      }
      const answers = await server.locations('definition', queries);
      stats.queries += queries.length;
      let next = 0;
      const modulePath = modules.get(relative) ?? relative;
      for (const call of facts.calls) {
        const callee = judge(declarations, answers[next++]);
        const object = call.object?.token ? objectKindOf(declarations, answers[next++]) : undefined;
        const key = `${relative}:${call.line}:${call.col + 1}`;
        stats.calls++;
        stats.outcomes[callee.outcome] = (stats.outcomes[callee.outcome] ?? 0) + 1;
        if (callee.outcome === 'unchecked') {
          stats.unanswered++;
          unchecked.add(key);
          continue;
        }
        if (callee.outcome === 'external') stats.external[callee.declFile] = (stats.external[callee.declFile] ?? 0) + 1;
        const [shape, group] = formOf(call, callee, object);
        sites.push({
          file: relative, line: call.line, col: call.col + 1, key, text: call.text, shape, group,
          caller: qualified(modulePath, call.caller), outcome: callee.outcome, names: callee.names ?? new Set(),
          functionLike: callee.functionLike ?? false, declKind: callee.declKind, declFile: callee.declFile ?? '',
          modulePath: callee.modulePath, symbol: callee.symbol, nested: callee.nested,
        });
      }
      const now = performance.now();
      if (now - lastProgress > PROGRESS_EVERY_MS) {
        lastProgress = now;
        log(`${stats.files}/${files.length} files, ${stats.calls} calls, ${((now - started) / 1000).toFixed(0)} s`);
      }
    }
    stats.queryMs = performance.now() - started;
  } finally {
    await server.close();
  }
  return { sites, unchecked, analyzed, stats };
}
