import * as assert from 'node:assert/strict';
import { goResolver } from '../../src/resolve/languages/go';
import { pythonResolver } from '../../src/resolve/languages/python';
import { parseJsonc } from '../../src/resolve/languages/tsconfig';
import { typescriptResolver } from '../../src/resolve/languages/typescript';
import { RepoLayout } from '../../src/resolve/layout';

function layoutOf(files: Record<string, string>): RepoLayout {
  return new RepoLayout(Object.keys(files), (p) => files[p]);
}

describe('resolve/languages', () => {
  describe('go', () => {
    const go = goResolver(layoutOf({
      'go.mod': 'module example.com/shop\n\ngo 1.22\n',
      'main.go': '', 'store/store.go': '',
      'tools/go.mod': 'module example.com/tools', 'tools/gen/gen.go': '',
    }));

    it('derives import paths from the nearest go.mod', () => {
      assert.equal(go.packagePath('main.go'), 'example.com/shop');
      assert.equal(go.packagePath('store/store.go'), 'example.com/shop/store');
      assert.equal(go.packagePath('tools/gen/gen.go'), 'example.com/tools/gen');
      assert.equal(go.moduleNodePath('store/store.go'), 'example.com/shop/store/store.go');
    });

    it('tells in-repo packages from external ones, and knows builtins', () => {
      assert.deepEqual(go.resolveImport('example.com/shop/store', 'main.go'), { inRepo: true, packagePath: 'example.com/shop/store' });
      assert.deepEqual(go.resolveImport('net/http', 'main.go'), { inRepo: false, module: 'net/http' });
      assert.ok(go.isBuiltin('append'));
      assert.ok(!go.isBuiltin('Append'));
    });
  });

  describe('typescript', () => {
    const ts = typescriptResolver(layoutOf({
      'tsconfig.json': '{ // comment\n "extends": "./tsconfig.base.json", }',
      'tsconfig.base.json': '{"compilerOptions": {"baseUrl": ".", "paths": {"@app/*": ["src/*"], "~config": ["config/index.ts"]}}}',
      'config/index.ts': '',
      'src/util/url.ts': '', 'src/util/index.ts': '', 'src/main.tsx': '', 'src/legacy.js': '', 'src/legacy.ts': '',
      'packages/core/package.json': '{"name": "@acme/core"}', 'packages/core/src/index.ts': '', 'packages/core/src/deep.ts': '',
    }));

    it('resolves relative imports with extensions, index files and .js specifiers', () => {
      assert.deepEqual(ts.resolveImport('./util/url', 'src/main.tsx'), { inRepo: true, packagePath: 'src/util/url' });
      assert.deepEqual(ts.resolveImport('./util', 'src/main.tsx'), { inRepo: true, packagePath: 'src/util/index' });
      assert.deepEqual(ts.resolveImport('./url.js', 'src/util/index.ts'), { inRepo: true, packagePath: 'src/util/url' });
      // A trailing slash names the folder: its index file, never a file of that name.
      assert.deepEqual(ts.resolveImport('./util/', 'src/main.tsx'), { inRepo: true, packagePath: 'src/util/index' });
      assert.deepEqual(ts.resolveImport('../../../src/util/', 'packages/core/src/deep.ts'), { inRepo: true, packagePath: 'src/util/index' });
      assert.deepEqual(ts.resolveImport('./legacy/', 'src/main.tsx'), { inRepo: false, module: './legacy/' });
    });

    it('follows tsconfig paths through extends, and workspace packages', () => {
      assert.deepEqual(ts.resolveImport('@app/util/url', 'src/main.tsx'), { inRepo: true, packagePath: 'src/util/url' });
      assert.deepEqual(ts.resolveImport('~config', 'src/main.tsx'), { inRepo: true, packagePath: 'config/index' });
      assert.deepEqual(ts.resolveImport('@acme/core', 'src/main.tsx'), { inRepo: true, packagePath: 'packages/core/src/index' });
      assert.deepEqual(ts.resolveImport('@acme/core/deep', 'src/main.tsx'), { inRepo: true, packagePath: 'packages/core/src/deep' });
      assert.deepEqual(ts.resolveImport('react', 'src/main.tsx'), { inRepo: false, module: 'react' });
    });

    it('takes an exact paths pattern only for that specifier, else the wildcard with the longest prefix', () => {
      const mapped = typescriptResolver(layoutOf({
        'tsconfig.json': JSON.stringify({ compilerOptions: { paths: {
          '@acme/core': ['./core/src'], '@acme/*': ['./other/*'], '@acme/core/*': ['./core/src/*'],
        } } }),
        'core/src/index.ts': '', 'core/src/adapters/fetch.ts': '', 'other/ui.ts': '', 'main.ts': '',
      }));
      assert.deepEqual(mapped.resolveImport('@acme/core', 'main.ts'), { inRepo: true, packagePath: 'core/src/index' });
      assert.deepEqual(mapped.resolveImport('@acme/core/adapters/fetch', 'main.ts'), { inRepo: true, packagePath: 'core/src/adapters/fetch' });
      assert.deepEqual(mapped.resolveImport('@acme/ui', 'main.ts'), { inRepo: true, packagePath: 'other/ui' });
    });

    it('reads the module options of the nearest tsconfig above the importing file, with its extends chain', () => {
      const nested = typescriptResolver(layoutOf({
        'tsconfig.json': JSON.stringify({ compilerOptions: { paths: { '~/*': ['./root/*'] } } }),
        'root/util.ts': '', 'main.ts': '',
        'packages/config/package.json': '{"name": "@acme/config"}',
        'packages/config/base.json': JSON.stringify({ compilerOptions: { paths: { '#log': ['./shared/log.ts'] } } }),
        'packages/config/shared/log.ts': '',
        'apps/web/tsconfig.json': JSON.stringify({ extends: '@acme/config/base', compilerOptions: { paths: { '~/*': ['./src/*'] } } }),
        'apps/web/src/util.ts': '', 'apps/web/src/pages/home.ts': '',
        'apps/admin/tsconfig.json': JSON.stringify({ extends: ['./tsconfig.strict.json', '@acme/config/base.json'] }),
        'apps/admin/tsconfig.strict.json': JSON.stringify({ compilerOptions: { strict: true } }),
        'apps/admin/page.ts': '',
        'apps/api/jsconfig.json': JSON.stringify({ compilerOptions: { baseUrl: '.' } }),
        'apps/api/lib/db.js': '', 'apps/api/server.js': '',
      }));
      assert.deepEqual(nested.resolveImport('~/util', 'main.ts'), { inRepo: true, packagePath: 'root/util' });
      assert.deepEqual(nested.resolveImport('~/util', 'apps/web/src/pages/home.ts'), { inRepo: true, packagePath: 'apps/web/src/util' });
      // A child's `paths` replaces its parent's; a parent's targets are relative to the parent.
      assert.deepEqual(nested.resolveImport('#log', 'apps/web/src/pages/home.ts'), { inRepo: false, module: '#log' });
      assert.deepEqual(nested.resolveImport('#log', 'apps/admin/page.ts'), { inRepo: true, packagePath: 'packages/config/shared/log' });
      // A bare specifier is tried under baseUrl.
      assert.deepEqual(nested.resolveImport('lib/db', 'apps/api/server.js'), { inRepo: true, packagePath: 'apps/api/lib/db' });
      assert.deepEqual(nested.resolveImport('lib/db', 'main.ts'), { inRepo: false, module: 'lib/db' });
    });

    it('keeps module paths unique when files differ only in extension', () => {
      assert.equal(ts.packagePath('src/legacy.js'), 'src/legacy');
      assert.equal(ts.packagePath('src/legacy.ts'), 'src/legacy.ts');
    });

    it('parses JSON with comments and trailing commas', () => {
      assert.deepEqual(parseJsonc('{"a": [1, 2,], /* x */ "b": "//not a comment",}'), { a: [1, 2], b: '//not a comment' });
      assert.equal(parseJsonc('{nope'), undefined);
    });
  });

  describe('python', () => {
    const py = pythonResolver(layoutOf({
      'app/__init__.py': '', 'app/models.py': '', 'app/api/__init__.py': '', 'app/api/routes.py': '',
      'src/lib/__init__.py': '', 'src/lib/core.py': '', 'tests/test_api.py': '',
    }));

    it('names modules by their dotted path from the root, dropping a src layout', () => {
      assert.equal(py.packagePath('app/api/routes.py'), 'app.api.routes');
      assert.equal(py.packagePath('app/__init__.py'), 'app');
      assert.equal(py.packagePath('src/lib/core.py'), 'lib.core');
      assert.equal(py.packagePath('tests/test_api.py'), 'tests.test_api');
    });

    it('resolves absolute, relative and suffix imports', () => {
      assert.deepEqual(py.resolveImport('app.models', 'app/api/routes.py'), { inRepo: true, packagePath: 'app.models' });
      assert.deepEqual(py.resolveImport('..models', 'app/api/routes.py'), { inRepo: true, packagePath: 'app.models' });
      assert.deepEqual(py.resolveImport('.', 'app/api/__init__.py'), { inRepo: true, packagePath: 'app.api' });
      assert.deepEqual(py.resolveImport('api.routes', 'tests/test_api.py'), { inRepo: true, packagePath: 'app.api.routes' });
      assert.deepEqual(py.resolveImport('json', 'app/models.py'), { inRepo: false, module: 'json' });
    });
  });
});
