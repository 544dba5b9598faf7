import * as assert from 'node:assert/strict';
import type { FileFacts } from '../../../src/extract/facts';
import { extract, lines } from './helpers';

/** method, path, handler, registeredIn, framework: what most route tests compare. */
function routeRows(facts: FileFacts): unknown[] {
  return facts.routes.map((r) => [r.method, r.path, r.handler, r.registeredIn, r.framework]);
}

describe('extract/typescript routes', () => {
  it('reads Express registrations with the last argument as handler', async () => {
    const facts = await extract('src/app.ts', lines(
      "import express from 'express';",
      "import * as users from './users';",
      'const app = express();',
      "app.get('/users/:id', auth, users.show);",
      "app.post('/users', createUser);",
      "app.all('/health', (req, res) => res.end());",
      "app.get('setting');",
      "app.get('not-a-path', handler);",
      'function mount(router: express.Router) {',
      "  router.delete('/users/:id', removeUser);",
      "  router.route('/items').get(listItems).put(replaceItems);",
      '}',
    ));
    assert.deepEqual(routeRows(facts), [
      ['GET', '/users/{id}', { form: 'member', object: 'users', property: 'show', receiverType: { t: 'value', of: { form: 'name', name: 'users' } } }, '', 'express'],
      ['POST', '/users', { form: 'name', name: 'createUser' }, '', 'express'],
      ['ANY', '/health', null, '', 'express'],
      ['DELETE', '/users/{id}', { form: 'name', name: 'removeUser' }, 'mount', 'express'],
      ['GET', '/items', { form: 'name', name: 'listItems' }, 'mount', 'express'],
      ['PUT', '/items', { form: 'name', name: 'replaceItems' }, 'mount', 'express'],
    ]);
    assert.deepEqual([facts.routes[0]?.line, facts.routes[0]?.col, facts.routes[0]?.mappingType], [4, 4, 'http_route']);
  });

  it('needs a router import: the same calls elsewhere are not routes', async () => {
    const facts = await extract('src/cache.ts', "cache.get('/users/1', fallback);\n");
    assert.deepEqual(facts.routes, []);
  });

  it('does not take an HTTP client call for a route, even beside express', async () => {
    const facts = await extract('src/proxy.ts', lines(
      "import express from 'express';",
      "import axios from 'axios';",
      'const app = express();',
      "app.get('/proxy', forward);",
      "function forward() { return axios.get('/upstream', { timeout: 5 }); }",
    ));
    assert.deepEqual(routeRows(facts), [['GET', '/proxy', { form: 'name', name: 'forward' }, '', 'express']]);
  });

  it('reads Fastify shorthand and route() options, Hono and koa-router', async () => {
    const fastify = await extract('src/fastify.ts', lines(
      "const Fastify = require('fastify');",
      'const server = Fastify();',
      "server.get('/ping', ping);",
      "server.route({ method: ['GET', 'HEAD'], url: '/items/:id', handler: items.get });",
      "server.route({ method: 'POST', url: '/items', handler(req, reply) {} });",
    ));
    assert.deepEqual(routeRows(fastify), [
      ['GET', '/ping', { form: 'name', name: 'ping' }, '', 'fastify'],
      ['GET', '/items/{id}', { form: 'member', object: 'items', property: 'get', receiverType: { t: 'value', of: { form: 'name', name: 'items' } } }, '', 'fastify'],
      ['HEAD', '/items/{id}', { form: 'member', object: 'items', property: 'get', receiverType: { t: 'value', of: { form: 'name', name: 'items' } } }, '', 'fastify'],
      ['POST', '/items', null, '', 'fastify'],
    ]);

    const hono = await extract('src/hono.ts', lines(
      "import { Hono } from 'hono';",
      'const app = new Hono();',
      "app.get('/posts/:slug', (c) => c.text('x'));",
    ));
    assert.deepEqual(routeRows(hono), [['GET', '/posts/{slug}', null, '', 'hono']]);

    const koa = await extract('src/koa.js', lines(
      "const Router = require('@koa/router');",
      'const router = new Router();',
      "router.patch('/me', controller.update);",
    ));
    assert.deepEqual(routeRows(koa), [['PATCH', '/me', { form: 'member', object: 'controller', property: 'update', receiverType: { t: 'value', of: { form: 'name', name: 'controller' } } }, '', 'koa']]);
  });

  it('types a member handler the way calls are typed', async () => {
    const facts = await extract('src/typed.ts', lines(
      "import { Router } from 'express';",
      'export function register(router: Router, users: UserController) {',
      "  router.get('/users', users.list);",
      '}',
    ));
    assert.deepEqual(facts.routes[0]?.handler, { form: 'member', object: 'users', property: 'list', objectType: 'UserController' });
  });

  it('reads NestJS controllers: class prefix, method decorators, handler as a member of the class', async () => {
    const facts = await extract('src/users.controller.ts', lines(
      "import { Controller, Get, Post } from '@nestjs/common';",
      "@Controller('users')",
      'export class UsersController {',
      "  @Get(':id')",
      '  findOne() {}',
      '  @Post()',
      '  @HttpCode(201)',
      '  create() {}',
      '}',
      "@Controller({ path: 'admin' })",
      "class AdminController { @Get('stats') stats() {} }",
      "class NotAController { @Get('x') x() {} }",
    ));
    assert.deepEqual(routeRows(facts), [
      ['GET', '/users/{id}', { form: 'member', object: 'this', property: 'findOne', objectType: 'UsersController' }, 'UsersController', 'nestjs'],
      ['POST', '/users', { form: 'member', object: 'this', property: 'create', objectType: 'UsersController' }, 'UsersController', 'nestjs'],
      ['GET', '/admin/stats', { form: 'member', object: 'this', property: 'stats', objectType: 'AdminController' }, 'AdminController', 'nestjs'],
    ]);
    assert.deepEqual([facts.routes[0]?.line, facts.routes[0]?.col], [4, 3]);
  });

  it('reads Next.js app route handlers from the directory path', async () => {
    const facts = await extract('src/app/api/(admin)/users/[id]/route.ts', lines(
      'export async function GET(req: Request) {}',
      'const remove = async () => {};',
      'export { remove as DELETE };',
      'export function helper() {}',
      "export { update as PUT } from '../shared';",
    ));
    assert.deepEqual(facts.routes.map((r) => [r.method, r.path, r.handler, r.framework, r.line, r.col]), [
      ['GET', '/api/users/{id}', { form: 'name', name: 'GET' }, 'nextjs', 1, 22],
      ['DELETE', '/api/users/{id}', { form: 'name', name: 'remove' }, 'nextjs', 3, 0],
      ['PUT', '/api/users/{id}', { form: 'name', name: 'PUT' }, 'nextjs', 5, 0],
    ]);
    const root = await extract('app/route.js', 'export const POST = handle;\n');
    assert.deepEqual(root.routes.map((r) => [r.method, r.path]), [['POST', '/']]);
    const catchAll = await extract('app/docs/[[...slug]]/route.ts', 'export function GET() {}\n');
    assert.deepEqual(catchAll.routes.map((r) => r.path), ['/docs/{slug}']);
  });

  it('reads Next.js pages/api default exports', async () => {
    const named = await extract('pages/api/users/[id].ts', 'export default async function userHandler(req, res) {}\n');
    assert.deepEqual(routeRows(named), [['ANY', '/api/users/{id}', { form: 'name', name: 'userHandler' }, '', 'nextjs']]);
    const index = await extract('src/pages/api/users/index.js', 'export default (req, res) => {};\n');
    assert.deepEqual(routeRows(index), [['ANY', '/api/users', { form: 'name', name: 'default' }, '', 'nextjs']]);
    // A middleware wrapper's result serves the route by calling what it wraps, as a decorator's does.
    const wrapped = await extract('pages/api/secure.ts', 'export default withAuth(withLogging(handler), { roles: [] });\n');
    assert.deepEqual(routeRows(wrapped), [['ANY', '/api/secure', { form: 'name', name: 'handler' }, '', 'nextjs']]);
    const anonymous = await extract('pages/api/inline.ts', 'export default withAuth((req, res) => {});\n');
    assert.deepEqual(routeRows(anonymous), [['ANY', '/api/inline', null, '', 'nextjs']]);
    const forwarded = await extract('pages/api/orders.ts', "export { default } from '../../handlers/orders';\n");
    assert.deepEqual(routeRows(forwarded), [['ANY', '/api/orders', { form: 'name', name: 'default' }, '', 'nextjs']]);
    const helper = await extract('pages/api/lib.ts', 'export function util() {}\n');
    assert.deepEqual(helper.routes, []);
  });
});
