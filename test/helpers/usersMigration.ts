import { writeTree } from './tempDir';

/**
 * A monorepo in the middle of a migration: `users-v1` serves `GET /v1/users/{id}`, its
 * replacement `users-v2` serves `GET /v2/users/{id}`, and the `web` service's code calls
 * the old route from `loadOld` and the new one from `loadNew`; its `GET /page` handler
 * is where traced calls to either come from.
 */
export function writeUsersMigration(root: string): void {
  writeTree(root, {
    '.ckg.yaml': [
      'service_name: shop',
      'services:',
      '  - name: users-v1',
      '    path: services/users-v1',
      '  - name: users-v2',
      '    path: services/users-v2',
      '  - name: web',
      '    path: services/web',
      '',
    ].join('\n'),
    'services/users-v1/server.ts': [
      "import express from 'express';",
      'const app = express();',
      "app.get('/v1/users/:id', getUserV1);",
      'function getUserV1(): void {}',
      '',
    ].join('\n'),
    'services/users-v2/server.ts': [
      "import express from 'express';",
      'const app = express();',
      "app.get('/v2/users/:id', getUserV2);",
      'function getUserV2(): void {}',
      '',
    ].join('\n'),
    'services/web/server.ts': [
      "import express from 'express';",
      "import { loadNew, loadOld } from './users';",
      'const app = express();',
      "app.get('/page', renderPage);",
      'async function renderPage(): Promise<void> {',
      "  await loadOld('1');",
      "  await loadNew('1');",
      '}',
      '',
    ].join('\n'),
    'services/web/users.ts': [
      'const BASE = process.env.USERS_URL;',
      'export async function loadOld(id: string): Promise<unknown> {',
      '  return (await fetch(`${BASE}/v1/users/${id}`)).json();',
      '}',
      'export async function loadNew(id: string): Promise<unknown> {',
      '  return (await fetch(`${BASE}/v2/users/${id}`)).json();',
      '}',
      'export async function loadProfile(id: string): Promise<unknown> {',
      '  return (await fetch(`${BASE}/v1/users/${id}?profile=1`)).json();',
      '}',
      '',
    ].join('\n'),
  });
}
