import type { SyntaxNode } from '../extractor';
import type { CallArguments } from '../facts';

/** Reading a call's argument_list (positional arguments in order, keywords by name) and a definition's parameters. */

/** A function definition's parameters in order, as its SymbolFact's params count them: separators and comments left out. */
export function signatureParameters(definition: SyntaxNode): SyntaxNode[] {
  const parameters: SyntaxNode[] = [];
  for (const parameter of definition.childForFieldName('parameters')?.namedChildren ?? []) {
    if (!parameter || parameter.type === 'keyword_separator' || parameter.type === 'positional_separator' || parameter.type === 'comment') continue;
    parameters.push(parameter);
  }
  return parameters;
}

/** The keyword arguments of an argument_list, by name. */
export function keywordArguments(argumentList: SyntaxNode): Map<string, SyntaxNode> {
  const keywords = new Map<string, SyntaxNode>();
  for (const argument of argumentList.namedChildren) {
    if (argument?.type !== 'keyword_argument') continue;
    const name = argument.childForFieldName('name');
    const value = argument.childForFieldName('value');
    if (name && value) keywords.set(name.text, value);
  }
  return keywords;
}

/** Positional arguments up to the first keyword or splat, after which positions are unknown. */
export function positionalArguments(argumentList: SyntaxNode): SyntaxNode[] {
  const positional: SyntaxNode[] = [];
  for (const argument of argumentList.namedChildren) {
    if (!argument || argument.type === 'comment') continue;
    if (argument.type === 'keyword_argument' || argument.type.endsWith('splat')) break;
    positional.push(argument);
  }
  return positional;
}

/** How many arguments are positional and which keywords are given; undefined with a splat, whose count is unknown. */
export function argumentsShape(argumentList: SyntaxNode | null): CallArguments | undefined {
  if (!argumentList) return { positional: 0 };
  // `f(x for x in xs)`: the generator is the one argument.
  if (argumentList.type !== 'argument_list') return { positional: 1 };
  let positional = 0;
  const keywords: string[] = [];
  const literals: number[] = [];
  for (const argument of argumentList.namedChildren) {
    if (!argument || argument.type === 'comment') continue;
    if (argument.type.endsWith('splat')) return undefined;
    if (argument.type === 'keyword_argument') {
      keywords.push(argument.childForFieldName('name')?.text ?? '');
      continue;
    }
    if (LITERALS.has(argument.type)) literals.push(positional);
    positional++;
  }
  return { positional, ...(keywords.length > 0 ? { keywords } : {}), ...(literals.length > 0 ? { literals } : {}) };
}

/** Literal arguments no function can be: strings (f-strings too), numbers. */
const LITERALS = new Set(['string', 'concatenated_string', 'integer', 'float']);
