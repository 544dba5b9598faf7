import * as assert from 'node:assert/strict';
import { plural, symbolLabel } from '../../src/extension/symbolLabel';

describe('extension/symbolLabel', () => {
  it('puts a Go symbol first and drops the module path the repository URL repeats', () => {
    const label = symbolLabel('github.com/acme/shop://github.com/acme/shop/internal/store.Memory.Get', 'method');
    assert.deepEqual([label.name, label.container, label.text], ['Memory.Get', 'internal/store', 'Memory.Get · internal/store']);
    assert.equal(label.tooltip, 'github.com/acme/shop://github.com/acme/shop/internal/store.Memory.Get');
    assert.equal(symbolLabel('github.com/acme/shop://github.com/acme/shop.main', 'function').text, 'main · shop');
  });

  it('splits TypeScript, Python, Java and C# names at their last dots, keeping a method\'s type', () => {
    assert.equal(symbolLabel('local/app://src/util.helper', 'function').text, 'helper · src/util');
    assert.equal(symbolLabel('local/app://src/service.Service.run', 'method').text, 'Service.run · src/service');
    assert.equal(symbolLabel('local/app://src/a.test.describe', 'function').text, 'describe · src/a.test');
    assert.equal(symbolLabel('py://app.models.describe_any', 'function').text, 'describe_any · app.models');
    assert.equal(symbolLabel('j://com.example.app.Checkout.run', 'method').text, 'Checkout.run · com.example.app');
    assert.equal(symbolLabel('s://scss/_mixins.scss.@mixin respond', 'function').text, '@mixin respond · scss/_mixins.scss');
  });

  it('names symbols with no package, module nodes and names without a scheme', () => {
    assert.equal(symbolLabel('local/app://main', 'function').text, 'main');
    assert.equal(symbolLabel('svc://UNRESOLVED/fmt.Println', 'function').text, 'Println · UNRESOLVED/fmt');
    assert.equal(symbolLabel('no-scheme').text, 'no-scheme');
  });

  it('pluralises counts', () => {
    assert.deepEqual([plural(1, 'symbol'), plural(2, 'symbol'), plural(0, 'callee'), plural(1200, 'edge')], ['1 symbol', '2 symbols', '0 callees', '1,200 edges']);
  });
});
