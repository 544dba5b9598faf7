// The syntax side of the Python oracle, read with the tree-sitter grammar the engine loads:
// module paths, call sites (the callee NAME token, its object, the caller) and the
// declarations a definition location lands on, named the way our qualified names are
// (src/resolve/languages/python.ts, src/extract/python/scopes.ts).
import * as path from 'node:path';
import { PACKAGE_ROOT } from './engine.mjs';

const GRAMMAR = path.join(PACKAGE_ROOT, 'grammars', 'tree-sitter-python.wasm');
/** Separates a nested function from the function whose body defines it (scopes.ts). */
const NESTED = '>';
const CONSTANT_NAME = /^_*[A-Z][A-Z0-9_]*$/;

/** A tree-sitter parser for Python (the engine's own grammar file, copied by the build). */
export async function pythonParser() {
  const { Parser, Language } = await import('web-tree-sitter');
  await Parser.init();
  const parser = new Parser();
  parser.setLanguage(await Language.load(GRAMMAR));
  return parser;
}

function dottedPath(file) {
  const parts = file.replace(/\.pyi?$/, '').split('/');
  if (parts[parts.length - 1] === '__init__' && parts.length > 1) parts.pop();
  return parts.join('.');
}

/**
 * The module path of every .py/.pyi file as pythonResolver names it: dotted from the
 * repository root, `__init__` dropped, a leading `src.` dropped when src/ is not a
 * package; when two files give one path the first (sorted) keeps it.
 */
export function pythonModulePaths(allPaths) {
  const srcIsPackage = allPaths.includes('src/__init__.py');
  const taken = new Set();
  const modules = new Map();
  for (const file of allPaths.filter((f) => /\.pyi?$/.test(f)).sort()) {
    let dotted = dottedPath(file);
    if (!srcIsPackage && dotted.startsWith('src.')) dotted = dotted.slice(4);
    if (taken.has(dotted)) continue;
    taken.add(dotted);
    modules.set(file, dotted);
  }
  return modules;
}

/** The function or class a node defines, with its body start (code before it runs in the parent). */
function definitionOf(node) {
  if (node.type !== 'function_definition' && node.type !== 'class_definition') return undefined;
  const body = node.childForFieldName('body');
  const name = node.childForFieldName('name');
  if (!body || !name) return undefined;
  return { kind: node.type === 'class_definition' ? 'class' : 'function', name: name.text, nameNode: name, bodyStart: body.startIndex };
}

/** Our symbol name of a definition under `parent` (scopes.ts symbolNameOf); undefined when it has none. */
function symbolName(definition, parent) {
  if (!parent) return definition.name;
  if (parent.symbol === undefined) return undefined;
  if (parent.kind === 'class') return `${parent.symbol}.${definition.name}`;
  return `${parent.symbol}${NESTED}${definition.name}`;
}

/**
 * One file's scopes and calls. `scopes`: every def and class, with its symbol name (or
 * undefined), kind, parent, name position and whether a class declares `__init__`.
 * `constants`: module-level UPPER_CASE names ('line:col' -> name), `variables` the other
 * module-level assigned names; `imports`: line spans
 * of import statements. `calls`: every call whose callee has a name token (`f()`, `a.b.f()`), `super()` itself
 * excepted, with the token's 1-based line and column (UTF-16, as web-tree-sitter and
 * LSP count) and the caller, the nearest enclosing symbol of the scope that evaluates it.
 */
export function readFile(parser, text) {
  const tree = parser.parse(text);
  const scopes = [];
  const calls = [];
  const stack = [];
  const owner = (offset) => {
    // Decorators, defaults and bases run in the enclosing scope.
    for (let i = stack.length - 1; i >= 0; i--) if (offset >= stack[i].bodyStart) return stack[i];
    return undefined;
  };
  const visit = (node) => {
    const definition = definitionOf(node);
    let scope;
    if (definition) {
      const parent = stack[stack.length - 1];
      const symbol = symbolName(definition, parent);
      scope = {
        ...definition, parent, symbol, enclosing: symbol ?? parent?.enclosing ?? '',
        line: definition.nameNode.startPosition.row + 1, col: definition.nameNode.startPosition.column, hasInit: false,
      };
      delete scope.nameNode;
      if (parent?.kind === 'class' && definition.kind === 'function' && definition.name === '__init__') parent.hasInit = true;
      scopes.push(scope);
    } else if (node.type === 'call') {
      const call = callSite(node);
      if (call) calls.push({ ...call, caller: owner(node.startIndex)?.enclosing ?? '' });
    }
    if (scope) stack.push(scope);
    for (const child of node.namedChildren) visit(child);
    if (scope) stack.pop();
  };
  visit(tree.rootNode);
  const { constants, variables } = moduleAssignments(tree.rootNode);
  const imports = tree.rootNode.descendantsOfType(['import_statement', 'import_from_statement', 'future_import_statement'])
    .map((n) => [n.startPosition.row + 1, n.endPosition.row + 1]);
  tree.delete();
  return { scopes, calls, constants, variables, imports };
}

function callSite(call) {
  const fn = call.childForFieldName('function');
  let token;
  let object;
  if (fn?.type === 'identifier') token = fn;
  else if (fn?.type === 'attribute') {
    token = fn.childForFieldName('attribute');
    object = fn.childForFieldName('object');
  }
  if (!token || (!object && token.text === 'super')) return undefined;
  const at = (node) => ({ line: node.startPosition.row + 1, col: node.startPosition.column });
  return {
    ...at(token), text: token.text,
    object: object && objectFacts(object, at),
  };
}

/** What the form of a member call needs to know of its object. */
function objectFacts(object, at) {
  let o = object;
  while (o.type === 'parenthesized_expression' && o.namedChildCount === 1) o = o.namedChildren[0];
  const facts = { type: o.type, text: o.text.length > 60 ? `${o.text.slice(0, 59)}…` : o.text };
  if (o.type === 'identifier') facts.token = at(o);
  if (o.type === 'attribute') {
    const head = o.childForFieldName('object');
    facts.token = at(o.childForFieldName('attribute'));
    facts.head = head?.type === 'identifier' ? head.text : head?.type;
    facts.depth = o.text.split('.').length;
  }
  if (o.type === 'call') {
    const fn = o.childForFieldName('function');
    facts.superCall = fn?.type === 'identifier' && fn.text === 'super';
  }
  return facts;
}

/**
 * Module-level assignments `name = ...`: UPPER_CASE ones are constants (queries.scm),
 * the others variables; each line:col of the name -> name.
 */
function moduleAssignments(root) {
  const constants = new Map();
  const variables = new Map();
  for (const statement of root.namedChildren) {
    if (statement.type !== 'expression_statement') continue;
    const assignment = statement.namedChildren[0];
    const left = assignment?.type === 'assignment' ? assignment.childForFieldName('left') : undefined;
    if (left?.type !== 'identifier') continue;
    (CONSTANT_NAME.test(left.text) ? constants : variables).set(`${left.startPosition.row + 1}:${left.startPosition.column}`, left.text);
  }
  return { constants, variables };
}

/** The qualified name of a caller: the module for '' , else module.symbol. */
export function qualified(modulePath, symbol) {
  return symbol ? `${modulePath}.${symbol}` : modulePath;
}
