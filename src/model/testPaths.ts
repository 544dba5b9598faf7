/**
 * Test code: files under a test folder or named as tests in the languages the graph reads
 * (`x.test.ts`, `x_test.go`, `test_x.py`, `XTests.cs`...). Test functions in other files
 * are told apart by their node kind.
 */
const TEST_PATH = /(^|\/)(__tests__|__mocks__|tests?|spec|specs|testdata|fixtures?)\/|[._-](test|spec)\.[cm]?[jt]sx?$|_test\.(go|py)$|(^|\/)test_[^/]*\.py$|(^|\/)conftest\.py$|Tests?\.(cs|java)$|_spec\.rb$/;

/** Whether a repo-relative path is test code. */
export function isTestPath(relativePath: string): boolean {
  return TEST_PATH.test(relativePath);
}
