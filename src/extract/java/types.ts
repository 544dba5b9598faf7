import { writtenGenericType } from '../common';
import type { SyntaxNode } from '../extractor';

/** Type names as Java source writes them, reduced to what resolution can use. */

const PRIMITIVE_TYPES = new Set(['byte', 'short', 'int', 'long', 'char', 'float', 'double', 'boolean', 'void', 'var']);
const TYPE_PATH = /^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/;

/** `List<Map<K, V>>` -> `List`; annotations and whitespace dropped, arrays and varargs kept. */
export function erasedTypeText(text: string): string {
  if (!/[<@\s]/.test(text)) return text;
  let depth = 0;
  let erased = '';
  for (const char of text.replace(/@[\w.]+(\([^()]*\))?/g, '')) {
    if (char === '<') depth++;
    else if (char === '>') depth = Math.max(0, depth - 1);
    else if (depth === 0 && char !== ' ' && char !== '\t' && char !== '\n' && char !== '\r') erased += char;
  }
  return erased;
}

/**
 * The class or interface a declared type names (`Foo`, `Map.Entry`, `a.b.Foo`), or
 * undefined when it names none: primitives, arrays, `var`, union catch types. Read from
 * the text alone, which the extractor has at hand; node types would be asked of wasm.
 */
export function referenceTypeName(type: SyntaxNode): string | undefined {
  return namedTypeIn(type.text);
}

/** The class or interface a type written as text names (`List` for `List<Item>`); undefined for arrays and primitives. */
export function namedTypeIn(text: string): string | undefined {
  if (text.length > 300) return undefined;
  const name = erasedTypeText(text);
  return PRIMITIVE_TYPES.has(name) || !TYPE_PATH.test(name) ? undefined : name;
}

/** The type `new T(...)` creates, without type arguments: `T`, `Outer.Inner`. */
export function createdTypeName(creation: SyntaxNode): string | undefined {
  if (creation.type !== 'object_creation_expression') return undefined;
  const type = creation.childForFieldName('type');
  const hasBody = creation.namedChildren.some((child) => child?.type === 'class_body');
  return type && !hasBody ? referenceTypeName(type) : undefined;
}

/** The name token of a type as written: `Foo` in `a.b.Foo<T>`. */
export function typeNameToken(type: SyntaxNode): SyntaxNode {
  if (type.type === 'generic_type' || type.type === 'scoped_type_identifier') {
    const last = type.type === 'generic_type' ? type.namedChild(0) : type.namedChild(type.namedChildCount - 1);
    return last ? typeNameToken(last) : type;
  }
  return type;
}

export interface ParameterList {
  /** Parameter types as written, erased and without spaces: `String`, `int[]`, `String...`. */
  readonly types: readonly string[];
  readonly varargs: boolean;
}

/** The declared parameter types of a method, constructor or record header. */
export function parameterList(params: SyntaxNode | undefined): ParameterList {
  const types: string[] = [];
  let varargs = false;
  for (const param of params?.namedChildren ?? []) {
    if (!param) continue;
    if (param.type === 'formal_parameter') {
      const type = param.childForFieldName('type');
      const dimensions = param.childForFieldName('dimensions');
      if (type) types.push(erasedTypeText(type.text) + (dimensions ? erasedTypeText(dimensions.text) : ''));
    } else if (param.type === 'spread_parameter') {
      const type = param.namedChildren.find((child) => child && child.type !== 'modifiers' && child.type !== 'variable_declarator');
      types.push(`${type ? erasedTypeText(type.text) : '?'}...`);
      varargs = true;
    }
  }
  return { types, varargs };
}

/** Type names a declaration lists after `extends`/`implements`, erased, in order. */
export function listedTypes(clause: SyntaxNode | undefined): string[] {
  if (!clause) return [];
  // Erasure drops type arguments, so the commas left separate the listed types.
  const listed = erasedTypeText(clause.text.replace(/^\s*(extends|implements)\b/, ' '));
  return listed.split(',').flatMap((type) => {
    const name = namedTypeIn(type);
    return name ? [name] : [];
  });
}

/** `<T extends Comparable<T>, U>` -> T, U: the names a type or method declares as type parameters. */
export function typeParameterNames(list: SyntaxNode | undefined): string[] {
  if (!list) return [];
  const names: string[] = [];
  let depth = 0;
  let expectName = true;
  for (const token of list.text.replace(/@[\w.]+(\([^()]*\))?/g, ' ').matchAll(/[A-Za-z_$][\w$]*|[<>,]/g)) {
    const text = token[0];
    if (text === '<') depth++;
    else if (text === '>') depth--;
    else if (text === ',') expectName = depth === 1;
    else if (expectName && depth === 1) {
      names.push(text);
      expectName = false;
    }
  }
  return names;
}

/** A declared type as facts carry it: annotations dropped, type arguments kept (`List<Item>` iterates Items), type parameters unknown. */
export function writtenTypeText(text: string, typeParameters: ReadonlySet<string>): string {
  return writtenGenericType(text.replace(/@[\w.]+(\([^()]*\))?/g, ''), typeParameters);
}
