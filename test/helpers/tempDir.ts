import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/** A fresh temp directory, removed when the whole run ends. */
export function makeTempDir(prefix = 'ckg-test-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  created.push(dir);
  return dir;
}

const created: string[] = [];
// A root hook (this module loads once): it removes every directory the run made, which on
// a loaded machine can take longer than a test's timeout, and a slow machine fails no test.
after(function () {
  this.timeout(0);
  for (const dir of created.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** Writes files given as { 'relative/path': 'content' } under root. */
export function writeTree(root: string, files: Record<string, string>): void {
  for (const [relative, content] of Object.entries(files)) {
    const full = path.join(root, relative);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, content);
  }
}
