import type { SyntaxNode } from '../extractor';
import type { FieldFact, SymbolFact } from '../facts';
import type { DefinitionMatch } from './collect';
import { type GenericParameters, writtenType } from './typeText';

/**
 * What items declare of types, as written, for the resolver to read in this file's
 * scope: a function's parameter and result types, a struct's fields, a constant's or
 * static's type, what a type alias stands for. '' where the type is a generic
 * parameter (or `Self` in a trait, which is whichever type implements it).
 */
export type DeclaredTypes = Pick<SymbolFact, 'params' | 'results' | 'fields' | 'valueType' | 'underlying'>;

/**
 * The declared types of an item; `selfType` is what `Self` means where it sits (the
 * impl's type, or the struct itself), undefined in a trait or a nested `fn`.
 */
export function declaredTypesOf(definition: DefinitionMatch, selfType: string | undefined, generics: GenericParameters): DeclaredTypes {
  const { node } = definition;
  const written = (type: SyntaxNode): string | undefined => writtenType(type, selfType, generics);
  switch (node.type) {
    case 'function_item':
      return signatureTypes(node, written);
    case 'struct_item': {
      const fields = definition.body ? fieldsOf(definition.body, written) : [];
      return fields.length > 0 ? { fields } : {};
    }
    case 'type_item': {
      const type = node.childForFieldName('type');
      const underlying = type ? written(type) : undefined;
      return underlying ? { underlying } : {};
    }
    case 'const_item':
    case 'static_item': {
      const type = node.childForFieldName('type');
      const name = type ? written(type) : undefined;
      return name ? { valueType: { t: 'named', name } } : {};
    }
    default:
      return {};
  }
}

/** A type node as written where the item sits. */
type Written = (type: SyntaxNode) => string | undefined;

/** Parameter types (`self` not among them) and the result type when one is written. */
function signatureTypes(fn: SyntaxNode, written: Written): DeclaredTypes {
  const params: string[] = [];
  for (const parameter of fn.childForFieldName('parameters')?.namedChildren ?? []) {
    if (parameter?.type !== 'parameter') continue;
    const type = parameter.childForFieldName('type');
    params.push((type && written(type)) ?? '');
  }
  const result = fn.childForFieldName('return_type');
  return result ? { params, results: [written(result) ?? ''] } : { params };
}

/** Named fields by name, tuple-struct fields by position (`0`, `1`: `self.0`). */
function fieldsOf(body: SyntaxNode, written: Written): FieldFact[] {
  const fields: FieldFact[] = [];
  if (body.type === 'field_declaration_list') {
    for (const field of body.namedChildren) {
      if (field?.type !== 'field_declaration') continue;
      const name = field.childForFieldName('name');
      const type = field.childForFieldName('type');
      if (name && type) fields.push({ name: name.text, type: written(type) ?? '' });
    }
  } else if (body.type === 'ordered_field_declaration_list') {
    body.childrenForFieldName('type').forEach((type, index) => {
      if (type) fields.push({ name: String(index), type: written(type) ?? '' });
    });
  }
  return fields;
}
