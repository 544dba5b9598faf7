import * as assert from 'node:assert/strict';
import { css, extractStyle } from './helpers';

describe('extract/css symbols', () => {
  it('names rules by their selectors and custom properties by name, first definition only', async () => {
    const facts = await extractStyle(css(
      '/* Tokens. */',
      ':root {',
      '  --brand: #0af;',
      '}',
      'h1,',
      '  h2   >  a { color: red; }',
      '.dark { --brand: #08c; }',
      ':root { --space: 4px; }',
      '@media (max-width: 10px) { h1, h2 > a { margin: 0; } }',
    ), 'styles/theme.css');
    assert.deepEqual(
      facts.symbols.map((s) => [s.name, s.kind, s.line, s.col, s.endLine, s.keys ?? []]),
      [
        [':root', 'selector', 2, 0, 4, []],
        ['--brand', 'variable', 3, 2, 3, ['css:var:--brand']],
        ['h1, h2 > a', 'selector', 5, 0, 6, []],
        ['.dark', 'selector', 7, 0, 7, []],
        ['--space', 'variable', 8, 8, 8, ['css:var:--space']],
      ],
    );
    assert.equal(facts.symbols[0]!.doc, 'Tokens.');
    assert.equal(facts.symbols[1]!.signature, '--brand: #0af');
    assert.equal(facts.syntaxErrors, 0);
  });

  it('resolves nesting with & and descendant selectors, across selector lists', async () => {
    const facts = await extractStyle(css(
      '.card, .panel {',
      '  &:hover { color: red; }',
      '  &__title { margin: 0; }',
      '  .icon, svg { fill: red; }',
      '  .theme-dark & { color: white; }',
      '  :is(.a, .b) { color: blue; }',
      '}',
    ));
    assert.deepEqual(facts.symbols.map((s) => s.name), [
      '.card, .panel',
      '.card:hover, .panel:hover',
      '.card__title, .panel__title',
      '.card .icon, .card svg, .panel .icon, .panel svg',
      '.theme-dark .card, .theme-dark .panel',
      '.card :is(.a, .b), .panel :is(.a, .b)',
    ]);
  });

  it('truncates very long selector lists with a hash that keeps them apart', async () => {
    const list = (suffix: string): string => Array.from({ length: 30 }, (_, i) => `.item-${i}`).join(', ') + suffix;
    const facts = await extractStyle(css(`${list('')} { margin: 0; }`, `${list(', .last')} { margin: 1px; }`), 'a.css');
    const [first, second] = facts.symbols.map((s) => s.name);
    assert.ok(first!.length < 140 && first!.includes('…#'), first);
    assert.notEqual(first, second);
  });

  it('declares SCSS variables, mixins, functions and placeholders at top level only', async () => {
    const facts = await extractStyle(css(
      '// Brand colour.',
      '$brand: #0af !default;',
      '$-private: 1px;',
      '@mixin rounded($r: 4px) { border-radius: $r; .inner { margin: 0; } }',
      '@function rem($px) { @return $px / 16px * 1rem; }',
      '%raised { box-shadow: none; }',
      '.a { $local: 1px; margin: $local; }',
      '@keyframes spin { from { opacity: 0; } to { opacity: 1; } }',
      '@font-face { font-family: X; }',
    ), 'styles/_tokens.scss');
    assert.deepEqual(
      facts.symbols.map((s) => [s.name, s.kind, s.line, s.exported, s.keys ?? []]),
      [
        ['$brand', 'variable', 2, true, ['scss:var:$brand', 'scss:var:tokens.$brand']],
        ['$-private', 'variable', 3, false, ['scss:var:$-private', 'scss:var:tokens.$-private']],
        ['@mixin rounded', 'function', 4, true, ['scss:mixin:rounded', 'scss:mixin:tokens.rounded']],
        ['@function rem', 'function', 5, true, ['scss:function:rem', 'scss:function:tokens.rem']],
        ['%raised', 'selector', 6, true, ['scss:placeholder:%raised']],
        ['.a', 'selector', 7, true, []],
      ],
    );
    assert.equal(facts.symbols[0]!.doc, 'Brand colour.');
    assert.equal(facts.symbols[2]!.signature, '@mixin rounded($r: 4px)');
  });

  it('reads SCSS nested properties and @at-root', async () => {
    const facts = await extractStyle(css(
      '.a {',
      '  font: { family: x; size: 2px; }',
      '  @at-root .b { color: red; }',
      '  @at-root { .c { color: red; } }',
      '}',
    ));
    assert.deepEqual(facts.symbols.map((s) => s.name), ['.a', '.b', '.c']);
  });
});
