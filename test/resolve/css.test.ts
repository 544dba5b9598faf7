import * as assert from 'node:assert/strict';
import { cssResolver } from '../../src/resolve/languages/css';
import { RepoLayout } from '../../src/resolve/layout';

describe('resolve/languages css', () => {
  const layout = new RepoLayout([
    'styles/main.scss', 'styles/_base.scss', 'styles/theme.css', 'styles/components/_index.scss',
    'styles/components/_card.scss', 'styles/legacy.sass', 'vendor/reset.css',
  ], () => '');
  const resolver = cssResolver(layout);

  it('uses the file path as package path', () => {
    assert.equal(resolver.packagePath('styles/main.scss'), 'styles/main.scss');
    assert.equal(resolver.moduleNodePath('styles/main.scss'), 'styles/main.scss');
    assert.ok(!resolver.packageScope);
  });

  it('finds files as written, Sass partials and index files, relative or from the root', () => {
    const cases: [string, string][] = [
      ['theme.css', 'styles/theme.css'],
      ['base', 'styles/_base.scss'],
      ['_base.scss', 'styles/_base.scss'],
      ['components', 'styles/components/_index.scss'],
      ['components/card', 'styles/components/_card.scss'],
      ['legacy', 'styles/legacy.sass'],
      ['../vendor/reset.css', 'vendor/reset.css'],
      ['vendor/reset', 'vendor/reset.css'],
      ['/vendor/reset.css', 'vendor/reset.css'],
      ['theme.css?v=2', 'styles/theme.css'],
    ];
    for (const [source, file] of cases) {
      assert.deepEqual(resolver.resolveImport(source, 'styles/main.scss'), { inRepo: true, packagePath: file }, source);
    }
  });

  it('leaves URLs, built-in modules, packages and missing files outside', () => {
    for (const source of ['https://fonts.example.com/css', '//cdn.example.com/a.css', 'sass:math', '~bootstrap/scss/bootstrap', 'missing', '../../up.css']) {
      assert.deepEqual(resolver.resolveImport(source, 'styles/main.scss'), { inRepo: false, module: source }, source);
    }
  });
});
