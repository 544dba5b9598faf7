import type { Node as SyntaxNode, Query, Tree } from 'web-tree-sitter';
import type { FileFacts, LanguageId } from './facts';

export interface ExtractInput {
  readonly tree: Tree;
  /** The compiled queries.scm of the extractor's folder, for this grammar. */
  readonly query: Query;
  readonly source: string;
  /** Repo-relative path with forward slashes. */
  readonly path: string;
  readonly language: LanguageId;
}

/** One language's extractor: interprets the captures of its queries.scm into facts. */
export interface LanguageExtractor {
  extract(input: ExtractInput): FileFacts;
}

export type { SyntaxNode };
