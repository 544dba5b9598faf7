import * as path from 'node:path';
import { RepoIndexer } from '../../src/index/repoIndexer';
import { type OpenServerDeps, type ServerDepsOptions, serverDepsFor } from '../../src/mcp/serverDeps';
import { type GraphStore, openStore } from '../../src/store';
import { hashIn } from '../helpers/directTool';
import { makeTempDir, writeTree } from '../helpers/tempDir';

export const CALL_SITES_REPO_URL = 'example.com/sites';

/**
 * A TypeScript repo whose callers call their callee more than once: main calls helper at
 * 4:10 and 4:22; outer calls main at 8:3 and 9:10 and helper at 9:19; `extra` more
 * calls of helper from busy (for the reply cap).
 */
export async function callSitesRepo(extra = 0, options: ServerDepsOptions = {}): Promise<{
  store: GraphStore; deps: OpenServerDeps; hashOf(local: string): Promise<string>;
}> {
  const root = makeTempDir();
  writeTree(root, {
    'src/util.ts': 'export function helper(n: number): number {\n  return n;\n}\n',
    'src/main.ts': [
      "import { helper } from './util';",
      '',
      'export function main(): number {',
      '  return helper(1) + helper(2);',
      '}',
      '',
      'export function outer(): number {',
      '  main();',
      '  return main() + helper(3);',
      '}',
      '',
      'export function busy(): void {',
      ...Array.from({ length: extra }, (_, i) => `  helper(${i});`),
      '}',
      '',
    ].join('\n'),
  });
  const store = await openStore(':memory:');
  await new RepoIndexer(store).index({ repoPath: path.resolve(root), repoUrl: CALL_SITES_REPO_URL });
  return { store, deps: serverDepsFor(store, options), hashOf: (local) => hashIn(store, local, CALL_SITES_REPO_URL) };
}
