import * as assert from 'node:assert/strict';
import { css, extractStyle } from './helpers';

describe('extract/css imports', () => {
  it('reads @import strings and url() forms, several per rule, before media queries', async () => {
    const facts = await extractStyle(css(
      '@import "theme.css";',
      "@import url('print.css') print;",
      '@import url(reset.css) layer(base);',
      '@import "a", "b";',
      '@import url("https://fonts.example.com/css?family=Inter");',
    ), 'styles/main.css');
    assert.deepEqual(facts.imports.map((i) => [i.source, i.line, i.col]), [
      ['theme.css', 1, 9], ['print.css', 2, 13], ['reset.css', 3, 12], ['a', 4, 9], ['b', 4, 14],
      ['https://fonts.example.com/css?family=Inter', 5, 13],
    ]);
  });

  it('binds @use namespaces and marks @forward as a re-export', async () => {
    const facts = await extractStyle(css(
      "@use 'sass:math';",
      "@use 'config/colors';",
      "@use 'theme/index' as t;",
      "@use 'base' as *;",
      "@use 'config' with ($primary: blue);",
      "@forward 'src/list' hide list-reset;",
    ));
    assert.deepEqual(facts.imports.map((i) => [i.source, i.bindings, i.reexport ?? false]), [
      ['sass:math', [{ imported: '*', local: 'math' }], false],
      ['config/colors', [{ imported: '*', local: 'colors' }], false],
      ['theme/index', [{ imported: '*', local: 't' }], false],
      ['base', [{ imported: '*', local: '*' }], false],
      ['config', [{ imported: '*', local: 'config' }], false],
      ['src/list', [], true],
    ]);
  });
});
