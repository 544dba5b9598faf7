import * as assert from 'node:assert/strict';
import { type DocumentHeader, type SymbolDraft, assembleDocument } from '../../src/context/document';
import { ContextInputError } from '../../src/context/errors';
import { type ContextFormat, renderContext } from '../../src/context/formats';
import { DEFAULTS, type PackItem, packContext } from '../../src/context/packing';
import { countTokens } from '../../src/context/tokenizer';
import { Identity } from '../../src/model';

const header: DocumentHeader = { mode: 'task', query: 'find the widgets', tokenBudget: 0, symbolsAvailable: 100, topScore: 1 };

function draft(name: string, score: number, sourceLines: number, relatedTo: string[] = []): SymbolDraft {
  const qualifiedName = `example.com/app://pkg.${name}`;
  return {
    hash: Identity.node('example.com/app', qualifiedName, 'function'), name: qualifiedName, repoUrl: 'example.com/app',
    kind: 'function', file: 'pkg/widgets.ts', line: 10, endLine: 10 + sourceLines, signature: `function ${name}()`, doc: '',
    distance: 1, score,
    relations: relatedTo.map((other) => ({
      hash: Identity.node('example.com/app', `example.com/app://pkg.${other}`, 'function'), name: `example.com/app://pkg.${other}`,
      edgeType: 'calls' as const, direction: 'out' as const,
    })),
    more: { callers: 0, callees: 0, types: 0 },
    sourceState: 'included',
    source: {
      startLine: 10,
      text: Array.from({ length: sourceLines }, (_, i) => `  const value${i} = compute(${name}, ${i}); // line ${i}`).join('\n'),
      truncatedLines: 0,
    },
  };
}

function item(d: SymbolDraft): PackItem {
  const { source: _source, ...rest } = d;
  return { full: d, bare: { ...rest, sourceState: 'omitted' } };
}

const render = (format: ContextFormat) => (doc: Parameters<typeof renderContext>[0]) => renderContext(doc, format);

describe('context/packing', () => {
  it('validates its inputs, naming the module', () => {
    const items = [item(draft('a', 1, 2))];
    assert.throws(() => packContext(header, items, render('xml'), 0), { message: 'context/packing: budget must be a positive integer' });
    assert.throws(() => packContext(header, items, render('xml'), 100, { explore: 0.5 }), { message: 'context/packing: explore must be a finite number >= 1' });
    assert.throws(() => packContext(header, items, render('xml'), 100, { maxCandidates: 0 }), { message: 'context/packing: maxCandidates must be a positive integer' });
    assert.throws(() => packContext(header, items, render('xml'), 100, { rounds: 0 }), { message: 'context/packing: rounds must be a positive integer' });
    assert.ok(DEFAULTS.explore >= 1);
  });

  it('gives a long body whole when it takes at most half the room left, else its excerpt, else no source', () => {
    const whole = draft('long', 1, 200);
    const { source: _source, ...rest } = whole;
    const excerpt: SymbolDraft = { ...whole, source: { startLine: 10, text: whole.source!.text.split('\n').slice(0, 60).join('\n'), truncatedLines: 140 } };
    const longItem: PackItem = { full: whole, excerpt, bare: { ...rest, sourceState: 'omitted' } };
    const shown = (budget: number) => {
      const [symbol] = packContext(header, [longItem], render('xml'), budget).document.symbols;
      return symbol?.sourceState === 'omitted' ? 'bare' : symbol?.source?.truncatedLines === 0 ? 'whole' : 'excerpt';
    };
    const wholeCost = countTokens(renderContext(assembleDocument(header, [whole]), 'xml'));
    const excerptCost = countTokens(renderContext(assembleDocument(header, [excerpt]), 'xml'));
    assert.equal(shown(wholeCost * 3), 'whole');
    assert.equal(shown(Math.round(wholeCost * 1.2)), 'excerpt', 'the whole body would take more than half');
    assert.equal(shown(Math.round(excerptCost / 2)), 'bare');
  });

  it('refuses a budget smaller than the header, naming token_budget', () => {
    assert.throws(() => packContext(header, [], render('xml'), 5),
      (e: Error) => e instanceof ContextInputError && e.argument === 'token_budget' && /^token_budget: 5 is too small: the context header alone takes \d+ tokens$/.test(e.message));
  });

  for (const format of ['xml', 'json', 'markdown', 'gcf', 'gcb'] as const) {
    it(`counts ${format} content exactly and never exceeds the budget`, () => {
      const items = Array.from({ length: 40 }, (_, i) => item(draft(`w${i}`, 1 / (i + 1), 3 + (i % 7), [`w${(i + 1) % 40}`, `w${(i + 5) % 40}`])));
      for (const budget of [120, 400, 1500, 5000]) {
        const packed = packContext(header, items, render(format), budget);
        assert.equal(packed.tokenCount, countTokens(packed.content));
        assert.ok(packed.tokenCount <= budget, `${format} at ${budget}: ${packed.tokenCount}`);
        assert.equal(packed.document.symbolsIncluded, packed.document.symbols.length);
      }
    });
  }

  it('prefers score per token: two small symbols over one big one of higher score', () => {
    const big = draft('big', 1, 40);
    const small = [draft('small1', 0.6, 1), draft('small2', 0.6, 1)];
    const tokensOf = (drafts: SymbolDraft[]) => countTokens(renderContext(assembleDocument(header, drafts), 'xml'));
    const budget = tokensOf(small) + 20;
    assert.ok(tokensOf([big]) > budget, 'the big one alone does not fit');
    assert.ok(1 / (tokensOf([big]) - tokensOf([])) < 0.6 / (tokensOf([small[0]]) - tokensOf([])), 'small ones are worth more per token');
    const packed = packContext(header, [{ full: big }, ...small.map((d) => ({ full: d }))], render('xml'), budget);
    const names = packed.document.symbols.map((s) => s.name.split('.').pop());
    assert.deepEqual(names, ['small1', 'small2']);
  });

  it('drops the source of a symbol whose lines do not fit, keeping the symbol', () => {
    const packed = packContext(header, [item(draft('big', 1, 200))], render('xml'), 200);
    assert.equal(packed.document.symbols.length, 1);
    assert.equal(packed.document.symbols[0].sourceState, 'omitted');
    assert.ok(!packed.content.includes('compute('));
  });

  it('pulls candidates lazily, only as many as it prices', () => {
    let pulled = 0;
    function* many(): Generator<PackItem> {
      for (let i = 0; i < 10_000; i++) {
        pulled++;
        yield item(draft(`w${i}`, 1 / (i + 1), 2));
      }
    }
    const packed = packContext(header, many(), render('gcf'), 600);
    assert.ok(pulled < 200, `pulled ${pulled}`);
    assert.ok(packed.document.symbols.length > 3);
    let capped = 0;
    packContext(header, (function* () { for (;;) { capped++; yield item(draft(`x${capped}`, 1, 1)); } })(), render('gcf'), 100_000, { maxCandidates: 50 });
    assert.equal(capped, 50);
  });

  it('refills when the whole costs less than its parts (gcf writes edges between included symbols as ids)', () => {
    const names = Array.from({ length: 200 }, (_, i) => `widgetHandlerWithALongName${i}`);
    const items = names.map((n, i) => ({ full: { ...draft(n, 1 / (i + 1), 0, names.filter((_, j) => j !== i).slice(0, 8)), sourceState: 'omitted' as const, source: undefined } }));
    const one = packContext(header, items, render('gcf'), 3000, { rounds: 1 });
    const three = packContext(header, items, render('gcf'), 3000, { rounds: 3 });
    assert.ok(three.document.symbols.length > one.document.symbols.length, `${three.document.symbols.length} vs ${one.document.symbols.length}`);
    assert.ok(three.tokenCount <= 3000);
  });
});
