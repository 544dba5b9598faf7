import * as assert from 'node:assert/strict';
import { javaTypeSyntax } from '../../../src/resolve/languages/javaTypes';

describe('resolve/languages/javaTypes', () => {
  it('names a class by its erasure; arrays and primitives name none', () => {
    assert.equal(javaTypeSyntax.named('Order'), 'Order');
    assert.equal(javaTypeSyntax.named('a.b.Store<String>'), 'a.b.Store');
    assert.equal(javaTypeSyntax.named('Map<K, List<V>>'), 'Map');
    assert.equal(javaTypeSyntax.named('Order[]'), undefined);
    assert.equal(javaTypeSyntax.named('List<Order>[]'), undefined);
    assert.equal(javaTypeSyntax.named('int'), undefined);
    assert.equal(javaTypeSyntax.named('?'), undefined);
  });

  it('yields the element of arrays and iterable collections, not of maps, Optional or Stream', () => {
    assert.equal(javaTypeSyntax.element('Order[]'), 'Order');
    assert.equal(javaTypeSyntax.element('Order[][]'), 'Order[]');
    assert.equal(javaTypeSyntax.element('List<Order>'), 'Order');
    assert.equal(javaTypeSyntax.element('java.util.Set<a.Order>'), 'a.Order');
    assert.equal(javaTypeSyntax.element('Iterable<List<Order>>'), 'List<Order>');
    assert.equal(javaTypeSyntax.element('Collection<? extends Order>'), 'Order');
    assert.equal(javaTypeSyntax.element('Collection<? super Order>'), undefined);
    assert.equal(javaTypeSyntax.element('List<?>'), undefined);
    assert.equal(javaTypeSyntax.element('Map<String, Order>'), undefined);
    assert.equal(javaTypeSyntax.element('Optional<Order>'), undefined);
    assert.equal(javaTypeSyntax.element('Stream<Order>'), undefined);
    assert.equal(javaTypeSyntax.element('Order'), undefined);
  });
});
