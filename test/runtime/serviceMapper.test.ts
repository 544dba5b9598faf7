import * as assert from 'node:assert/strict';
import type { RepoRecord } from '../../src/model';
import { RouteTable } from '../../src/runtime/routeMatcher';
import { HEURISTIC_MAPPING_CONFIDENCE, ServiceMapper } from '../../src/runtime/serviceMapper';

const shop: RepoRecord = {
  repoHash: 'h-shop', repoUrl: 'github.com/acme/shop', rootPath: '/srv/shop', serviceName: 'shop',
  services: [{ name: 'cart', path: 'services/cart' }, { name: 'checkout', path: 'services/checkout' }],
};
const users: RepoRecord = { repoHash: 'h-users', repoUrl: 'github.com/acme/users-api', rootPath: '/srv/users', serviceName: 'users-api' };

describe('runtime/serviceMapper', () => {
  it('maps a declared monorepo service to its repository and its own route rows', () => {
    const mapping = new ServiceMapper([shop, users]).map('cart')!;
    assert.deepEqual([mapping.repo.repoHash, mapping.routeService, mapping.scope, mapping.how], ['h-shop', 'cart', { services: ['cart'] }, 'ckg_yaml']);
    assert.equal(new ServiceMapper([shop]).map('shop')?.routeService, 'shop');
  });

  it('maps a service_map folder entry to the routes registered under that folder, whichever service owns them', () => {
    const mapper = new ServiceMapper([shop, users], {
      'cart-prod': { repo: 'shop', path: 'services/cart' }, everything: { repo: '/srv/shop', path: 'services' }, people: { repo: 'github.com/acme/users-api' },
    });
    assert.deepEqual(mapper.map('cart-prod')?.scope, { services: ['shop', 'cart', 'checkout'], folder: 'services/cart' });
    assert.equal(mapper.map('cart-prod')?.routeService, 'cart');
    assert.equal(mapper.map('everything')?.routeService, 'shop', 'the folder holding both services belongs to the repository\'s');
    assert.deepEqual(mapper.map('people')?.scope, { services: ['users-api'] });
    const rows = new RouteTable([
      { serviceName: 'cart', routePattern: 'GET /health', mappingType: 'http_route', nodeHash: 'cart-health', createdAt: 1, ownerPath: 'services/cart/server.ts' },
      { serviceName: 'checkout', routePattern: 'GET /health', mappingType: 'http_route', nodeHash: 'checkout-health', createdAt: 1, ownerPath: 'services/checkout/server.ts' },
    ]);
    assert.equal(rows.matchHttp(mapper.map('cart-prod')!.scope, 'GET', '/health')?.nodeHash, 'cart-health');
    assert.equal(rows.matchHttp(mapper.map('checkout')!.scope, 'GET', '/health')?.nodeHash, 'checkout-health');
  });

  it('matches declared service names by substring too, capped, and never guesses between two', () => {
    const mapping = new ServiceMapper([shop, users]).map('checkout-v2')!;
    assert.deepEqual([mapping.routeService, mapping.how, mapping.confidenceCap], ['checkout', 'heuristic', HEURISTIC_MAPPING_CONFIDENCE]);
    const twins: RepoRecord = { ...users, repoHash: 'h-twins', repoUrl: 'github.com/acme/twins', serviceName: 'twins', services: [{ name: 'cart', path: 'cart' }] };
    assert.equal(new ServiceMapper([shop, twins]).map('cart-v2'), undefined, 'two services named cart: no guess');
  });
});
