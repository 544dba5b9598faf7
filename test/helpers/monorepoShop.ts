import { writeTree } from './tempDir';

/** The `.ckg.yaml` of the monorepo fixture: the repo runs as `shop`, two folders run as `cart` and `checkout`. */
export const SHOP_CONFIG = [
  'service_name: shop',
  'services:',
  '  - name: cart',
  '    path: services/cart',
  '  - name: checkout',
  '    path: services/checkout/',
  '',
].join('\n');

/**
 * A monorepo running two Express services, each in its folder, plus an admin tool the
 * repository's own service runs. Both services register `GET /health`: only the service
 * a route row carries tells the two handlers apart.
 */
export function writeShopMonorepo(root: string, config = SHOP_CONFIG): void {
  writeTree(root, {
    '.ckg.yaml': config,
    'services/cart/server.ts': [
      "import express from 'express';",
      'const app = express();',
      "app.get('/health', cartHealth);",
      "app.get('/cart/:id', getCart);",
      'function cartHealth(): void {}',
      'function getCart(): void {}',
      '',
    ].join('\n'),
    'services/checkout/server.ts': [
      "import express from 'express';",
      'const app = express();',
      "app.get('/health', checkoutHealth);",
      "app.post('/checkout', placeOrder);",
      'function checkoutHealth(): void {}',
      'function placeOrder(): void {}',
      '',
    ].join('\n'),
    'tools/admin.ts': [
      "import express from 'express';",
      'const app = express();',
      "app.get('/admin', admin);",
      'function admin(): void {}',
      '',
    ].join('\n'),
  });
}
