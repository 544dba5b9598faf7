import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { type ProvidedModule, providedModules } from '../../src/index/repoProvides';
import { RepoLayout } from '../../src/resolve/layout';
import { makeTempDir, writeTree } from '../helpers/tempDir';

/** The layout the indexer would build over these files, written to a real folder. */
function layoutOf(files: Record<string, string>): RepoLayout {
  const root = makeTempDir('ckg-provides-');
  writeTree(root, files);
  const listed = fs.readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
  return new RepoLayout(listed, (p) => {
    try {
      return fs.readFileSync(path.join(root, p), 'utf8');
    } catch {
      return undefined;
    }
  });
}

function provided(files: Record<string, string>, ecosystem?: ProvidedModule['ecosystem']): ProvidedModule[] {
  return providedModules(layoutOf(files)).filter((m) => ecosystem === undefined || m.ecosystem === ecosystem);
}

const json = (value: unknown): string => JSON.stringify(value, null, 2);

describe('index/repoProvides', () => {
  it('provides each go.mod module path at its folder, leaving out paths several go.mod files declare', () => {
    assert.deepEqual(provided({
      'go.mod': '// the service\nmodule github.com/acme/shop // trailing comment\n\ngo 1.22\n',
      'tools/go.mod': 'module "github.com/acme/shop/tools"\n',
      'examples/a/go.mod': 'module example.com/template\n',
      'examples/b/go.mod': 'module example.com/template\n',
      'broken/go.mod': 'go 1.21\n',
      'main.go': 'package main\n',
    }), [
      { ecosystem: 'go', name: 'github.com/acme/shop', root: '' },
      { ecosystem: 'go', name: 'github.com/acme/shop/tools', root: 'tools' },
    ]);
  });

  it('provides every named package.json, private workspace packages included, and none under node_modules', () => {
    const modules = provided({
      'package.json': json({ name: 'monorepo', private: true, workspaces: ['packages/*'] }),
      'packages/core/package.json': json({ name: '@acme/core', private: true }),
      'packages/core/src/index.ts': 'export const x = 1;\n',
      'packages/unnamed/package.json': json({ version: '1.0.0' }),
      'packages/core/node_modules/left-pad/package.json': json({ name: 'left-pad', main: 'index.js' }),
      'packages/core/node_modules/left-pad/index.js': '',
    }, 'npm');
    assert.deepEqual(modules, [
      { ecosystem: 'npm', name: '@acme/core', root: 'packages/core', entry: 'packages/core/src/index.ts' },
      { ecosystem: 'npm', name: 'monorepo', root: '' },
    ]);
  });

  it('finds the source a bare npm import loads: source, then types, exports, main, module, then index files', () => {
    const entryOf = (manifest: Record<string, unknown>, files: Record<string, string>): string | undefined =>
      provided({ 'lib/package.json': json({ name: 'lib', ...manifest }), ...files }, 'npm')[0]?.entry;
    assert.equal(entryOf({ source: 'src/main.ts', main: 'dist/index.js' }, { 'lib/src/main.ts': '', 'lib/src/index.ts': '' }), 'lib/src/main.ts');
    assert.equal(entryOf({ types: './src/api.ts', main: 'dist/index.js' }, { 'lib/src/api.ts': '', 'lib/src/index.ts': '' }), 'lib/src/api.ts');
    // a hand-written declaration file is not source: main decides
    assert.equal(entryOf({ types: 'index.d.ts', main: 'main.js' }, { 'lib/index.d.ts': '', 'lib/main.js': '' }), 'lib/main.js');
    assert.equal(entryOf({ exports: './dist/entry.mjs' }, { 'lib/src/entry.ts': '' }), 'lib/src/entry.ts');
    assert.equal(entryOf({
      exports: { './package.json': './package.json', '.': { node: { import: './build/esm/index.mjs', require: './build/cjs/index.cjs' } } },
    }, { 'lib/src/esm/index.ts': '' }), 'lib/src/esm/index.ts');
    assert.equal(entryOf({ exports: { types: './dist/types/index.d.ts', default: './dist/index.js' } }, { 'lib/src/index.tsx': '' }), 'lib/src/index.tsx');
    assert.equal(entryOf({ main: 'lib/index.js' }, { 'lib/lib/index.js': '' }), 'lib/lib/index.js');
    assert.equal(entryOf({ main: './server' }, { 'lib/server/index.js': '' }), 'lib/server/index.js');
    assert.equal(entryOf({ main: 'index.js' }, { 'lib/index.ts': '', 'lib/index.js': '' }), 'lib/index.ts');
    assert.equal(entryOf({ module: 'out/esm.js' }, { 'lib/src/esm.ts': '' }), 'lib/src/esm.ts');
    assert.equal(entryOf({}, { 'lib/index.tsx': '' }), 'lib/index.tsx');
    // a JavaScript shim picking a bundle, in a package whose declarations are generated: the TypeScript index
    assert.equal(entryOf({ main: 'index.js', types: 'dist/lib.d.ts', exports: { '.': { require: './index.js' } } }, {
      'lib/index.js': "module.exports = require('./dist/lib.cjs.js');\n", 'lib/src/index.ts': '',
    }), 'lib/src/index.ts');
    // a JavaScript package keeps its JavaScript entry
    assert.equal(entryOf({ main: 'server.js' }, { 'lib/server.js': '', 'lib/index.js': '' }), 'lib/server.js');
    assert.equal(entryOf({ main: 'dist/index.js' }, {}), undefined);
    assert.equal(entryOf({ main: '../elsewhere/index.js' }, { 'elsewhere/index.js': '' }), undefined);
  });

  it('maps an npm entry through the tsconfig outDir and rootDir, following a relative extends', () => {
    const [module] = provided({
      'tsconfig.base.json': '{ "compilerOptions": { "rootDir": "code" } }',
      'pkg/tsconfig.json': '{\n  // compiled output\n  "extends": "../tsconfig.base.json",\n  "compilerOptions": { "outDir": "./artifacts", },\n}',
      'pkg/package.json': json({ name: 'pkg', main: 'artifacts/index.js' }),
      'pkg/code/index.ts': '',
      'pkg/src/index.ts': '',
    }, 'npm');
    // rootDir is relative to the base config's folder, so it is not pkg/code
    assert.equal(module?.entry, 'pkg/src/index.ts');
    const [own] = provided({
      'pkg/tsconfig.json': '{ "compilerOptions": { "outDir": "artifacts", "rootDir": "code" } }',
      'pkg/package.json': json({ name: 'pkg', main: 'artifacts/index.js' }),
      'pkg/code/index.ts': '',
      'pkg/src/index.ts': '',
    }, 'npm');
    assert.equal(own?.entry, 'pkg/code/index.ts');
  });

  it('provides Python top-level packages at the root, under src/ and under a project folder, and declared single modules', () => {
    assert.deepEqual(provided({
      'shop/__init__.py': '',
      'shop/cart/__init__.py': '',
      'src/billing/__init__.py': '',
      'services/api/pyproject.toml': '[project]\nname = "Acme.API_Server"\n\n[tool.setuptools]\npy-modules = ["api_cli"]\n',
      'services/api/api/__init__.py': '',
      'services/api/src/api_cli.py': '',
      'services/worker/setup.cfg': '[metadata]\nname = acme_worker\n\n[options]\npy_modules =\n    worker_main\n    helpers\n',
      'services/worker/worker_main.py': '',
      'services/worker/setup.py': 'from setuptools import setup\nsetup(name="acme-worker-legacy", py_modules=["legacy"])\n',
      'deep/nested/pkg/__init__.py': '',
      'not-a-name/__init__.py': '',
      'README.md': '',
    }).filter((m) => m.ecosystem === 'python' || m.ecosystem === 'pypi'), [
      { ecosystem: 'pypi', name: 'acme-api-server', root: 'services/api' },
      { ecosystem: 'pypi', name: 'acme-worker', root: 'services/worker' },
      { ecosystem: 'pypi', name: 'acme-worker-legacy', root: 'services/worker' },
      { ecosystem: 'python', name: 'api', root: 'services/api/api' },
      { ecosystem: 'python', name: 'api_cli', root: 'services/api/src' },
      { ecosystem: 'python', name: 'billing', root: 'src/billing' },
      { ecosystem: 'python', name: 'helpers', root: 'services/worker' },
      { ecosystem: 'python', name: 'legacy', root: 'services/worker' },
      { ecosystem: 'python', name: 'shop', root: 'shop' },
      { ecosystem: 'python', name: 'worker_main', root: 'services/worker' },
    ]);
  });

  it('reads a poetry distribution name and leaves a setup.py name it cannot read plainly', () => {
    assert.deepEqual(provided({
      'pyproject.toml': '[tool.poetry]\nname = "Poetry_Pkg"  # the name\nversion = "0.1"\n',
      'tool/setup.py': 'import os\nsetup(name=os.environ["NAME"])\n',
    }, 'pypi'), [{ ecosystem: 'pypi', name: 'poetry-pkg', root: '' }]);
  });

  it('provides maven coordinates, taking the groupId from the parent when the project has none', () => {
    assert.deepEqual(provided({
      'pom.xml': `<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <!-- <groupId>not.this</groupId> -->
  <modelVersion>4.0.0</modelVersion>
  <groupId>com.acme</groupId>
  <artifactId>shop-parent</artifactId>
  <properties><shop.group>com.acme.shop</shop.group></properties>
  <dependencies><dependency><groupId>org.other</groupId><artifactId>lib</artifactId></dependency></dependencies>
</project>`,
      'orders/pom.xml': `<project>
  <parent><groupId>com.acme</groupId><artifactId>shop-parent</artifactId><version>1</version></parent>
  <artifactId>orders</artifactId>
</project>`,
      'payments/pom.xml': `<project>
  <properties><shop.group>com.acme.shop</shop.group></properties>
  <groupId>\${shop.group}</groupId>
  <artifactId>payments</artifactId>
</project>`,
      'unknown/pom.xml': '<project><groupId>${undefined.property}</groupId><artifactId>x</artifactId></project>',
      'settings.gradle': "rootProject.name = 'not-a-coordinate'\n",
    }, 'maven'), [
      { ecosystem: 'maven', name: 'com.acme.shop:payments', root: 'payments' },
      { ecosystem: 'maven', name: 'com.acme:orders', root: 'orders' },
      { ecosystem: 'maven', name: 'com.acme:shop-parent', root: '' },
    ]);
    assert.deepEqual(provided({ 'settings.gradle': "rootProject.name = 'x'\n", 'build.gradle': "group = 'com.acme'\n" }), []);
  });

  it('provides each crate by its import name; a workspace-only Cargo.toml provides nothing', () => {
    assert.deepEqual(provided({
      'Cargo.toml': '[workspace]\nmembers = [\n  "crates/*", # every crate\n]\n',
      'crates/my-crate/Cargo.toml': "[package]\nname = 'my-crate'\nversion = \"0.1.0\"\nedition.workspace = true\n\n[dependencies]\nname = { version = \"1\" }\n",
      'crates/renamed/Cargo.toml': '[package]\nname = "renamed-pkg"\n\n[lib]\nname = "renamed_lib"\npath = "src/lib.rs"\n\n[[bin]]\nname = "tool"\n',
    }, 'cargo'), [
      { ecosystem: 'cargo', name: 'my_crate', root: 'crates/my-crate' },
      { ecosystem: 'cargo', name: 'renamed_lib', root: 'crates/renamed' },
    ]);
  });

  it('provides each .csproj by RootNamespace, else AssemblyName, else its file name', () => {
    assert.deepEqual(provided({
      'src/Api/Api.csproj': '<Project Sdk="Microsoft.NET.Sdk.Web"><PropertyGroup><RootNamespace>Acme.Shop.Api</RootNamespace></PropertyGroup></Project>',
      'src/Core/Core.csproj': '<Project Sdk="Microsoft.NET.Sdk">\n  <PropertyGroup>\n    <TargetFramework>net8.0</TargetFramework>\n    <AssemblyName>Acme.Core</AssemblyName>\n  </PropertyGroup>\n</Project>',
      'src/Plain/Acme.Plain.csproj': '<Project Sdk="Microsoft.NET.Sdk"></Project>',
      'src/Derived/Derived.csproj': '<Project><PropertyGroup><RootNamespace>Acme.$(MSBuildProjectName)</RootNamespace></PropertyGroup></Project>',
    }, 'dotnet'), [
      { ecosystem: 'dotnet', name: 'Acme.Core', root: 'src/Core' },
      { ecosystem: 'dotnet', name: 'Acme.Derived', root: 'src/Derived' },
      { ecosystem: 'dotnet', name: 'Acme.Plain', root: 'src/Plain' },
      { ecosystem: 'dotnet', name: 'Acme.Shop.Api', root: 'src/Api' },
    ]);
  });

  it('skips malformed manifests without throwing and keeps the well-formed ones', () => {
    assert.deepEqual(provided({
      'a/package.json': '{ "name": "broken", ',
      'b/package.json': '["not", "an", "object"]',
      'c/Cargo.toml': '[package]\nname = "unterminated\n',
      'd/pom.xml': '<project><groupId>g</groupId><artifactId>a</artifactId>',
      'e/E.csproj': '<Project><PropertyGroup><RootNamespace>E</PropertyGroup></Project>',
      'f/pyproject.toml': '[project\nname = "f"\n',
      'g/pyproject.toml': '[project]\nname = "good"\n',
      'h/package.json': json({ name: 'fine' }),
    }), [
      { ecosystem: 'npm', name: 'fine', root: 'h' },
      { ecosystem: 'pypi', name: 'good', root: 'g' },
    ]);
  });

  it('sorts by ecosystem, name and root, and lists a name at each folder once', () => {
    const modules = provided({
      'go.mod': 'module example.com/m\n',
      'package.json': json({ name: 'z' }),
      'pyproject.toml': '[project]\nname = "p"\n',
      'setup.cfg': '[metadata]\nname = p\n',
      'p/__init__.py': '',
      'src/p/__init__.py': '',
    });
    assert.deepEqual(modules.map((m) => `${m.ecosystem} ${m.name} ${m.root}`), [
      'go example.com/m ', 'npm z ', 'pypi p ', 'python p p', 'python p src/p',
    ]);
  });
});
