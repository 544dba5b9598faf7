import type { LanguageExtractor } from '../extractor';

// Placeholder until the typescript extractor lands; it reports no facts.
export const typescriptExtractor: LanguageExtractor = {
  extract: ({ path, language }) => ({ path, language, symbols: [], imports: [], calls: [], references: [], routes: [], syntaxErrors: 0 }),
};
