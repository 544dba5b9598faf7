/**
 * The one language table: which files each language owns and what the rest of the
 * system calls them. The extractor registry (src/extract/registry.ts) attaches a parser
 * and extractor to each row; the LSP oracle, Markdown context, test runners and the VS
 * Code extension read their facts here instead of keeping their own copies.
 *
 * It lives in model/, the bottom layer, because its readers sit in layers that may not
 * import extract/ (graph/ and context/ import only model/ and each other, and the
 * extension bundle must not pull the parsers in): the table itself is plain data, and
 * only the registry, which owns the extractors, looks down at extract/.
 *
 * package.json repeats the CodeLens languages (activationEvents, the editor/context
 * `when` clause) because a manifest cannot read code;
 * test/extension/manifestLanguages.test.ts keeps the two in step.
 */

/** What one file extension is called outside the extractor. */
export interface ExtensionFacts {
  /**
   * The language id a language server is told in `didOpen`, as VS Code and LSP name it
   * (`typescriptreact` for .tsx). Absent: the LSP oracle announces `plaintext`.
   */
  readonly lsp?: string;
  /** The info string of a Markdown code fence holding this file's source; absent: none. */
  readonly fence?: string;
}

/**
 * A test runner `test_scope` can write a command line for (graph/testRunners.ts holds
 * each runner's selection syntax).
 */
export type TestRunner = 'go' | 'python' | 'js' | 'java' | 'csharp' | 'rust';

/** One row of the table. */
export interface LanguageRow<Id extends string = string> {
  /** The language id stored with every file (`files.language`) and used by the resolvers. */
  readonly id: Id;
  /** Extensions this language owns, lower case with the dot, each with its names elsewhere. */
  readonly extensions: { readonly [extension: string]: ExtensionFacts };
  /** File name endings that carry an owned extension but are not this language's source (`.d.ts`). */
  readonly ignoredSuffixes?: readonly string[];
  /** The runner whose command `test_scope` writes for this language's tests; absent: none known. */
  readonly testRunner?: TestRunner;
  /** The extension shows caller CodeLenses (and its editor menu) in this language's files. */
  readonly codeLens: boolean;
}

const ROWS = [
  { id: 'go', extensions: { '.go': { lsp: 'go', fence: 'go' } }, testRunner: 'go', codeLens: true },
  {
    id: 'typescript',
    // .mts/.cts have no LSP id or fence: the LSP oracle and Markdown context have never
    // named them, and giving them one would change what both send.
    extensions: { '.ts': { lsp: 'typescript', fence: 'ts' }, '.mts': {}, '.cts': {} },
    ignoredSuffixes: ['.d.ts'],
    testRunner: 'js',
    codeLens: true,
  },
  { id: 'tsx', extensions: { '.tsx': { lsp: 'typescriptreact', fence: 'tsx' } }, testRunner: 'js', codeLens: true },
  {
    id: 'javascript',
    extensions: {
      '.js': { lsp: 'javascript', fence: 'js' }, '.jsx': { lsp: 'javascriptreact', fence: 'jsx' }, '.mjs': { fence: 'js' }, '.cjs': { fence: 'js' },
    },
    testRunner: 'js',
    codeLens: true,
  },
  { id: 'python', extensions: { '.py': { lsp: 'python', fence: 'python' }, '.pyi': { lsp: 'python' } }, testRunner: 'python', codeLens: true },
  { id: 'proto', extensions: { '.proto': { fence: 'proto' } }, codeLens: false },
  { id: 'sql', extensions: { '.sql': { fence: 'sql' } }, codeLens: false },
  { id: 'terraform', extensions: { '.tf': { fence: 'hcl' } }, codeLens: false },
  { id: 'css', extensions: { '.css': { fence: 'css' } }, codeLens: false },
  { id: 'scss', extensions: { '.scss': {} }, codeLens: false },
  // Kubernetes manifests, kustomizations, compose files, Serverless and CloudFormation/SAM
  // templates: one extractor tells them apart by name and content.
  { id: 'yaml', extensions: { '.yaml': { fence: 'yaml' }, '.yml': { fence: 'yaml' } }, codeLens: false },
  { id: 'java', extensions: { '.java': { lsp: 'java', fence: 'java' } }, testRunner: 'java', codeLens: false },
  { id: 'rust', extensions: { '.rs': { lsp: 'rust', fence: 'rust' } }, testRunner: 'rust', codeLens: false },
  { id: 'csharp', extensions: { '.cs': { lsp: 'csharp', fence: 'csharp' } }, testRunner: 'csharp', codeLens: false },
] as const satisfies readonly LanguageRow[];

/** A language the extractors handle; the ids are the table's. */
export type LanguageId = (typeof ROWS)[number]['id'];

/** Every language, one row each. */
export const LANGUAGES: readonly LanguageRow<LanguageId>[] = ROWS;

/** An extension's facts together with the language that owns it. */
export interface ExtensionEntry extends ExtensionFacts {
  readonly language: LanguageRow<LanguageId>;
}

const BY_ID: ReadonlyMap<string, LanguageRow<LanguageId>> = new Map(LANGUAGES.map((row) => [row.id, row]));

const BY_EXTENSION: ReadonlyMap<string, ExtensionEntry> = new Map(
  LANGUAGES.flatMap((row) => Object.entries(row.extensions).map(([extension, facts]) => [extension, { ...facts, language: row }] as const)),
);

/** The row of a language id (any string: stored files carry plain text), or undefined. */
export function languageRow(id: string): LanguageRow<LanguageId> | undefined {
  return BY_ID.get(id);
}

/**
 * The entry of an extension as `path.extname` gives it (with the dot). The lookup is
 * exact: the table holds lower case, and each caller decides whether `.TS` counts.
 */
export function extensionEntry(extension: string): ExtensionEntry | undefined {
  return BY_EXTENSION.get(extension);
}

/**
 * The editor language ids of the CodeLens languages (VS Code's ids are the LSP ids), in
 * table order. package.json repeats them in its editor/context `when` clause.
 */
export function codeLensEditorLanguages(): string[] {
  const ids = LANGUAGES.filter((row) => row.codeLens).flatMap((row) => Object.values(row.extensions).flatMap((facts) => (facts.lsp ? [facts.lsp] : [])));
  return [...new Set(ids)];
}
