import { type TestRunner, languageRow } from '../model/languages';
import type { ScopedTest } from './testScope';
import { compareStrings } from './viewIndex';

/**
 * One command line per test runner that selects exactly the tests in scope (test_scope
 * `run` mode, DESIGN §5). Each runner has its own selection syntax:
 *
 * | family | runner | selection |
 * |---|---|---|
 * | go | go test | `-run '^(TestA|TestB)$'` over the tests' import paths |
 * | python | pytest | `-k 'test_a or (TestCase and test_b)'` over the tests' files |
 * | js | jest (vitest takes the same `-t`) | `-t '^(describe title|other title)( |$)'` over the tests' files |
 * | java | Maven Surefire | `-Dtest='Class#m1+m2,Other#m3'` |
 * | csharp | dotnet test | `--filter 'FullyQualifiedName=Ns.Class.M|...'` |
 * | rust | cargo test | name filters after `--` (substring match) |
 *
 * Arguments are single-quoted for a POSIX shell. Which runner a language's tests take is
 * the `testRunner` column of the language table (src/model/languages.ts); tests of
 * languages with none are left out.
 */
const COMMANDS: { readonly [F in TestRunner]: (tests: readonly ScopedTest[]) => string } = {
  go: (tests) => `go test -run ${quote(`^(${unique(tests.map((t) => escapeRegExp(t.symbol))).join('|')})$`)} ${
    unique(tests.map((t) => t.packagePath)).map(quote).join(' ')}`,
  python: (tests) => `pytest ${unique(tests.map((t) => t.path)).map(quote).join(' ')} -k ${quote(unique(tests.map((t) => {
    const parts = t.symbol.split('.');
    return parts.length === 1 ? parts[0]! : `(${parts.join(' and ')})`;
  })).join(' or '))}`,
  // Jest and Vitest match -t against the describe and test titles joined by spaces; a
  // describe title also selects the tests inside it.
  js: (tests) => `jest -t ${quote(`^(${unique(tests.map((t) => escapeRegExp(t.symbol.split(' > ').join(' ')))).join('|')})( |$)`)} ${
    unique(tests.map((t) => t.path)).map(quote).join(' ')}`,
  java: (tests) => {
    const byClass = new Map<string, string[]>();
    for (const t of tests) {
      const dot = t.symbol.lastIndexOf('.');
      const cls = dot < 0 ? t.symbol : t.symbol.slice(0, dot);
      const list = byClass.get(cls) ?? [];
      if (dot >= 0) list.push(t.symbol.slice(dot + 1));
      byClass.set(cls, list);
    }
    const selectors = [...byClass].sort(([a], [b]) => compareStrings(a, b))
      .map(([cls, methods]) => (methods.length ? `${cls}#${unique(methods).join('+')}` : cls));
    return `mvn test -Dtest=${quote(selectors.join(','))}`;
  },
  csharp: (tests) => `dotnet test --filter ${quote(unique(tests.map((t) => `FullyQualifiedName=${[t.packagePath, t.symbol].filter(Boolean).join('.')}`)).join('|'))}`,
  rust: (tests) => `cargo test -- ${unique(tests.map((t) => [
    ...t.packagePath.split('/').filter((s) => s && s !== 'crate'), ...t.symbol.split('.'),
  ].join('::'))).map(quote).join(' ')}`,
};

/** The runner family of a file language id, or undefined when no runner is known. */
export function runnerFamily(language: string): TestRunner | undefined {
  return languageRow(language)?.testRunner;
}

/** One command per runner family present, in family-name order. */
export function runCommands(tests: readonly ScopedTest[]): string[] {
  const byFamily = new Map<TestRunner, ScopedTest[]>();
  for (const test of tests) {
    const family = runnerFamily(test.language);
    if (!family) continue;
    const list = byFamily.get(family);
    if (list) list.push(test);
    else byFamily.set(family, [test]);
  }
  return [...byFamily].sort(([a], [b]) => compareStrings(a, b)).map(([family, list]) => COMMANDS[family](list));
}

/** Single-quotes for a POSIX shell. */
export function quote(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

export function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)].sort(compareStrings);
}
