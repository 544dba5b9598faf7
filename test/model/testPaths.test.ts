import * as assert from 'node:assert/strict';
import { isTestPath } from '../../src/model';

describe('model/testPaths', () => {
  it('tells test code apart by path in the languages the graph reads', () => {
    const tests = ['src/util.test.ts', 'src/a.spec.tsx', 'pkg/store/memory_test.go', 'tests/test_api.py', 'app/test_models.py', 'conftest.py',
      'packages/runtime-core/__tests__/apiWatch.ts', 'src/test/java/com/x/AppTest.java', 'Shop.Tests/PricingTests.cs', 'test/helpers/git.ts'];
    const product = ['src/util.ts', 'src/testing.ts', 'pkg/store/memory.go', 'app/models.py', 'src/contest.ts', 'src/latest/index.ts', 'Shop/Pricing.cs'];
    assert.deepEqual(tests.filter((p) => !isTestPath(p)), []);
    assert.deepEqual(product.filter((p) => isTestPath(p)), []);
  });
});
