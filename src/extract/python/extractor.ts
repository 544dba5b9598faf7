import type { LanguageExtractor } from '../extractor';

// Placeholder until the python extractor lands; it reports no facts.
export const pythonExtractor: LanguageExtractor = {
  extract: ({ path, language }) => ({ path, language, symbols: [], imports: [], calls: [], references: [], routes: [], syntaxErrors: 0 }),
};
