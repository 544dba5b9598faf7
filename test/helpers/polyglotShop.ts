import { writeTree } from './tempDir';

/** The `.ckg.yaml` of the polyglot shop: one repository, three services in three languages, one per folder. */
export const POLYGLOT_SHOP_CONFIG = [
  'service_name: shop',
  'services:',
  '  - name: orders',
  '    path: orders',
  '  - name: billing',
  '    path: billing',
  '  - name: inventory',
  '    path: inventory',
  '',
].join('\n');

/**
 * A monorepo of three services: `orders` (TypeScript, Express) serves POST /orders, whose
 * handler prices the order and calls `billing`; `billing` (Python, Flask) serves POST
 * /charge, whose handler calls a helper; `inventory` (Go, net/http) serves /stock. Orders
 * also has a refund route whose handler calls a helper, and an export route nothing calls.
 * `bodies` changes every function's body (for a second commit): pr_impact sees them modified.
 */
export function writePolyglotShop(root: string, bodies: 'first' | 'second' = 'first'): void {
  const n = bodies === 'first' ? 1 : 2;
  writeTree(root, {
    '.ckg.yaml': POLYGLOT_SHOP_CONFIG,
    'orders/server.ts': [
      "import express from 'express';",
      'const app = express();',
      "app.post('/orders', placeOrder);",
      "app.post('/refunds', refund);",
      "app.get('/export', legacyExport);",
      'function priceOf(quantity: number): number {',
      `  return quantity * ${n};`,
      '}',
      'function formatReceipt(): string {',
      `  return 'receipt ${n}';`,
      '}',
      'function placeOrder(): void {',
      '  priceOf(1);',
      '}',
      'function refund(): void {',
      '  formatReceipt();',
      '}',
      'function legacyExport(): number {',
      `  return ${n};`,
      '}',
      '',
    ].join('\n'),
    'billing/app.py': [
      'from flask import Flask',
      '',
      'app = Flask(__name__)',
      '',
      '',
      "@app.route('/charge', methods=['POST'])",
      'def charge():',
      '    return audit()',
      '',
      '',
      'def audit():',
      `    return 'ok ${n}'`,
      '',
    ].join('\n'),
    'inventory/main.go': [
      'package main',
      '',
      'import "net/http"',
      '',
      'func stock(w http.ResponseWriter, r *http.Request) {',
      `\tw.WriteHeader(${200 + n})`,
      '}',
      '',
      'func main() {',
      '\thttp.HandleFunc("/stock", stock)',
      '\thttp.ListenAndServe(":8080", nil)',
      '}',
      '',
    ].join('\n'),
  });
}
