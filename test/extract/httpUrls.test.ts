import * as assert from 'node:assert/strict';
import { urlTemplate } from '../../src/extract/httpUrls';

const text = (t: string) => ({ text: t });
const computed = { computed: true } as const;

describe('extract/httpUrls', () => {
  it('keeps the host of a literal absolute URL and the path, dropping port, credentials, query and fragment', () => {
    assert.deepEqual(urlTemplate([text('http://user:pw@CartService.shop.svc:7070/cart/items?x=1#top')]), { host: 'cartservice.shop.svc', path: '/cart/items' });
    assert.deepEqual(urlTemplate([text('https://api.example.com')]), { host: 'api.example.com', path: '/' });
  });

  it('marks computed segments and reads a path after a computed base', () => {
    assert.deepEqual(urlTemplate([computed, text('/users/'), computed]), { path: '/users/{}' });
    assert.deepEqual(urlTemplate([text('/orders/'), computed, text('-x/items')]), { path: '/orders/{}/items' });
    assert.deepEqual(urlTemplate([text('http://'), computed, text('/health')]), { path: '/health' }, 'a computed host is no host');
  });

  it('fixes nothing when the code does not: a wholly computed or relative URL, or text that does not start a path', () => {
    assert.equal(urlTemplate([computed]), undefined);
    assert.equal(urlTemplate([text('users/1')]), undefined);
    assert.equal(urlTemplate([computed, text('users')]), undefined);
  });
});
