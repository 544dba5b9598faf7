import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { Language, Parser, Query, type Tree } from 'web-tree-sitter';
import { Assets } from '../../src/assets';
import { meteredMatches } from '../../src/extract/meteredQuery';
import { initTreeSitter } from '../../src/extract/treeSitterRuntime';
import { extractFileMetered } from '../../src/extract/parser';
import {
  BudgetExceeded, DEFAULT_WORK_BUDGET, SKIP_OVER_TIME_BUDGET, SKIP_OVER_WORK_BUDGET, WorkMeter, workBudget,
} from '../../src/extract/workBudget';

describe('extract/workBudget', () => {
  it('fills a partial budget from the default and names a bad value', () => {
    assert.deepEqual(workBudget({ milliseconds: undefined, workUnits: 7 }), { milliseconds: DEFAULT_WORK_BUDGET.milliseconds, workUnits: 7 });
    assert.throws(() => workBudget({ milliseconds: -1 }), /extract\/workBudget: milliseconds must be a number >= 0/);
    assert.throws(() => workBudget({ workUnits: 0 }), /extract\/workBudget: workUnits must be > 0/);
  });

  it('refuses a charge over the work budget without making it', () => {
    const meter = new WorkMeter({ milliseconds: 0, workUnits: 100 });
    meter.spend(60, 'parse');
    assert.throws(() => meter.spend(50, 'query'), (e: unknown) => e instanceof BudgetExceeded && e.reason === SKIP_OVER_WORK_BUDGET && /query/.test(e.message));
    assert.equal(meter.units, 60);
  });

  it('gives tree-sitter a progress callback that spends per call, cancels once over and is thrown once', () => {
    const meter = new WorkMeter({ milliseconds: 0, workUnits: 250 });
    const callback = meter.progressCallback(100, 'query');
    assert.deepEqual([callback(), callback(), callback(), callback()], [false, false, true, true]);
    assert.equal(meter.units, 200);
    assert.throws(() => meter.throwIfCancelled(), (e: unknown) => e instanceof BudgetExceeded && e.reason === SKIP_OVER_WORK_BUDGET && /query/.test(e.message));
    assert.doesNotThrow(() => meter.throwIfCancelled());
  });

  it('stops on the time budget by the clock it is given', () => {
    let now = 0;
    const meter = new WorkMeter({ milliseconds: 10, workUnits: 1e9 }, () => now);
    meter.spend(1, 'parse');
    now = 11;
    assert.throws(() => meter.checkTime('extract'), (e: unknown) => e instanceof BudgetExceeded && e.reason === SKIP_OVER_TIME_BUDGET);
  });
});

describe('extract/parser within a budget', () => {
  it('cuts off 100 KB of ( before the query, in every tree-sitter language, within the work units', async () => {
    for (const path of ['a.go', 'a.ts', 'a.tsx', 'a.py', 'a.tf', 'A.java', 'a.rs', 'a.cs']) {
      const result = await extractFileMetered(path, '('.repeat(100_000), { milliseconds: 0, workUnits: 5_000_000 });
      assert.equal(result?.facts.skipReason, SKIP_OVER_WORK_BUDGET, path);
      assert.ok(result!.workUnits <= 5_000_000, `${path}: ${result!.workUnits}`);
    }
  });

  it('cuts off a TypeScript chain 20,000 calls deep by work units, with no clock, where its query would be quadratic', async () => {
    const result = await extractFileMetered('chain.ts', `x${'.b()'.repeat(20_000)};\n`, { milliseconds: 0, workUnits: DEFAULT_WORK_BUDGET.workUnits });
    assert.equal(result?.facts.skipReason, SKIP_OVER_WORK_BUDGET);
  });

  it('spends the same units on the same file every time, and keeps its facts under budget', async () => {
    const source = 'package pkg\n\nfunc F(a int) int { return G(a) + 1 }\n\nfunc G(a int) int { return a }\n';
    const first = await extractFileMetered('f.go', source);
    const second = await extractFileMetered('f.go', source);
    assert.equal(first!.facts.skipReason, undefined);
    assert.equal(first!.facts.symbols.length, 2);
    assert.ok(first!.workUnits > 0);
    assert.equal(first!.workUnits, second!.workUnits);
  });

  it('charges a text tokenizer its length', async () => {
    const sql = 'CREATE TABLE t (id INT);\n'.repeat(100);
    assert.equal((await extractFileMetered('q.sql', sql, { milliseconds: 0, workUnits: sql.length - 1 }))?.facts.skipReason, SKIP_OVER_WORK_BUDGET);
    assert.equal((await extractFileMetered('q.sql', sql, { milliseconds: 0, workUnits: sql.length * 2 }))?.facts.skipReason, undefined);
  });
});

describe('extract/meteredQuery', () => {
  let parser: Parser;
  let query: Query;
  /** 2,000 calls: a query long enough to call its progress callback many times. */
  const source = `package p\n\nfunc F() {\n${'\tg()\n'.repeat(2000)}}\n`;

  before(async () => {
    await initTreeSitter();
    const language = await Language.load(Assets.grammar('tree-sitter-go.wasm'));
    parser = new Parser();
    parser.setLanguage(language);
    query = new Query(language, fs.readFileSync(Assets.queries('go'), 'utf8'));
  });

  function run(tree: Tree, workUnits: number): { meter: WorkMeter; result: () => ReturnType<typeof meteredMatches> } {
    const meter = new WorkMeter({ milliseconds: 0, workUnits });
    return { meter, result: () => meteredMatches({ tree, query, source, path: 'p.go', language: 'go', work: meter }) };
  }

  it('charges the query as it runs and a unit per capture before any is interpreted', () => {
    const tree = parser.parse(source)!;
    try {
      const { meter, result } = run(tree, 1e9);
      const captures = result().reduce((n, m) => n + m.captures.length, 0);
      assert.ok(captures >= 4000, `${captures} captures`);
      assert.ok(meter.units > captures, `the query's steps are charged too: ${meter.units} units for ${captures} captures`);
      // A budget the query fits but its captures do not: cut off before interpretation.
      const short = run(tree, meter.units - 1);
      assert.throws(short.result, (e: unknown) => e instanceof BudgetExceeded && e.reason === SKIP_OVER_WORK_BUDGET && /extract:/.test(e.message));
      assert.equal(short.meter.units, meter.units - captures);
    } finally {
      tree.delete();
    }
  });

  it('cancels the query itself once its steps go over the budget', () => {
    const tree = parser.parse(source)!;
    try {
      const { meter, result } = run(tree, 1000);
      assert.throws(result, (e: unknown) => e instanceof BudgetExceeded && e.reason === SKIP_OVER_WORK_BUDGET && /query:/.test(e.message));
      assert.ok(meter.units <= 1000);
      // The cursor starts afresh: the same query runs whole on the next call.
      assert.ok(run(tree, 1e9).result().length > 2000);
    } finally {
      tree.delete();
    }
  });
});
