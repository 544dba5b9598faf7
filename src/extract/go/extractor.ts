import type { LanguageExtractor } from '../extractor';

// Placeholder until the go extractor lands; it reports no facts.
export const goExtractor: LanguageExtractor = {
  extract: ({ path, language }) => ({ path, language, symbols: [], imports: [], calls: [], references: [], routes: [], syntaxErrors: 0 }),
};
