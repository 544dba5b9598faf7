import type { SyntaxNode } from '../extractor';

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
