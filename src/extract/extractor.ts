import type { Node as SyntaxNode, Query, Tree } from 'web-tree-sitter';
import type { FileFacts, LanguageId } from './facts';
import type { WorkMeter } from './workBudget';

export interface ExtractInput {
  readonly tree: Tree;
  /** The compiled queries.scm of the extractor's folder, for this grammar. */
  readonly query: Query;
  readonly source: string;
  /** Repo-relative path with forward slashes. */
  readonly path: string;
  readonly language: LanguageId;
  /**
   * The file's work budget: the query pass runs through meteredQuery.ts, which charges it
   * as the query runs, and cancels the file with BudgetExceeded once it is spent.
   */
  readonly work: WorkMeter;
}

/** One language's extractor: interprets the captures of its queries.scm into facts. */
export interface LanguageExtractor {
  extract(input: ExtractInput): FileFacts;
}

export interface TextExtractInput {
  readonly source: string;
  /** Repo-relative path with forward slashes. */
  readonly path: string;
  readonly language: LanguageId;
}

/**
 * An extractor for a language no tree-sitter grammar on npm covers well (SQL, protobuf,
 * YAML manifests): it parses the text itself with a library or a tokenizer.
 */
export interface TextExtractor {
  extract(input: TextExtractInput): FileFacts;
  /**
   * The parse alone, with no interpretation: the floor the bench compares extraction
   * against. Returns a count of what was parsed (so the work cannot be optimised away).
   */
  parseOnly(input: TextExtractInput): number;
}

export type { SyntaxNode };
