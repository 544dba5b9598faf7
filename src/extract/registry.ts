import * as path from 'node:path';
import { LANGUAGES, type LanguageRow, extensionEntry } from '../model/languages';
import type { LanguageExtractor, TextExtractor } from './extractor';
import { csharpExtractor } from './csharp/extractor';
import { cssExtractor } from './css/extractor';
import type { LanguageId } from './facts';
import { goExtractor } from './go/extractor';
import { goMessagingFacts } from './go/messaging';
import { withMessaging } from './messaging';
import { javaExtractor } from './java/extractor';
import { javaMessagingFacts } from './java/messaging';
import { protoExtractor } from './proto/extractor';
import { pythonExtractor } from './python/extractor';
import { pythonMessagingFacts } from './python/messaging';
import { rustExtractor } from './rust/extractor';
import { sqlExtractor } from './sql/extractor';
import { terraformExtractor } from './terraform/extractor';
import { withCallSignatureSeparators } from './typescript/callSignatureSeparators';
import { typescriptExtractor } from './typescript/extractor';
import { typescriptMessagingFacts } from './typescript/messaging';
import { yamlExtractor } from './yamlDocuments';

/** How a language's files are read: a tree-sitter grammar with its folder's queries.scm. */
export interface TreeSitterBinding {
  readonly parser: 'tree-sitter';
  /** File name of the wasm grammar under grammars/. */
  readonly grammar: string;
  /** Folder under src/extract holding extractor.ts and queries.scm. */
  readonly folder: string;
  readonly extractor: LanguageExtractor;
  /**
   * The text to parse again when the first tree has errors that the grammar, not the
   * file, makes; undefined when it has none to offer. Its offsets match the source's.
   */
  readonly repairSource?: (source: string) => string | undefined;
}

/** How a language's files are read: an extractor that parses the text itself. */
export interface TextBinding {
  readonly parser: 'text';
  readonly extractor: TextExtractor;
}

/** A language read through a tree-sitter grammar and the queries.scm of its folder. */
export type TreeSitterLanguageSpec = TreeSitterBinding & { readonly id: LanguageId; readonly row: LanguageRow<LanguageId> };

/** A language whose extractor parses the text itself. */
export type TextLanguageSpec = TextBinding & { readonly id: LanguageId; readonly row: LanguageRow<LanguageId> };

/** A row of the language table (src/model/languages.ts) with the extractor that reads its files. */
export type LanguageSpec = TreeSitterLanguageSpec | TextLanguageSpec;

function treeSitter(
  grammar: string, folder: string, extractor: LanguageExtractor, repairSource?: (source: string) => string | undefined,
): TreeSitterBinding {
  return { parser: 'tree-sitter', grammar, folder, extractor, ...(repairSource ? { repairSource } : {}) };
}

function text(extractor: TextExtractor): TextBinding {
  return { parser: 'text', extractor };
}

/**
 * The extractor of each language in the table. The type makes a new row without an
 * extractor a compile error.
 */
const tsExtractor = withMessaging(typescriptExtractor, typescriptMessagingFacts);

const BINDINGS: { readonly [Id in LanguageId]: TreeSitterBinding | TextBinding } = {
  go: treeSitter('tree-sitter-go.wasm', 'go', withMessaging(goExtractor, goMessagingFacts)),
  typescript: treeSitter('tree-sitter-typescript.wasm', 'typescript', tsExtractor, withCallSignatureSeparators),
  // JavaScript is parsed with the TSX grammar: it is a superset for JS and JSX, so one
  // queries.scm serves all three.
  tsx: treeSitter('tree-sitter-tsx.wasm', 'typescript', tsExtractor),
  javascript: treeSitter('tree-sitter-tsx.wasm', 'typescript', tsExtractor),
  python: treeSitter('tree-sitter-python.wasm', 'python', withMessaging(pythonExtractor, pythonMessagingFacts)),
  proto: text(protoExtractor),
  sql: text(sqlExtractor),
  terraform: treeSitter('tree-sitter-hcl.wasm', 'terraform', terraformExtractor),
  // SCSS is read by the same statement parser as CSS: see docs/extractors/css.md.
  css: text(cssExtractor),
  scss: text(cssExtractor),
  yaml: text(yamlExtractor),
  java: treeSitter('tree-sitter-java.wasm', 'java', withMessaging(javaExtractor, javaMessagingFacts)),
  rust: treeSitter('tree-sitter-rust.wasm', 'rust', rustExtractor),
  csharp: treeSitter('tree-sitter-c-sharp.wasm', 'csharp', csharpExtractor),
};

/** Every language of the table, with its extractor, in table order. */
export const ALL_LANGUAGES: readonly LanguageSpec[] = LANGUAGES.map((row) => ({ ...BINDINGS[row.id], id: row.id, row }) as LanguageSpec);

const BY_ID: ReadonlyMap<LanguageId, LanguageSpec> = new Map(ALL_LANGUAGES.map((spec) => [spec.id, spec]));

/** The language of a repo-relative path, or undefined when no extractor handles it. */
export function languageForPath(filePath: string): LanguageSpec | undefined {
  const row = extensionEntry(path.extname(filePath).toLowerCase())?.language;
  if (!row || row.ignoredSuffixes?.some((suffix) => filePath.endsWith(suffix))) return undefined;
  return BY_ID.get(row.id);
}

/** The language of an id; throws for an id the table does not hold. */
export function languageById(id: LanguageId): LanguageSpec {
  const spec = BY_ID.get(id);
  if (!spec) throw new Error(`extract/registry: unknown language '${id}'`);
  return spec;
}
