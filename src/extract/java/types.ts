import type { SyntaxNode } from '../extractor';

/** Type names as Java source writes them, reduced to what resolution can use. */

const PRIMITIVE_TYPES = new Set(['integral_type', 'floating_point_type', 'boolean_type', 'void_type']);

/** `List<Map<K, V>>` -> `List`; annotations and whitespace dropped, arrays and varargs kept. */
export function erasedTypeText(text: string): string {
  let depth = 0;
  let erased = '';
  for (const char of text.replace(/@[\w.]+(\([^()]*\))?/g, '')) {
    if (char === '<') depth++;
    else if (char === '>') depth = Math.max(0, depth - 1);
    else if (depth === 0 && !/\s/.test(char)) erased += char;
  }
  return erased;
}

/**
 * The class or interface a declared type names (`Foo`, `Map.Entry`, `a.b.Foo`), or
 * undefined when it names none: primitives, arrays, `var`, union catch types.
 */
export function referenceTypeName(type: SyntaxNode): string | undefined {
  if (PRIMITIVE_TYPES.has(type.type) || type.type === 'array_type') return undefined;
  if (type.type === 'catch_type') {
    const only = type.namedChildCount === 1 ? type.namedChild(0) : null;
    return only ? referenceTypeName(only) : undefined;
  }
  if (type.endIndex - type.startIndex > 300) return undefined;
  const name = erasedTypeText(type.text);
  if (name === 'var' || !/^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/.test(name)) return undefined;
  return name;
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

/** Type names a declaration lists after `extends`/`implements`, erased. */
export function listedTypes(clause: SyntaxNode | undefined): string[] {
  if (!clause) return [];
  const list = clause.namedChildren.find((child) => child?.type === 'type_list');
  const types = list ? list.namedChildren : clause.namedChildren;
  return types.flatMap((type) => {
    const name = type && referenceTypeName(type);
    return name ? [name] : [];
  });
}
