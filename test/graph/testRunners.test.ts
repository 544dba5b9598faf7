import * as assert from 'node:assert/strict';
import { escapeRegExp, quote, runCommands, runnerFamily } from '../../src/graph/testRunners';
import type { ScopedTest } from '../../src/graph/testScope';
import type { GraphNode } from '../../src/model';

function test(language: string, packagePath: string, symbol: string, path = ''): ScopedTest {
  const node = { qualifiedName: `r://${packagePath}.${symbol}` } as GraphNode;
  return { node, depth: 1, packagePath, symbol, path, language };
}

describe('graph/testRunners', () => {
  it('selects Go tests by an anchored -run regex over their import paths', () => {
    assert.deepEqual(runCommands([
      test('go', 'example.com/shop/cart', 'TestTotal'), test('go', 'example.com/shop/cart', 'BenchmarkTotal'),
      test('go', 'example.com/shop/tax', 'TestRate'), test('go', 'example.com/shop/cart', 'TestTotal'),
    ]), ["go test -run '^(BenchmarkTotal|TestRate|TestTotal)$' example.com/shop/cart example.com/shop/tax"]);
  });

  it('selects pytest tests with -k, methods as Class and method', () => {
    assert.deepEqual(runCommands([
      test('python', 'tests.test_cart', 'test_total', 'tests/test_cart.py'),
      test('python', 'tests.test_cart', 'TestCart.test_add', 'tests/test_cart.py'),
    ]), ["pytest tests/test_cart.py -k '(TestCart and test_add) or test_total'"]);
  });

  it('selects jest/vitest tests with -t over the space-joined titles, escaped', () => {
    assert.deepEqual(runCommands([
      test('typescript', 'src/cart.spec', 'Cart > adds (one) item', 'src/cart.spec.ts'),
      test('tsx', 'src/view.test', "View > it's shown", 'src/view.test.tsx'),
    ]), [`jest -t '^(Cart adds \\(one\\) item|View it'\\''s shown)( |$)' src/cart.spec.ts src/view.test.tsx`]);
  });

  it('selects JUnit, xUnit and Rust tests in their own syntax', () => {
    assert.deepEqual(runCommands([
      test('java', 'com.acme', 'CartTest.adds'), test('java', 'com.acme', 'CartTest.removes'), test('java', 'com.acme', 'TaxTest.rate'),
      test('csharp', 'Acme.Tests', 'CartTests.Adds'),
      test('rust', 'crate/cart', 'tests.adds'),
    ]), [
      'dotnet test --filter FullyQualifiedName=Acme.Tests.CartTests.Adds', // family csharp
      "mvn test -Dtest='CartTest#adds+removes,TaxTest#rate'", // java
      'cargo test -- cart::tests::adds', // rust
    ]);
  });

  it('gives one command per runner family present, in family order, and skips unknown languages', () => {
    const commands = runCommands([test('python', 'a', 'test_x', 'a.py'), test('go', 'b', 'TestY'), test('cobol', 'c', 'T')]);
    assert.deepEqual(commands.map((c) => c.split(' ')[0]), ['go', 'pytest']);
    assert.deepEqual(runCommands([]), []);
    assert.equal(runnerFamily('javascript'), 'js');
    assert.equal(runnerFamily('cobol'), undefined);
  });

  it('quotes for a POSIX shell and escapes regular expressions', () => {
    assert.equal(quote('plain/path.go'), 'plain/path.go');
    assert.equal(quote("a b'c"), `'a b'\\''c'`);
    assert.equal(escapeRegExp('a.b*(c)|[d]'), 'a\\.b\\*\\(c\\)\\|\\[d\\]');
  });
});
