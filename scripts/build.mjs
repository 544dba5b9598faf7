// Bundles the CLI, library, parse worker, VS Code extension and graph server with esbuild and copies the runtime assets
// (wasm grammars, queries, migrations, sql.js wasm) beside them. Nothing here is committed.
import * as esbuild from 'esbuild';
import * as fs from 'node:fs';
import * as path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const dist = path.join(root, 'dist');
const assetsOnly = process.argv.includes('--assets-only');

function copy(from, to) {
  fs.mkdirSync(path.dirname(to), { recursive: true });
  fs.copyFileSync(from, to);
}

function copyAssets() {
  const grammarSources = [
    path.join(root, 'node_modules/@vscode/tree-sitter-wasm/wasm'),
    path.join(root, 'node_modules/@tree-sitter-grammars/tree-sitter-hcl'),
  ];
  for (const dir of grammarSources) {
    for (const file of fs.readdirSync(dir)) {
      if (file.startsWith('tree-sitter-') && file.endsWith('.wasm')) copy(path.join(dir, file), path.join(root, 'grammars', file));
    }
  }
  const extractDir = path.join(root, 'src/extract');
  for (const lang of fs.readdirSync(extractDir)) {
    const scm = path.join(extractDir, lang, 'queries.scm');
    if (fs.existsSync(scm)) copy(scm, path.join(dist, 'queries', `${lang}.scm`));
  }
  const migrations = path.join(root, 'src/store/sqljs/migrations');
  for (const file of fs.readdirSync(migrations)) copy(path.join(migrations, file), path.join(dist, 'migrations', file));
  copy(path.join(root, 'node_modules/sql.js/dist/sql-wasm.wasm'), path.join(dist, 'sql-wasm.wasm'));
  copy(path.join(root, 'node_modules/web-tree-sitter/tree-sitter.wasm'), path.join(dist, 'tree-sitter.wasm'));
  // The panels' chart library, served to webviews from the extension (no CDN).
  copy(path.join(root, 'node_modules/chart.js/dist/chart.umd.min.js'), path.join(dist, 'webview', 'chart.umd.min.js'));
}

/**
 * sql.js keeps the database file in Emscripten's in-memory file system, whose `write`
 * grows a file past 1 MiB by 12.5% a step, copying it whole each time: a 90 MB graph is
 * copied some 40 times while it is written (issue 19, the hottest function of a cold
 * index). The bundle grows it by doubling, capped at 256 MiB a step. The exact source
 * text is required, so a sql.js upgrade that changes it stops the build here.
 */
const SQLJS_MEMFS_GROWTH = 'm*(m<1048576?2:1.125)>>>0';
const sqlJsMemfsGrowth = {
  name: 'sql.js MEMFS growth',
  setup(build) {
    build.onLoad({ filter: /[\\/]sql\.js[\\/]dist[\\/]sql-wasm\.js$/ }, (args) => {
      const source = fs.readFileSync(args.path, 'utf8');
      const at = source.indexOf(SQLJS_MEMFS_GROWTH);
      if (at < 0 || source.indexOf(SQLJS_MEMFS_GROWTH, at + 1) >= 0) {
        throw new Error(`scripts/build: ${args.path} no longer holds MEMFS's growth rule ${SQLJS_MEMFS_GROWTH} exactly once; review the patch`);
      }
      return { contents: source.replace(SQLJS_MEMFS_GROWTH, 'Math.min(m*2,m+268435456)>>>0'), loader: 'js' };
    });
  },
};

async function bundle() {
  const common = {
    plugins: [sqlJsMemfsGrowth],
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: true,
    logLevel: 'warning',
    // ESM dependencies (web-tree-sitter) read import.meta.url to find their wasm beside
    // the running script; in a CJS bundle it is derived from __filename.
    define: { 'import.meta.url': '__ckgImportMetaUrl' },
    banner: { js: "const __ckgImportMetaUrl = require('url').pathToFileURL(__filename).href;" },
  };
  await Promise.all([
    esbuild.build({ ...common, entryPoints: [path.join(root, 'src/cli/bin.ts')], outfile: path.join(dist, 'cli.js'), banner: { js: `#!/usr/bin/env node\n${common.banner.js}` } }),
    esbuild.build({ ...common, entryPoints: [path.join(root, 'src/index/parseWorker.ts')], outfile: path.join(dist, 'parseWorker.js') }),
    esbuild.build({ ...common, entryPoints: [path.join(root, 'src/lib.ts')], outfile: path.join(dist, 'lib.js') }),
    // The VS Code extension (host side: thin, `vscode` supplied by the editor) and its
    // graph server process (the engine, started over IPC by vscode-languageclient).
    esbuild.build({ ...common, entryPoints: [path.join(root, 'src/extension/main.ts')], outfile: path.join(dist, 'extension.js'), external: ['vscode'] }),
    // vscode-languageclient on its own, loaded when the graph server starts (activation stays small).
    esbuild.build({
      ...common, entryPoints: [path.join(root, 'src/extension/languageClientLibrary.ts')], outfile: path.join(dist, 'languageClient.js'), external: ['vscode'],
    }),
    esbuild.build({ ...common, entryPoints: [path.join(root, 'src/server/bin.ts')], outfile: path.join(dist, 'server.js') }),
  ]);
  fs.chmodSync(path.join(dist, 'cli.js'), 0o755);
}

copyAssets();
if (!assetsOnly) await bundle();
