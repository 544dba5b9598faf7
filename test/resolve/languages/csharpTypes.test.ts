import * as assert from 'node:assert/strict';
import { csharpTypeSyntax } from '../../../src/resolve/languages/csharpTypes';

describe('resolve/languages/csharpTypes', () => {
  it('names a type without type arguments or nullable mark; arrays, tuples and built-ins name none', () => {
    assert.equal(csharpTypeSyntax.named('Order'), 'Order');
    assert.equal(csharpTypeSyntax.named('Order?'), 'Order');
    assert.equal(csharpTypeSyntax.named('App.Models.Repo<User>'), 'App.Models.Repo');
    assert.equal(csharpTypeSyntax.named('global::App.Order'), 'App.Order');
    assert.equal(csharpTypeSyntax.named('Order[]'), undefined);
    assert.equal(csharpTypeSyntax.named('(Order, int)'), undefined);
    assert.equal(csharpTypeSyntax.named('string'), undefined);
    assert.equal(csharpTypeSyntax.named('int?'), undefined);
  });

  it('yields the element of arrays and sequences, not of dictionaries, tasks or nullables', () => {
    assert.equal(csharpTypeSyntax.element('Order[]'), 'Order');
    assert.equal(csharpTypeSyntax.element('Order[,]'), 'Order');
    assert.equal(csharpTypeSyntax.element('Order[]?'), 'Order');
    assert.equal(csharpTypeSyntax.element('List<Order>'), 'Order');
    assert.equal(csharpTypeSyntax.element('IEnumerable<Order?>'), 'Order?');
    assert.equal(csharpTypeSyntax.element('System.Collections.Generic.IReadOnlyList<List<Order>>'), 'List<Order>');
    assert.equal(csharpTypeSyntax.element('Dictionary<string, Order>'), undefined);
    assert.equal(csharpTypeSyntax.element('Task<Order>'), undefined);
    assert.equal(csharpTypeSyntax.element('Order'), undefined);
  });
});
