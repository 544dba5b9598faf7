import type { TextExtractInput, TextExtractor } from '../extractor';
import type { FileFacts } from '../facts';
import { type Dialect, parseStylesheet } from './parser';
import { StyleWalker } from './walker';

/**
 * CSS and SCSS: one tolerant statement parse (parser.ts), then one walk over the
 * statements (walker.ts) that names selectors, variables, mixins and functions and
 * links their uses. See docs/extractors/css.md for why no tree-sitter grammar.
 */
export const cssExtractor: TextExtractor = {
  extract({ source, path, language }: TextExtractInput): FileFacts {
    const dialect = dialectOf(language);
    const sheet = parseStylesheet(source, dialect);
    const walker = new StyleWalker(source, path, dialect);
    walker.walk(sheet.statements);
    return {
      path,
      language,
      symbols: walker.symbols,
      imports: walker.imports,
      calls: [],
      references: [],
      routes: [],
      links: walker.links,
      syntaxErrors: sheet.syntaxErrors,
    };
  },
  parseOnly({ source, language }: TextExtractInput): number {
    return parseStylesheet(source, dialectOf(language)).count;
  },
};

function dialectOf(language: string): Dialect {
  return language === 'scss' ? 'scss' : 'css';
}
