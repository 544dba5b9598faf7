/**
 * Test code, by path convention: a task about product code is rarely answered by the
 * tests that exercise it, yet tests call everything and a walk reaches them from
 * everywhere. Conventions of the languages the graph reads: test/tests/__tests__/spec/
 * testdata/fixtures folders, test_*.py and *_test.py, conftest.py, *_test.go,
 * *.test.* and *.spec.* files, *Test.java / *Tests.cs style class files.
 */
const TEST_FOLDER = /(^|\/)(tests?|__tests__|specs?|testdata|test-data|fixtures?|testing)\//i;
const TEST_FILE = /(^|\/)(test_[^/]*\.py|[^/]*_test\.(py|go)|conftest\.py|[^/]*\.(test|spec)\.[a-z0-9]+|[^/]*Tests?\.(java|kt|cs|scala))$/;

/** Whether a repo-relative path is test code by its folder or file name. */
export function isTestPath(path: string): boolean {
  return TEST_FOLDER.test(path) || TEST_FILE.test(path);
}

const TEST_WORDS = /\b(tests?|testing|tested|specs?|fixtures?|unit ?tests?|pytest|jest|mocha|vitest|conftest|mocks?)\b/i;

/** Whether a task is about tests (names test, spec, fixture...): then tests rank as product code does. */
export function isAboutTests(task: string): boolean {
  return TEST_WORDS.test(task);
}
