/**
 * What to install so the editor has a language server for a language, as a user would
 * search the marketplace for it; said once in the output channel when a language's
 * probe finds no server. Keyed by the graph's language ids (src/model/languages.ts).
 */
const HINTS: Readonly<Record<string, string>> = {
  typescript: 'TypeScript: built in (is the TypeScript and JavaScript Language Features extension disabled?)',
  tsx: 'TypeScript: built in (is the TypeScript and JavaScript Language Features extension disabled?)',
  javascript: 'JavaScript: built in (is the TypeScript and JavaScript Language Features extension disabled?)',
  python: 'Python: the Python extension (Pylance)',
  go: 'Go: the Go extension (with gopls)',
  rust: 'Rust: rust-analyzer',
  java: 'Java: the Extension Pack for Java',
  csharp: 'C#: C# Dev Kit',
};

/** The install hint for a language id, or a generic one naming it. */
export function serverHint(language: string): string {
  return HINTS[language] ?? `${language}: an extension with a language server for it`;
}

/**
 * The one line for languages found to have no language server, e.g.
 * `enrichment: no language server answers for go (3,120 files keep their static edges);
 * install one (Go: the Go extension (with gopls)) and enrichment asks it`.
 */
export function noServerLine(languages: ReadonlyArray<{ readonly language: string; readonly files: number }>): string {
  const files = languages.reduce((sum, l) => sum + l.files, 0);
  const hints = [...new Set(languages.map((l) => serverHint(l.language)))].join('; ');
  return `enrichment: no language server answers for ${languages.map((l) => l.language).join(', ')} `
    + `(${files.toLocaleString('en-US')} ${files === 1 ? 'file keeps its' : 'files keep their'} static edges); `
    + `install one (${hints}) and enrichment asks it as soon as the extension is active`;
}
