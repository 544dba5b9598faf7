import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { Identity, QualifiedName, hashBytes, hashOf, isHash } from '../../src/model';

describe('model/hash', () => {
  it('hashes parts joined by NUL, as a plain SHA-256 of that text', () => {
    const expected = createHash('sha256').update('edge\0a\0b').digest('hex');
    assert.equal(hashOf('edge', 'a', 'b'), expected);
    assert.notEqual(hashOf('ab', 'c'), hashOf('a', 'bc'));
    assert.equal(hashBytes(Buffer.from('x')), createHash('sha256').update('x').digest('hex'));
  });

  it('recognises only 64 lowercase hex characters as a hash', () => {
    assert.ok(isHash(hashOf('x')));
    assert.ok(!isHash(hashOf('x').toUpperCase()));
    assert.ok(!isHash('abc'));
    assert.ok(!isHash(42));
  });

  it('keeps identities stable: the contract in docs/qualified-names.md', () => {
    assert.equal(Identity.repo('github.com/acme/shop'), hashOf('repo', 'github.com/acme/shop'));
    assert.equal(Identity.file(Identity.repo('r'), 'a.ts'), hashOf('file', hashOf('repo', 'r'), 'a.ts'));
    assert.equal(Identity.node('r', 'r://a.f', 'function'), hashOf('node', 'r', 'r://a.f', 'function'));
    assert.equal(Identity.edge('s', 't', 'calls', 'ast_inferred'), hashOf('edge', 's', 't', 'calls', 'ast_inferred'));
  });

  it('builds and reads qualified names', () => {
    const qn = QualifiedName.symbol('github.com/acme/shop', 'src/cart', 'Cart.checkout');
    assert.equal(qn, 'github.com/acme/shop://src/cart.Cart.checkout');
    assert.equal(QualifiedName.localPart(qn), 'src/cart.Cart.checkout');
    assert.equal(QualifiedName.repoPart(qn), 'github.com/acme/shop');
    assert.ok(QualifiedName.isUnresolved(QualifiedName.unresolved('svc', 'GET /x')));
    assert.equal(QualifiedName.unresolved('svc', 'GET /x'), 'svc://UNRESOLVED/GET /x');
  });
});
