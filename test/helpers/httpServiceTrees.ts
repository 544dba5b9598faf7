/**
 * Repositories that talk HTTP to each other, for tests of linking requests across
 * repositories: a TypeScript web client naming its servers by host, a Go catalog service
 * and a Python checkout service (each runs as the last segment of its repository URL).
 */

/** The web client: requests to `catalog` and `checkout` by host, to no host, to localhost, and to a monorepo's folder service `cart`. */
export const WEB_CLIENT = {
  'package.json': '{ "name": "web", "version": "1.0.0" }\n',
  'src/api.ts': [
    "import axios from 'axios';",
    '',
    'export async function loadProduct(id: string) {',
    '  return fetch(`http://catalog:8080/products/${id}`);',
    '}',
    '',
    'export async function placeOrder(order: unknown) {',
    "  return axios.post('http://checkout.shop.svc.cluster.local/orders', order);",
    '}',
    '',
    'export async function showCart(id: string) {',
    '  return fetch(`http://CART:3000/cart/${id}`);',
    '}',
    '',
    'export async function health() {',
    "  return fetch('/health');",
    '}',
    '',
    'export async function localProduct() {',
    "  return fetch('http://localhost:8080/products/1');",
    '}',
    '',
  ].join('\n'),
};

/** The catalog service, in Go (net/http patterns with methods). */
export const GO_CATALOG = {
  'go.mod': 'module example.com/catalog\n\ngo 1.22\n',
  'main.go': [
    'package main',
    '',
    'import "net/http"',
    '',
    'func main() {',
    '\tmux := http.NewServeMux()',
    '\tmux.HandleFunc("GET /products/{id}", getProduct)',
    '\tmux.HandleFunc("GET /health", health)',
    '\thttp.ListenAndServe(":8080", mux)',
    '}',
    '',
    'func getProduct(w http.ResponseWriter, r *http.Request) {}',
    '',
    'func health(w http.ResponseWriter, r *http.Request) {}',
    '',
  ].join('\n'),
};

/** The checkout service, in Python (FastAPI). */
export const PY_CHECKOUT = {
  'pyproject.toml': '[project]\nname = "checkout"\nversion = "0.1.0"\n',
  'checkout/__init__.py': '',
  'checkout/main.py': [
    'from fastapi import FastAPI',
    '',
    'app = FastAPI()',
    '',
    '',
    '@app.post("/orders")',
    'def create_order():',
    '    return {}',
    '',
    '',
    '@app.get("/health")',
    'def health():',
    '    return "ok"',
    '',
  ].join('\n'),
};
