import * as path from 'node:path';
import type { LanguageExtractor, TextExtractor } from './extractor';
import { csharpExtractor } from './csharp/extractor';
import type { LanguageId } from './facts';
import { goExtractor } from './go/extractor';
import { pythonExtractor } from './python/extractor';
import { typescriptExtractor } from './typescript/extractor';

/** A language read through a tree-sitter grammar and the queries.scm of its folder. */
export interface TreeSitterLanguageSpec {
  readonly id: LanguageId;
  readonly parser: 'tree-sitter';
  /** File name of the wasm grammar under grammars/. */
  readonly grammar: string;
  /** Folder under src/extract holding extractor.ts and queries.scm. */
  readonly folder: string;
  readonly extractor: LanguageExtractor;
}

/** A language whose extractor parses the text itself. */
export interface TextLanguageSpec {
  readonly id: LanguageId;
  readonly parser: 'text';
  readonly extractor: TextExtractor;
}

export type LanguageSpec = TreeSitterLanguageSpec | TextLanguageSpec;

const GO: LanguageSpec = { id: 'go', parser: 'tree-sitter', grammar: 'tree-sitter-go.wasm', folder: 'go', extractor: goExtractor };
const TYPESCRIPT: TreeSitterLanguageSpec = {
  id: 'typescript', parser: 'tree-sitter', grammar: 'tree-sitter-typescript.wasm', folder: 'typescript', extractor: typescriptExtractor,
};
// JavaScript is parsed with the TSX grammar: it is a superset for JS and JSX, so one
// queries.scm serves all three.
const TSX: TreeSitterLanguageSpec = {
  id: 'tsx', parser: 'tree-sitter', grammar: 'tree-sitter-tsx.wasm', folder: 'typescript', extractor: typescriptExtractor,
};
const JAVASCRIPT: LanguageSpec = { ...TSX, id: 'javascript' };
const PYTHON: LanguageSpec = {
  id: 'python', parser: 'tree-sitter', grammar: 'tree-sitter-python.wasm', folder: 'python', extractor: pythonExtractor,
};

const CSHARP: LanguageSpec = {
  id: 'csharp', parser: 'tree-sitter', grammar: 'tree-sitter-c-sharp.wasm', folder: 'csharp', extractor: csharpExtractor,
};

const BY_EXTENSION: ReadonlyMap<string, LanguageSpec> = new Map([
  ['.go', GO],
  ['.ts', TYPESCRIPT], ['.mts', TYPESCRIPT], ['.cts', TYPESCRIPT],
  ['.tsx', TSX],
  ['.js', JAVASCRIPT], ['.jsx', JAVASCRIPT], ['.mjs', JAVASCRIPT], ['.cjs', JAVASCRIPT],
  ['.py', PYTHON], ['.pyi', PYTHON],
  ['.cs', CSHARP],
]);

export const ALL_LANGUAGES: readonly LanguageSpec[] = [GO, TYPESCRIPT, TSX, JAVASCRIPT, PYTHON, CSHARP];

/** The language of a repo-relative path, or undefined when no extractor handles it. */
export function languageForPath(filePath: string): LanguageSpec | undefined {
  if (filePath.endsWith('.d.ts')) return undefined;
  return BY_EXTENSION.get(path.extname(filePath).toLowerCase());
}

export function languageById(id: LanguageId): LanguageSpec {
  const spec = ALL_LANGUAGES.find((l) => l.id === id);
  if (!spec) throw new Error(`extract/registry: unknown language '${id}'`);
  return spec;
}
