import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { makeTempDir } from './tempDir';

export interface WorkspaceCopy {
  readonly root: string;
  /** Where a needle is written: its file's absolute path, 1-based line, 0-based character. */
  at(file: string, needle: string): { path: string; line: number; character: number };
}

/** A fresh copy of `test/fixtures/workspaces/<name>` (language servers may write beside it). */
export function copyWorkspace(name: string): WorkspaceCopy {
  const root = fs.realpathSync(makeTempDir(`ckg-${name}-`));
  fs.cpSync(path.join(__dirname, '..', 'fixtures', 'workspaces', name), root, { recursive: true });
  return {
    root,
    at(file, needle) {
      const lines = fs.readFileSync(path.join(root, file), 'utf8').split('\n');
      const line = lines.findIndex((l) => l.includes(needle));
      assert.ok(line >= 0, `${needle} in ${file}`);
      return { path: path.join(root, file), line: line + 1, character: lines[line]!.indexOf(needle) };
    },
  };
}
