import * as fs from 'node:fs';
import * as path from 'node:path';
import { FIXTURE_REPOS } from '../helpers/indexFixture';
import { makeTempDir, writeTree } from '../helpers/tempDir';

/** A copy of a fixture repository in a temporary folder, which a test may change. */
export function copyFixture(name: string): string {
  const dir = path.join(fs.realpathSync(makeTempDir('ckg-team-')), name);
  fs.cpSync(path.join(FIXTURE_REPOS, name), dir, { recursive: true });
  return dir;
}

/**
 * Adds `files` TypeScript modules under `src/generated/` of `root`, each calling into the
 * one before it: enough files that an index's write transaction stays open a while (a
 * killed indexer is caught inside it), and every file with edges to write.
 */
export function addGeneratedModules(root: string, files: number): void {
  const tree: Record<string, string> = {};
  for (let i = 0; i < files; i++) {
    const previous = i === 0 ? '' : `import { step${i - 1}, Worker${i - 1} } from './module${i - 1}';\n`;
    const calls = i === 0 ? 'return input + 1;' : `return step${i - 1}(input) + new Worker${i - 1}().run(input);`;
    tree[`src/generated/module${i}.ts`] = `${previous}
/** Step ${i} of the generated chain. */
export function step${i}(input: number): number {
  ${calls}
}

export class Worker${i} {
  run(input: number): number {
    return step${i}(input) * 2;
  }

  twice(input: number): number {
    return this.run(this.run(input));
  }
}
`;
  }
  writeTree(root, tree);
}
