import * as assert from 'node:assert/strict';
import { CONTEXT_FORMATS, DEFAULT_FORMAT, isContextFormat, renderContext } from '../../../src/context/formats';
import { renderJson } from '../../../src/context/formats/json';
import { renderMarkdown } from '../../../src/context/formats/markdown';
import { categoryOf, nameFrom, signatureShown } from '../../../src/context/formats/shared';
import { renderXml } from '../../../src/context/formats/xml';
import { sampleDocument } from './sampleDocument';

describe('context/formats: xml, json, markdown', () => {
  const doc = sampleDocument();

  it('offers the SPEC formats, xml by default, and refuses others', () => {
    assert.deepEqual([...CONTEXT_FORMATS], ['xml', 'json', 'markdown', 'gcf', 'gcb']);
    assert.equal(DEFAULT_FORMAT, 'xml');
    assert.ok(isContextFormat('gcf'));
    assert.ok(!isContextFormat('yaml'));
    assert.throws(() => renderContext(doc, 'yaml' as never), { message: 'context/formats: unknown format yaml (expected xml, json, markdown, gcf, gcb)' });
  });

  it('shares naming rules: relations relative to the symbol\'s repository, signatures only when the source lacks them', () => {
    assert.equal(nameFrom('example.com/shop', 'example.com/shop://src/a.f'), 'src/a.f');
    assert.equal(nameFrom('example.com/shop', 'example.com/billing://api.F'), 'example.com/billing://api.F');
    assert.equal(categoryOf({ edgeType: 'references', direction: 'out' }), 'types');
    assert.equal(categoryOf({ edgeType: 'runtime_calls', direction: 'in' }), 'callers');
    assert.equal(signatureShown(doc.symbols[0]), false, 'the source starts with it');
    assert.equal(signatureShown(doc.symbols[1]), true, 'no source');
    assert.equal(signatureShown({ ...doc.symbols[2], signature: 'func Refund(id string, force bool) error' }), true, 'the source says otherwise');
    assert.equal(signatureShown({ ...doc.symbols[2], signature: 'func Refund(id…' }), false, 'a cut signature is matched without its ellipsis');
  });

  it('writes xml with escaped attributes and text, and source in CDATA split around ]]>', () => {
    const xml = renderXml(doc);
    assert.ok(xml.startsWith('<context mode="pr" query="src/cart.ts, src/price.ts" token_budget="8000" symbols_included="3" symbols_available="42">\n'));
    assert.ok(xml.endsWith('\n</context>'));
    assert.ok(xml.includes('<doc>Sums the &lt;items&gt; &amp; "extras".</doc>'));
    assert.ok(xml.includes('<symbol id="0" name="example.com/shop://src/cart.Cart.total" kind="method" location="src/cart.ts:12-20" distance="0" relevance="1000" hash="'));
    assert.ok(xml.includes('<callers more="3">src/checkout.pay</callers>'));
    assert.ok(xml.includes('<callees>src/price.sum, example.com/billing://api.Charge</callees>'));
    assert.ok(xml.includes('<types>src/money.Money</types>'));
    assert.ok(xml.includes('<source start="12" truncated_lines="5"><![CDATA[total(): Money {\n  const s = `a ``` b`; // ]]]]><![CDATA[> here\n'));
    assert.ok(xml.includes('<source state="stale"/>'));
    assert.ok(xml.includes('<signature>function sum(xs: Money[]): Money</signature>'));
    assert.ok(!xml.includes('<signature>total(): Money</signature>'));
    const withoutCdata = xml.replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, '');
    const opened = [...withoutCdata.matchAll(/<(\w+)(?:\s[^<>]*)?(?<!\/)>/g)].map((m) => m[1]);
    const closed = [...withoutCdata.matchAll(/<\/(\w+)>/g)].map((m) => m[1]);
    assert.deepEqual(opened.sort(), closed.sort(), 'every element is closed');
  });

  it('writes compact json with the document\'s fields, leaving empty ones out', () => {
    const parsed = JSON.parse(renderJson(doc));
    assert.deepEqual(Object.keys(parsed), ['mode', 'query', 'token_budget', 'symbols_included', 'symbols_available', 'symbols']);
    const [total, sum, refund] = parsed.symbols;
    assert.equal(total.name, 'example.com/shop://src/cart.Cart.total');
    assert.equal(total.hash.length, 64);
    assert.deepEqual(total.callers, ['src/checkout.pay']);
    assert.equal(total.more_callers, 3);
    assert.deepEqual(total.callees, ['src/price.sum', 'example.com/billing://api.Charge']);
    assert.deepEqual(total.source, { start_line: 12, text: doc.symbols[0].source!.text, truncated_lines: 5 });
    assert.equal(sum.source_state, 'stale');
    assert.equal('doc' in sum, false);
    assert.equal('source' in sum, false);
    assert.deepEqual(refund.types, ['api.Refunder']);
    assert.equal(renderJson(doc).includes('\n'), false, 'no indentation');
  });

  it('writes markdown with fences longer than any backtick run in the source', () => {
    const md = renderMarkdown(doc);
    assert.ok(md.startsWith('# Context for pull request: src/cart.ts, src/price.ts\n3 of 42 symbols, budget 8000 tokens.\n'));
    assert.ok(md.includes('## 0. example.com/shop://src/cart.Cart.total\nmethod · src/cart.ts:12-20 · distance 0 · relevance 1000 · hash '));
    assert.ok(md.includes('\n````ts\ntotal(): Money {'), 'four backticks: the source has a run of three');
    assert.ok(md.includes('return sum(this.items);\n````\n(5 more lines)'));
    assert.ok(md.includes('- callers: `src/checkout.pay`, and 3 more'));
    assert.ok(md.includes('Source: stale.'));
    assert.ok(md.includes('```go\nfunc Refund'));
    assert.ok(md.includes('Signature: `function sum(xs: Money[]): Money`'));
  });
});
