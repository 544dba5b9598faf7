import * as assert from 'node:assert/strict';
import { HEAVY_TEST_TIMEOUT_MS } from '../../helpers/extractSource';
import { fuzzExtractor } from '../../helpers/fuzz';
import { css, extractStyle } from './helpers';

const CSS_SAMPLE = css(
  '@import url("theme.css") screen;',
  '/* Frame. */',
  ':root { --brand: #0af; --space: 4px; }',
  'body { background: url(data:image/svg+xml;utf8,<svg/>); content: "a;b}"; }',
  '.a, .b > c:not(.d) { margin: calc(var(--space) * 2); }',
  '@media (max-width: 600px) { .a { color: var(--brand, red); } }',
  '@keyframes k { from { opacity: 0 } 50% { opacity: .5 } }',
);

const SCSS_SAMPLE = css(
  "@use 'sass:math';",
  "@use 'config' as c;",
  '$gap: 8px !default;',
  '// A mixin.',
  '@mixin pad($x: c.$gap) { padding: $x; @content; }',
  '@function rem($px) { @return math.div($px, 16px) * 1rem; }',
  '.card {',
  '  @include pad(2px) { color: red; }',
  '  &__title { font: { size: rem(20px); weight: bold; } }',
  '  @each $k, $v in (a: 1, b: 2) { &--#{$k} { order: $v; } }',
  '  .icon-#{$gap} { width: $gap; }',
  '  @extend %raised;',
  '}',
);

/** A generated sheet of about `bytes` characters: tokens, rules and their uses. */
function generatedSheet(bytes: number): string {
  const parts = [':root {'];
  let size = 0;
  for (let i = 0; size < bytes / 2; i++) {
    const part = `  --token-${i}: ${i}px;\n`;
    parts.push(part);
    size += part.length;
  }
  parts.push('}');
  for (let i = 0; size < bytes; i++) {
    const part = `.block-${i} .element-${i}:hover { margin: var(--token-${i}) var(--token-${Math.max(0, i - 1)}); }\n`;
    parts.push(part);
    size += part.length;
  }
  return parts.join('\n');
}

describe('extract/css on nasty input', () => {
  it('keeps the rules before a broken one and counts the errors', async () => {
    const facts = await extractStyle(css(
      '.ok { color: var(--brand); }',
      '.broken { content: "unterminated;',
      '  margin: 0',
      '}}',
      '.after { color: red; }',
      'garbage without colon;',
    ), 'styles/a.css');
    assert.ok(facts.syntaxErrors >= 3, `errors: ${facts.syntaxErrors}`);
    assert.deepEqual(facts.symbols.map((s) => s.name), ['.ok', '.broken', '.after']);
    assert.equal(facts.links!.length, 1);
  });

  it('counts unclosed blocks, comments, strings, interpolation and parentheses', async () => {
    for (const source of ['.a {', '/* open', '.a { content: "x', '.a-#{$x { }', '.a { margin: calc(1px; }', '}']) {
      const facts = await extractStyle(source);
      assert.ok(facts.syntaxErrors > 0, `no error counted for ${JSON.stringify(source)}`);
    }
  });

  it('handles an empty file and comments only', async () => {
    const empty = await extractStyle('', 'a.css');
    assert.deepEqual([empty.symbols, empty.imports, empty.links, empty.syntaxErrors], [[], [], [], 0]);
    const comments = await extractStyle('/* a */\n// b\n', 'a.scss');
    assert.deepEqual([comments.symbols.length, comments.syntaxErrors], [0, 0]);
  });

  it('extracts a 2 MB generated sheet', async () => {
    const facts = await extractStyle(generatedSheet(2_000_000), 'gen/big.css');
    assert.equal(facts.syntaxErrors, 0);
    const tokens = facts.symbols.filter((s) => s.kind === 'variable').length;
    const selectors = facts.symbols.filter((s) => s.kind === 'selector').length;
    assert.ok(tokens > 20_000 && selectors > 10_000, `tokens ${tokens}, selectors ${selectors}`);
    // Two uses per block rule (not `:root`), one pair shared by the first.
    assert.equal(facts.links!.length, (selectors - 1) * 2 - 1);
  }).timeout(HEAVY_TEST_TIMEOUT_MS);

  it('survives random bytes and pathological nesting', async () => {
    let seed = 11;
    const random = (): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const garbage = Array.from({ length: 20_000 }, () => String.fromCharCode(Math.floor(random() * 0x3000))).join('');
    await extractStyle(garbage, 'a.css');
    await extractStyle(garbage, 'a.scss');
    const deep = `${'.a { '.repeat(3000)}color: $x;${' }'.repeat(3000)}`;
    const facts = await extractStyle(deep);
    assert.equal(facts.syntaxErrors, 0);
    assert.equal(facts.symbols.length, 65, "the top rule and 64 nested levels");
    for (const source of ['{'.repeat(5000), '#{'.repeat(2000), '('.repeat(5000), '"', '\u0000\uFFFD']) await extractStyle(source);
  });

  it('does not grow a selector exponentially when each level repeats its parent with `&`', async () => {
    // Found by npm run bench:fuzz: 40 levels of `&&&&` would be 4^40 characters long.
    const facts = await extractStyle(`${'&&&& { '.repeat(40)}color: red;${' }'.repeat(40)}`);
    assert.equal(facts.syntaxErrors, 0);
    assert.ok(facts.symbols.length > 0);
  });

  it('never throws on 2000 mutated CSS and 2000 mutated SCSS sheets', async () => {
    await fuzzExtractor('styles/main.css', [CSS_SAMPLE], 2000, 1701);
    await fuzzExtractor('styles/main.scss', [SCSS_SAMPLE], 2000, 1702);
  });
});
