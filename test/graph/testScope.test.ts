import * as assert from 'node:assert/strict';
import { TEST_SCOPE_DEFAULTS, testsInScope } from '../../src/graph/testScope';
import { GraphBuilder } from '../helpers/graphBuilder';

/** Go package `example.com/shop/cart` (file module `.../cart/cart.go`) with tests at 1, 2 and 4 hops. */
function goRepo(): GraphBuilder {
  const g = new GraphBuilder('github.com/acme/shop');
  g.node('example.com/shop/cart/cart.go', { kind: 'module', file: 'cart/cart.go' })
    .node('example.com/shop/cart/cart_test.go', { kind: 'module', file: 'cart/cart_test.go' })
    .node('example.com/shop/cart.Total', { file: 'cart/cart.go' })
    .node('example.com/shop/cart.helper', { file: 'cart/cart.go' })
    .node('example.com/shop/cart.TestTotal', { kind: 'test', file: 'cart/cart_test.go' })
    .node('example.com/shop/cart.TestHelperDeep', { kind: 'test', file: 'cart/cart_test.go' })
    .node('example.com/shop/cart.BenchmarkTotal', { kind: 'test', file: 'cart/cart_test.go' })
    .node('example.com/shop/cart.TestUnrelated', { kind: 'test', file: 'cart/cart_test.go' });
  return g.calls('example.com/shop/cart.TestTotal', 'example.com/shop/cart.Total')
    .calls('example.com/shop/cart.Total', 'example.com/shop/cart.helper')
    .calls('example.com/shop/cart.BenchmarkTotal', 'example.com/shop/cart.TestTotal')
    .calls('example.com/shop/cart.a', 'example.com/shop/cart.helper')
    .calls('example.com/shop/cart.b', 'example.com/shop/cart.a')
    .calls('example.com/shop/cart.c', 'example.com/shop/cart.b')
    .calls('example.com/shop/cart.TestHelperDeep', 'example.com/shop/cart.c')
    .edge('example.com/shop/cart.TestUnrelated', 'example.com/shop/cart.helper', 'references');
}

describe('graph/testScope', () => {
  it('walks callers back to tests within depth (default 3), following calls only', () => {
    const g = goRepo();
    const result = testsInScope(g.build(), [g.hash('example.com/shop/cart.helper')]);
    assert.equal(TEST_SCOPE_DEFAULTS.depth, 3);
    assert.deepEqual(result.tests.map((t) => [t.symbol, t.depth]), [['BenchmarkTotal', 3], ['TestTotal', 2]]);
    assert.equal(result.truncated, false);
    const deeper = testsInScope(g.build(), [g.hash('example.com/shop/cart.helper')], { depth: 4 });
    assert.deepEqual(deeper.tests.map((t) => t.symbol), ['BenchmarkTotal', 'TestHelperDeep', 'TestTotal']);
  });

  it('describes each test by package path, symbol, file and language', () => {
    const g = goRepo();
    const [test] = testsInScope(g.build(), [g.hash('example.com/shop/cart.Total')], { depth: 1 }).tests;
    assert.deepEqual({ ...test!, node: test!.node.qualifiedName }, {
      node: 'github.com/acme/shop://example.com/shop/cart.TestTotal', depth: 1, packagePath: 'example.com/shop/cart',
      symbol: 'TestTotal', path: 'cart/cart_test.go', language: 'go',
    });
  });

  it('includes tests among the start symbols at depth 0, once', () => {
    const g = goRepo();
    const starts = [g.hash('example.com/shop/cart.TestTotal'), g.hash('example.com/shop/cart.TestTotal'), g.hash('example.com/shop/cart.Total')];
    const result = testsInScope(g.build(), starts, { depth: 0 });
    assert.deepEqual(result.tests.map((t) => [t.symbol, t.depth]), [['TestTotal', 0]]);
  });

  it('uses the module node for package paths that contain dots', () => {
    const g = new GraphBuilder('fixtures/ts')
      .node('src/cart.spec', { kind: 'module', file: 'src/cart.spec.ts' })
      .node('src/cart.spec.Cart > adds items', { kind: 'test', file: 'src/cart.spec.ts' })
      .calls('src/cart.spec.Cart > adds items', 'src/cart.Cart.add');
    const [test] = testsInScope(g.build(), [g.hash('src/cart.Cart.add')]).tests;
    assert.deepEqual([test!.packagePath, test!.symbol, test!.language], ['src/cart.spec', 'Cart > adds items', 'typescript']);
  });

  it('stops at maxVisited and says truncated, keeping the tests seen so far', () => {
    const g = new GraphBuilder().node('p.TestA', { kind: 'test', file: 'p/a_test.go' }).node('p.TestB', { kind: 'test', file: 'p/a_test.go' })
      .calls('p.TestA', 'p.F').calls('p.TestB', 'p.F');
    const result = testsInScope(g.build(), [g.hash('p.F')], { maxVisited: 2 });
    assert.equal(result.truncated, true);
    assert.deepEqual(result.tests.map((t) => t.symbol), ['TestA']);
  });

  it('rejects unknown nodes and bad options, naming the module', () => {
    const g = goRepo();
    const view = g.build();
    const start = [g.hash('example.com/shop/cart.Total')];
    assert.throws(() => testsInScope(view, ['e'.repeat(64)]), /graph\/testScope: no node with hash e{64}/);
    assert.throws(() => testsInScope(view, start, { depth: -1 }), /graph\/testScope: depth must be a non-negative integer/);
    assert.throws(() => testsInScope(view, start, { maxVisited: 0 }), /graph\/testScope: maxVisited must be a positive integer/);
  });
});
