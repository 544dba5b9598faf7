import * as assert from 'node:assert/strict';
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
