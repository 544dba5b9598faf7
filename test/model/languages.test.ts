import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ALL_LANGUAGES, languageForPath } from '../../src/extract/registry';
import { runnerFamily } from '../../src/graph/testRunners';
import { LANGUAGES, codeLensEditorLanguages, extensionEntry, languageRow } from '../../src/model/languages';
import { RESOLVER_FACTORIES } from '../../src/resolve/languages/resolvers';

const SRC = path.join(__dirname, '..', '..', 'src');

/**
 * Where an extension literal may be written outside the table: a language's own
 * extractor folder and resolver know their files by name.
 */
const LANGUAGE_OWN_FILES = /^(extract\/[^/]+\/|resolve\/languages\/[^/]+\.ts$)/;

/** Literals that name a file, not a language, each with why it stays. */
const NOT_LANGUAGE_LOOKUPS: readonly string[] = [
  // The parse worker's own script: a .ts file when run from source under tsx.
  "index/parsePool.ts: '.ts'",
  // A Go file's module node is named after the file; the view strips it to the package.
  "graph/viewIndex.ts: '.go'",
];

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? sources(full) : entry.name.endsWith('.ts') ? [full] : [];
  });
}

describe('model/languages: the one language table', () => {
  const extensions = LANGUAGES.flatMap((row) => Object.keys(row.extensions));

  it('gives every language one row and every extension exactly one language', () => {
    const ids = LANGUAGES.map((row) => row.id);
    assert.equal(new Set(ids).size, ids.length, `duplicate ids in ${ids.join(', ')}`);
    const seen = new Map<string, string>();
    for (const row of LANGUAGES) {
      for (const extension of Object.keys(row.extensions)) {
        assert.ok(!seen.has(extension), `${extension} is claimed by ${seen.get(extension)} and ${row.id}`);
        seen.set(extension, row.id);
        assert.equal(extensionEntry(extension)?.language.id, row.id);
      }
    }
  });

  it('writes each extension as path.extname gives it, lower case', () => {
    for (const extension of extensions) {
      assert.match(extension, /^\.[a-z0-9]+$/, extension);
      assert.equal(path.extname(`dir/file${extension}`), extension);
      assert.equal(languageForPath(`dir/FILE${extension.toUpperCase()}`)?.id, extensionEntry(extension)!.language.id);
    }
    assert.equal(languageForPath('README.md'), undefined);
  });

  it('keeps each row consistent', () => {
    for (const row of LANGUAGES) {
      assert.ok(Object.keys(row.extensions).length > 0, `${row.id} owns no extension`);
      for (const suffix of row.ignoredSuffixes ?? []) {
        const owned = Object.keys(row.extensions).find((extension) => suffix.endsWith(extension) && suffix !== extension);
        assert.ok(owned, `${row.id}: ignored suffix ${suffix} must end in one of its extensions`);
        assert.equal(languageForPath(`src/a${suffix}`), undefined, `${suffix} is not read as ${row.id}`);
        assert.equal(languageForPath(`src/a${owned}`)?.id, row.id);
      }
      for (const [extension, facts] of Object.entries(row.extensions)) {
        if (facts.lsp !== undefined) assert.match(facts.lsp, /^[a-z]+$/, `${row.id} ${extension}: LSP id`);
        if (facts.fence !== undefined) assert.match(facts.fence, /^[a-z]+$/, `${row.id} ${extension}: fence`);
      }
      // CodeLens is registered by editor language id, so a CodeLens language needs one.
      if (row.codeLens) assert.ok(Object.values(row.extensions).some((facts) => facts.lsp), `${row.id}: CodeLens without an LSP id`);
      assert.equal(runnerFamily(row.id), row.testRunner);
      assert.equal(languageRow(row.id), row);
    }
    assert.equal(languageRow('cobol'), undefined);
    assert.equal(languageRow('constructor'), undefined);
  });

  it('gives every row an extractor and a resolver', () => {
    assert.deepEqual(ALL_LANGUAGES.map((spec) => spec.id), LANGUAGES.map((row) => row.id));
    for (const spec of ALL_LANGUAGES) {
      assert.ok(spec.extractor, `${spec.id}: extractor`);
      if (spec.parser === 'tree-sitter') assert.ok(fs.existsSync(path.join(SRC, 'extract', spec.folder, 'queries.scm')), `${spec.id}: queries.scm`);
    }
    assert.deepEqual(Object.keys(RESOLVER_FACTORIES).sort(), LANGUAGES.map((row) => row.id).sort());
  });

  it('derives the CodeLens editor languages without repeats', () => {
    const ids = codeLensEditorLanguages();
    assert.equal(new Set(ids).size, ids.length);
    assert.ok(ids.includes('typescriptreact'));
  });

  it('is the only place outside a language\'s own folders that maps an extension', () => {
    const literal = new RegExp(`(['"\`])(${extensions.map((e) => e.replace('.', '\\.')).join('|')})\\1`, 'g');
    const found: string[] = [];
    for (const file of sources(SRC)) {
      const relative = path.relative(SRC, file).split(path.sep).join('/');
      if (relative === 'model/languages.ts' || LANGUAGE_OWN_FILES.test(relative)) continue;
      for (const match of fs.readFileSync(file, 'utf8').matchAll(literal)) found.push(`${relative}: '${match[2]}'`);
    }
    assert.deepEqual(found.filter((f) => !NOT_LANGUAGE_LOOKUPS.includes(f)), [], 'read the language table (src/model/languages.ts) instead');
  });
});
