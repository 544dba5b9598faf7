import * as assert from 'node:assert/strict';
import { css, extractStyle, linkLine } from './helpers';

describe('extract/css links', () => {
  it('links each selector to the custom properties it reads, once per pair', async () => {
    const facts = await extractStyle(css(
      '.a {',
      '  color: var(--brand);',
      '  margin: calc(var(--space) * 2) var(--space);',
      '  border: var(--line, var(--fallback));',
      '  content: "var(--in-string)";',
      '}',
      '/* var(--in-comment) */',
      '@font-face { src: var(--font); }',
    ), 'styles/main.css');
    assert.deepEqual(facts.links!.map(linkLine), [
      '.a -> css:var:--brand @2:13',
      '.a -> css:var:--space @3:19',
      '.a -> css:var:--line @4:14',
      '.a -> css:var:--fallback @4:26',
      '<file> -> css:var:--font @8:22',
    ]);
  });

  it('links SCSS variables, mixins and functions: own file first, then by key or namespace', async () => {
    const facts = await extractStyle(css(
      "@use 'sass:math';",
      "@use 'config/colors' as c;",
      "@use 'mixins';",
      '$gap: 8px;',
      '$double: $gap * 2;',
      '@mixin pad($gap: 2px) { padding: $gap; }',
      '.a {',
      '  @include pad;',
      '  @include mixins.shadow($depth: $gap);',
      '  margin: $gap $radius;',
      '  color: c.$brand;',
      '  width: math.div(10px, 2) + rem(4px) + calc(1px);',
      '  @extend %raised;',
      '  $local: 1px;',
      '  padding: $local;',
      '}',
    ));
    assert.deepEqual(facts.links!.map(linkLine), [
      '$double -> $gap @5:9',
      '.a -> @mixin pad @8:11',
      '.a -> scss:mixin:mixins.shadow @9:18',
      '.a -> $gap @9:33',
      '.a -> scss:var:$radius @10:15',
      '.a -> scss:var:colors.$brand @11:11',
      '.a -> scss:function:rem @12:29',
      '.a -> scss:placeholder:%raised @13:10',
    ]);
  });

  it('lets parameters, loop variables and locals shadow globals', async () => {
    const facts = await extractStyle(css(
      '$size: 1px;',
      '@mixin m($size) { margin: $size; }',
      '@each $size in (1px, 2px) { .x-#{$size} { margin: $size; } }',
      '@for $i from 1 through $size { .y { margin: $i; } }',
      '.z { $size: 3px; margin: $size; .w { padding: $size; } }',
      '.g { $size: 4px !global; margin: $size; }',
      '@include m($size: 2px) using ($size) { margin: $size; }',
    ));
    assert.deepEqual(facts.links!.map(linkLine), [
      '<file> -> $size @4:23',
      '.g -> $size @6:33',
      '<file> -> @mixin m @7:9',
    ]);
  });

  it('does not read $ in plain CSS nor `//` as a comment there', async () => {
    const facts = await extractStyle(css(
      'a[href$=".pdf"] { background: url(//cdn.example.com/x.png); color: var(--c); }',
    ), 'styles/a.css');
    assert.deepEqual(facts.links!.map(linkLine), ['a[href$=".pdf"] -> css:var:--c @1:71']);
  });
});
