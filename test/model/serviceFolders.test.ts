import * as assert from 'node:assert/strict';
import { serviceLayoutKey, serviceOfPath } from '../../src/model';

describe('model/serviceFolders', () => {
  const shop = {
    serviceName: 'shop',
    services: [{ name: 'cart', path: 'services/cart' }, { name: 'cart-admin', path: 'services/cart/admin' }, { name: 'checkout', path: 'services/checkout' }],
  };

  it('gives a file to the service whose folder is the longest prefix of its path, else to the repository\'s', () => {
    assert.equal(serviceOfPath(shop, 'services/cart/server.ts'), 'cart');
    assert.equal(serviceOfPath(shop, 'services/cart/admin/routes.go'), 'cart-admin');
    assert.equal(serviceOfPath(shop, 'services/checkout/main.go'), 'checkout');
    assert.equal(serviceOfPath(shop, 'services/cartography/x.ts'), 'shop', 'a folder prefix is whole segments');
    assert.equal(serviceOfPath(shop, 'tools/admin.ts'), 'shop');
    assert.equal(serviceOfPath({ serviceName: 'solo' }, 'a/b.ts'), 'solo');
  });

  it('keys a layout so that only a change of some file\'s service changes the key', () => {
    const reordered = { serviceName: 'shop', services: [...shop.services].reverse() };
    assert.equal(serviceLayoutKey(reordered), serviceLayoutKey(shop));
    assert.notEqual(serviceLayoutKey({ ...shop, serviceName: 'store' }), serviceLayoutKey(shop));
    assert.notEqual(serviceLayoutKey({ serviceName: 'shop', services: shop.services.slice(1) }), serviceLayoutKey(shop));
    assert.equal(serviceLayoutKey({ serviceName: 'shop' }), serviceLayoutKey({ serviceName: 'shop', services: [] }));
  });
});
