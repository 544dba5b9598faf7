import * as path from 'node:path';
import type { LanguageExtractor, TextExtractor } from './extractor';
import { csharpExtractor } from './csharp/extractor';
import { cssExtractor } from './css/extractor';
import type { LanguageId } from './facts';
import { goExtractor } from './go/extractor';
import { javaExtractor } from './java/extractor';
import { protoExtractor } from './proto/extractor';
import { pythonExtractor } from './python/extractor';
import { rustExtractor } from './rust/extractor';
import { sqlExtractor } from './sql/extractor';
import { terraformExtractor } from './terraform/extractor';
import { typescriptExtractor } from './typescript/extractor';
import { yamlExtractor } from './yamlDocuments';

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
const PROTO: LanguageSpec = { id: 'proto', parser: 'text', extractor: protoExtractor };
const SQL: LanguageSpec = { id: 'sql', parser: 'text', extractor: sqlExtractor };
// Kubernetes manifests, kustomizations, compose files, Serverless and CloudFormation/SAM
// templates: one extractor that tells them apart by name and content.
const YAML: LanguageSpec = { id: 'yaml', parser: 'text', extractor: yamlExtractor };

const TERRAFORM: LanguageSpec = {
  id: 'terraform', parser: 'tree-sitter', grammar: 'tree-sitter-hcl.wasm', folder: 'terraform', extractor: terraformExtractor,
};

// SCSS is read by the same statement parser as CSS: see docs/extractors/css.md.
const CSS: LanguageSpec = { id: 'css', parser: 'text', extractor: cssExtractor };
const SCSS: LanguageSpec = { id: 'scss', parser: 'text', extractor: cssExtractor };

const JAVA: LanguageSpec = { id: 'java', parser: 'tree-sitter', grammar: 'tree-sitter-java.wasm', folder: 'java', extractor: javaExtractor };

const RUST: LanguageSpec = { id: 'rust', parser: 'tree-sitter', grammar: 'tree-sitter-rust.wasm', folder: 'rust', extractor: rustExtractor };

const CSHARP: LanguageSpec = {
  id: 'csharp', parser: 'tree-sitter', grammar: 'tree-sitter-c-sharp.wasm', folder: 'csharp', extractor: csharpExtractor,
};

const BY_EXTENSION: ReadonlyMap<string, LanguageSpec> = new Map<string, LanguageSpec>([
  ['.go', GO],
  ['.ts', TYPESCRIPT], ['.mts', TYPESCRIPT], ['.cts', TYPESCRIPT],
  ['.tsx', TSX],
  ['.js', JAVASCRIPT], ['.jsx', JAVASCRIPT], ['.mjs', JAVASCRIPT], ['.cjs', JAVASCRIPT],
  ['.py', PYTHON], ['.pyi', PYTHON],
  ['.proto', PROTO],
  ['.sql', SQL],
  ['.yaml', YAML], ['.yml', YAML],
  ['.tf', TERRAFORM],
  ['.css', CSS], ['.scss', SCSS],
  ['.java', JAVA],
  ['.rs', RUST],
  ['.cs', CSHARP],
]);

export const ALL_LANGUAGES: readonly LanguageSpec[] = [GO, TYPESCRIPT, TSX, JAVASCRIPT, PYTHON, PROTO, SQL, TERRAFORM, CSS, SCSS, YAML, JAVA, RUST, CSHARP];

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
