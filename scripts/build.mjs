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
  copy(path.join(root, 'node_modules/web-tree-sitter/web-tree-sitter.wasm'), path.join(dist, 'web-tree-sitter.wasm'));
  // The panels' chart library, served to webviews from the extension (no CDN).
  copy(path.join(root, 'node_modules/chart.js/dist/chart.umd.min.js'), path.join(dist, 'webview', 'chart.umd.min.js'));
}

/**
 * sql.js's script is not bundled: src/store/sqljs/sqlJsModule.ts reads it as text, patches
 * it (sqlJsPatch.ts: MEMFS growth by doubling, a hook on its writes for page-level saves)
 * and evaluates it, from sources and from the bundle alike. The build ships the script
 * beside the bundle and runs the same patch on it, so a sql.js upgrade that no longer
 * matches stops the build here rather than falling back to whole-file saves at run time.
 */
async function checkSqlJsPatch() {
  const script = path.join(root, 'node_modules/sql.js/dist/sql-wasm.js');
  const built = await esbuild.build({
    entryPoints: [path.join(root, 'src/store/sqljs/sqlJsPatch.ts')], bundle: true, write: false, platform: 'node', format: 'cjs', logLevel: 'warning',
  });
  const module = { exports: {} };
  new Function('module', 'exports', built.outputFiles[0].text)(module, module.exports);
  module.exports.patchSqlJsSource(fs.readFileSync(script, 'utf8'), script);
  copy(script, path.join(dist, 'sql-wasm.js'));
}

/**
 * web-tree-sitter's CommonJS build, the one the tests load under tsx: its ESM build finds
 * `require` through `await import('module')`, which a CJS bundle run from V8's code cache
 * (src/cli/codeCache.ts) cannot do.
 */
const webTreeSitterCommonJs = {
  name: 'web-tree-sitter-cjs',
  setup(build) {
    build.onResolve({ filter: /^web-tree-sitter$/ }, () => ({ path: path.join(root, 'node_modules/web-tree-sitter/web-tree-sitter.cjs') }));
  },
};

async function bundle() {
  const common = {
    plugins: [webTreeSitterCommonJs],
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: true,
    logLevel: 'warning',
    // ESM dependencies (web-tree-sitter) read import.meta.url to find their wasm beside
    // the running script; in a CJS bundle it is derived from __filename.
    define: { 'import.meta.url': '__ckgImportMetaUrl' },
    // pg loads its optional native binding only when `pg.native` is read, which ckg never
    // does: the bundle stays pure JavaScript and needs no native module.
    external: ['pg-native'],
    banner: { js: "const __ckgImportMetaUrl = require('url').pathToFileURL(__filename).href;" },
    // import() of a dependency becomes require(): the CLI bundle runs from V8's code cache
    // through vm.Script (src/cli/codeCache.ts), where a dynamic import has no loader to call.
    supported: { 'dynamic-import': false },
  };
  await Promise.all([
    // `ckg` is a small launcher (cli.js) that runs the CLI bundle (cliMain.js) through V8's code cache.
    esbuild.build({ ...common, entryPoints: [path.join(root, 'src/cli/bin.ts')], outfile: path.join(dist, 'cli.js'), banner: { js: '#!/usr/bin/env node' } }),
    esbuild.build({ ...common, entryPoints: [path.join(root, 'src/cli/cliMain.ts')], outfile: path.join(dist, 'cliMain.js') }),
    esbuild.build({ ...common, entryPoints: [path.join(root, 'src/index/parseWorker.ts')], outfile: path.join(dist, 'parseWorker.js') }),
    esbuild.build({ ...common, entryPoints: [path.join(root, 'src/lib.ts')], outfile: path.join(dist, 'lib.js') }),
    // The VS Code extension (host side: thin, `vscode` supplied by the editor) and its
    // graph server process (the engine, started over IPC by vscode-languageclient).
    esbuild.build({ ...common, entryPoints: [path.join(root, 'src/extension/main.ts')], outfile: path.join(dist, 'extension.js'), external: [...common.external, 'vscode'] }),
    // vscode-languageclient on its own, loaded when the graph server starts (activation stays small).
    esbuild.build({
      ...common, entryPoints: [path.join(root, 'src/extension/languageClientLibrary.ts')], outfile: path.join(dist, 'languageClient.js'), external: [...common.external, 'vscode'],
    }),
    esbuild.build({ ...common, entryPoints: [path.join(root, 'src/server/bin.ts')], outfile: path.join(dist, 'server.js') }),
  ]);
  fs.chmodSync(path.join(dist, 'cli.js'), 0o755);
}

copyAssets();
await checkSqlJsPatch();
if (!assetsOnly) await bundle();
