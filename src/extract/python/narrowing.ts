import type { SyntaxNode } from '../extractor';
import { isDottedName } from './literals';

/**
 * The class `if isinstance(x, C):` (or `elif`, also as the first operand of an `and`)
 * narrows x to in the block that holds the use, as pyright narrows it; none when the
 * block binds x again (its type after that is another), or C is not a name or dotted
 * path (a tuple of classes). Scopes are not crossed: a nested function or class reads
 * its own binding.
 */
export function narrowedByIsinstance(use: SyntaxNode, name: string): string | undefined {
  for (let current = use.parent; current; current = current.parent) {
    if (SCOPE_NODES.has(current.type)) return undefined;
    const clause = current.parent;
    if (current.type !== 'block' || (clause?.type !== 'if_statement' && clause?.type !== 'elif_clause')) continue;
    if (clause.childForFieldName('consequence')?.id !== current.id) continue;
    const type = isinstanceType(clause.childForFieldName('condition'), name);
    if (type !== undefined) return bindsAgain(current.text, name) ? undefined : type;
  }
  return undefined;
}

const SCOPE_NODES = new Set(['function_definition', 'class_definition', 'lambda']);

/** `C` of `isinstance(name, C)`, or of the first operand of an `and` that starts with one. */
function isinstanceType(condition: SyntaxNode | null, name: string): string | undefined {
  if (condition?.type === 'boolean_operator' && condition.childForFieldName('operator')?.text === 'and') {
    return isinstanceType(condition.childForFieldName('left'), name);
  }
  if (condition?.type === 'parenthesized_expression') return isinstanceType(condition.namedChild(0), name);
  if (condition?.type !== 'call' || condition.childForFieldName('function')?.text !== 'isinstance') return undefined;
  const args = condition.childForFieldName('arguments')?.namedChildren.filter((arg) => arg?.type !== 'comment') ?? [];
  const [subject, type] = args;
  if (args.length !== 2 || subject?.type !== 'identifier' || subject.text !== name) return undefined;
  const written = type && (type.type === 'identifier' || type.type === 'attribute') ? type.text.replace(/\s+/g, '') : undefined;
  return written !== undefined && isDottedName(written) ? written : undefined;
}

/**
 * Whether the text binds the name again: an assignment (augmented, annotated, `:=`, a
 * tuple target), a `for` target, an `as` target or a `del`. A keyword argument reads as
 * one too, which only costs the narrowing.
 */
function bindsAgain(text: string, name: string): boolean {
  const word = new RegExp(`(?<![.\\w])${name}(?!\\w)`);
  if (new RegExp(`(?<![.\\w])${name}\\s*(?:[-+*/%&|^@:]|//|\\*\\*|<<|>>)?=(?!=)`).test(text)) return true;
  const targets = [
    ...text.matchAll(/\bfor\s+(.+?)\s+in\b/g),
    ...text.matchAll(/\b(?:as|del)\s+([^\n:]+)/g),
    ...text.matchAll(/^[ \t]*([^\n=]*,[^\n=]*)=(?!=)/gm),
  ];
  return targets.some((match) => word.test(match[1] ?? ''));
}
