import { Scope } from './scope';
import type { MatchHandler } from './types';
import { elementsOf, isFunctionValue, stringValueOf } from './syntax';

/**
 * Tests in test files: `describe`, `it` and `test` calls with a literal title are
 * symbols named by the titles from the outermost describe down ('url > parses hosts').
 */

/** `__tests__/`, `test/`, `tests/`, `spec/`; `a.test.ts`, `a.spec.db.ts`, `a.e2e-spec.ts`, `a.test-d.ts`. */
const TEST_FILE = /(?:^|\/)(?:__tests__|tests?|spec)\/|\.(?:\w+-)?(?:test|spec)(?:[.-]\w+)*\.[cm]?[jt]sx?$/;
/** Jest's and vitest's: `it.only(...)`, also curried as `it.each(table)(...)`, `describe.runIf(cond)(...)`. */
const MODIFIERS = new Set(['only', 'skip', 'each', 'todo', 'concurrent', 'sequential', 'fails', 'shuffle', 'for', 'skipIf', 'runIf']);
export const TEST_NAME_SEPARATOR = ' > ';

export function isTestFile(filePath: string): boolean {
  return TEST_FILE.test(filePath);
}

export const onTest: MatchHandler = (match, state) => {
  if (!state.isTestFile) return undefined;
  const modifier = match.parts.get('test.modifier')?.text;
  if (modifier !== undefined && !MODIFIERS.has(modifier)) return undefined;
  // A function's own `test` (or `it`, `describe`) declared before the call is no test framework's.
  const binder = state.scope.binderOf(match.parts.get('test.function')?.text ?? '');
  if (binder && !binder.isModuleLevel) return undefined;
  const title = stringValueOf(match.parts.get('test.title'));
  if (title === undefined) return undefined;
  const outer = state.scope.nearest('test')?.symbol;
  const name = outer === undefined ? title : `${outer}${TEST_NAME_SEPARATOR}${title}`;
  const callback = elementsOf(match.parts.get('arguments')).at(-1);
  const added = state.symbols.add({
    name,
    kind: 'test',
    declaration: match.node,
    body: isFunctionValue(callback) ? callback?.childForFieldName('body') ?? undefined : undefined,
  });
  const scope = new Scope('test', match.node.endIndex, state.scope, name);
  // A repeated title is one test node: helpers of the second would take the first's names.
  scope.hostsLocalSymbols = added !== undefined;
  return scope;
};
