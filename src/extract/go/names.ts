import type { SyntaxNode } from '../extractor';
import type { DefinitionMatch } from './collect';

/** Go's predeclared identifiers: never package symbols, so never references or calls. */
export const BUILTIN_TYPES: ReadonlySet<string> = new Set([
  'any', 'bool', 'byte', 'comparable', 'complex64', 'complex128', 'error', 'float32', 'float64',
  'int', 'int8', 'int16', 'int32', 'int64', 'rune', 'string',
  'uint', 'uint8', 'uint16', 'uint32', 'uint64', 'uintptr',
]);

export const BUILTIN_FUNCTIONS: ReadonlySet<string> = new Set([
  'append', 'cap', 'clear', 'close', 'complex', 'copy', 'delete', 'imag', 'len', 'make', 'max',
  'min', 'new', 'panic', 'print', 'println', 'real', 'recover',
]);

const BUILTIN_VALUES: ReadonlySet<string> = new Set(['true', 'false', 'iota', 'nil', '_']);

export function isBuiltin(name: string): boolean {
  return BUILTIN_TYPES.has(name) || BUILTIN_FUNCTIONS.has(name) || BUILTIN_VALUES.has(name);
}

export function isExported(name: string): boolean {
  return /^\p{Lu}/u.test(name);
}

const TEST_PREFIXES = ['Test', 'Benchmark', 'Fuzz', 'Example'];

/**
 * What `go test` runs: a prefix followed by nothing or a non-lower-case rune, so
 * `TestLogin` and `Test_login` are tests and `Testify` is not. TestMain is the test
 * binary's entry point, not a test.
 */
export function isTestFunctionName(name: string): boolean {
  if (name === 'TestMain') return false;
  return TEST_PREFIXES.some((prefix) => name.startsWith(prefix) && !/^\p{Ll}/u.test(name.slice(prefix.length)));
}

/** A dotted path of identifiers (`s`, `s.store`, `pkg.Var.field`), as member objects are written. */
const DOTTED_PATH = /^[\p{L}_][\p{L}\p{N}_]*(?:\.[\p{L}_][\p{L}\p{N}_]*)*$/u;

export function isDottedPath(text: string): boolean {
  return DOTTED_PATH.test(text);
}

/**
 * The named type a type expression denotes, as written: `Server` for `*Server`,
 * `pkg.Client` for `pkg.Client`, `Pair` for `Pair[K, V]`. Undefined for builtin,
 * composite (slice, map, func...) and malformed types: they name no type with methods.
 */
export function namedTypeOf(typeNode: SyntaxNode): string | undefined {
  switch (typeNode.type) {
    case 'type_identifier':
      return BUILTIN_TYPES.has(typeNode.text) ? undefined : typeNode.text;
    case 'qualified_type':
      return typeNode.text.replace(/\s+/g, '');
    case 'pointer_type':
    case 'parenthesized_type': {
      const inner = typeNode.namedChild(0);
      return inner ? namedTypeOf(inner) : undefined;
    }
    case 'generic_type': {
      const base = typeNode.childForFieldName('type');
      return base ? namedTypeOf(base) : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * The named type a type written as text denotes (`Server` for `*Server`, `pkg.Client`,
 * `Pair` for `Pair[K, V]`); undefined for builtin and composite types.
 */
export function namedTypeText(type: string): string | undefined {
  const bare = type.replace(/^[\s*(]+/, '').replace(/[\s)]+$/, '');
  if (/^(?:\[|map\s*\[|chan\b|<-|func\b|struct\b|interface\b)/.test(bare)) return undefined;
  const name = bare.replace(/\s*\[.*$/s, '').replace(/\s+/g, '');
  return DOTTED_PATH.test(name) && !BUILTIN_TYPES.has(name) ? name : undefined;
}

/** Semantic import versioning suffixes start at v2; `core/v1` is a package named v1. */
const MAJOR_VERSION_SEGMENT = /^v(?:[2-9]|[1-9]\d+)$/;

/**
 * The local name an import binds without an alias: the last path segment, skipping a
 * major-version segment (`chi/v5` -> `chi`) and the usual repository decorations
 * around the package name (`go-yaml`, `opentracing-go`, `nats.go`, `yaml.v3`).
 */
export function importLocalName(importPath: string): string {
  const segments = importPath.split('/').filter((segment) => segment !== '');
  let last = segments.pop() ?? importPath;
  if (MAJOR_VERSION_SEGMENT.test(last) && segments.length > 0) last = segments.pop() ?? last;
  return last
    .replace(/\.v\d+$/, '')
    .replace(/^go-/, '')
    .replace(/[-.]go$/, '');
}

/** A function's or method's symbol name: `Func`, or `Type.method` with the receiver's pointer and type parameters stripped. */
export function symbolNameOf(definition: DefinitionMatch): string | undefined {
  const name = definition.name.text;
  if (name === '_' || name === '') return undefined;
  if (definition.role !== 'method') return name;
  const receiverType = definition.receiverType ? namedTypeOf(definition.receiverType) : undefined;
  return receiverType && !receiverType.includes('.') ? `${receiverType}.${name}` : undefined;
}
