import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const SRC = path.join(__dirname, '..', '..', 'src');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? sources(full) : entry.name.endsWith('.ts') ? [full] : [];
  });
}

describe('layout: only src/extension imports vscode (DESIGN §3)', () => {
  it('finds no vscode import elsewhere', () => {
    const offenders = sources(SRC)
      .filter((file) => !file.startsWith(path.join(SRC, 'extension') + path.sep))
      .filter((file) => /from ['"]vscode['"]|require\(['"]vscode['"]\)/.test(fs.readFileSync(file, 'utf8')));
    assert.deepEqual(offenders.map((f) => path.relative(SRC, f)), []);
  });
});
