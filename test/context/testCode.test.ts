import * as assert from 'node:assert/strict';
import { isAboutTests, isTestPath } from '../../src/context/testCode';

describe('context/testCode', () => {
  it('knows test code by folder and file name conventions', () => {
    for (const path of ['tests/test_routing.py', 'src/foo_test.go', 'packages/a/__tests__/x.ts', 'a/b.spec.ts', 'conftest.py', 'src/test/java/FooTest.java', 'pkg/testdata/x.go']) {
      assert.ok(isTestPath(path), path);
    }
    for (const path of ['src/werkzeug/routing/rules.py', 'src/contest.py', 'packages/runtime-core/src/apiWatch.ts', 'attest/main.go']) {
      assert.ok(!isTestPath(path), path);
    }
  });

  it('knows a task about tests by its words', () => {
    assert.ok(isAboutTests('add a test for the redirect'));
    assert.ok(isAboutTests('Fix flaky fixtures in CI'));
    assert.ok(!isAboutTests('latest release notes'));
    assert.ok(!isAboutTests('handle empty header values'));
  });
});
