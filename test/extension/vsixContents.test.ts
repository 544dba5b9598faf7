import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';

const ROOT = path.join(__dirname, '..', '..');

describe('extension packaging (.vscodeignore allow-list)', () => {
  it('packs dist bundles, grammars, the sql.js wasm and media, and no native modules or sources', function () {
    this.timeout(120_000);
    const listing = execFileSync(process.execPath, [path.join(ROOT, 'node_modules', '@vscode', 'vsce', 'vsce'), 'ls', '--no-dependencies'], {
      cwd: ROOT, encoding: 'utf8',
    }).split('\n').map((l) => l.trim()).filter((l) => l);
    for (const needed of ['package.json', 'dist/extension.js', 'dist/languageClient.js', 'dist/server.js', 'dist/parseWorker.js', 'dist/sql-wasm.wasm', 'dist/sql-wasm.js',
      'dist/webview/chart.umd.min.js', 'media/panel.js', 'media/impact.js', 'media/traceStats.js', 'grammars/tree-sitter-typescript.wasm']) {
      assert.ok(listing.includes(needed), `${needed} is packed`);
    }
    const native = listing.filter((f) => f.endsWith('.node') || f.includes('node_modules/') || f.endsWith('.map') || f.startsWith('src/') || f.startsWith('test/'));
    assert.deepEqual(native, []);
    assert.ok(listing.every((f) => /^(package\.json|README\.md|CHANGELOG\.md|LICENSE|dist\/|grammars\/|media\/)/.test(f)), listing.join('\n'));
  });
});
