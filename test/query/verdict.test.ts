import * as assert from 'node:assert/strict';
import { type VerdictFacts, decideVerdict } from '../../src/query/verdict';

const NONE = { count: 0, observations: 0, lastObserved: 0 };
const facts = (over: Partial<VerdictFacts>): VerdictFacts => ({
  staticCallers: 0, layer: NONE, traffic: undefined, service: 'orders', serviceSentSpans: true, windowDays: 7, ...over,
});

describe('query/verdict: one verdict per symbol from static callers and traffic', () => {
  it('observed in production when calls were observed in the window, static callers or not', () => {
    const layer = { count: 2, observations: 14, lastObserved: 1_800_000_000 };
    for (const staticCallers of [0, 3]) {
      const verdict = decideVerdict(facts({ staticCallers, layer }));
      assert.equal(verdict.verdict, 'observed_in_production');
      assert.equal(verdict.text, 'observed in production (14 calls in the window)');
      assert.deepEqual(verdict.evidence, {
        static_callers: staticCallers, runtime_callers: 2, observations: 14, window_days: 7, last_observed: '2027-01-15T08:00:00.000Z',
        service: 'orders', service_sent_spans: true, runtime_status: 'observed',
      });
    }
    assert.equal(decideVerdict(facts({ layer: { count: 1, observations: 1, lastObserved: 1 } })).text, 'observed in production (1 call in the window)');
  });

  it('counts a symbol seen only calling out as observed', () => {
    const traffic = { status: 'observed', observations: 5, edges: 1, provenance: ['otel_trace'], confidence: 'low' } as const;
    const verdict = decideVerdict(facts({ traffic }));
    assert.deepEqual([verdict.verdict, verdict.evidence.observations], ['observed_in_production', 5]);
  });

  it('static callers only when code calls it and nothing was observed, whatever the runtime side says', () => {
    for (const [traffic, sent, status] of [
      [{ status: 'confirmed_zero', service: 'orders' }, true, 'confirmed_zero'],
      [{ status: 'unknown', service: 'orders' }, false, 'no_data'],
      [undefined, true, 'not_traced'],
      [undefined, null, 'no_runtime_store'],
    ] as const) {
      const verdict = decideVerdict(facts({ staticCallers: 2, traffic, serviceSentSpans: sent }));
      assert.deepEqual([verdict.verdict, verdict.text, verdict.evidence.runtime_status], ['static_callers_only', 'static callers only', status]);
    }
    // Runtime edges that saw nothing in the window are not traffic.
    const quiet = decideVerdict(facts({ staticCallers: 1, layer: { count: 1, observations: 0, lastObserved: 1_700_000_000 } }));
    assert.equal(quiet.verdict, 'static_callers_only');
  });

  it('safe to delete only with no static caller and confirmed zero traffic', () => {
    const handler = decideVerdict(facts({ traffic: { status: 'confirmed_zero', service: 'orders' } }));
    assert.deepEqual([handler.verdict, handler.text], ['safe_to_delete', 'no static callers and confirmed zero traffic → safe to delete']);
    assert.equal(handler.reason, '0 static callers; 0 runtime callers; orders has sent spans, none observed here in the last 7 days');
    // A handler whose runtime edges went quiet: traced, and zero in the window.
    const stale = decideVerdict(facts({
      traffic: { status: 'observed', observations: 0, edges: 1, provenance: ['otel_trace'], confidence: 'stale' },
      layer: { count: 1, observations: 0, lastObserved: 1_700_000_000 },
    }));
    assert.deepEqual([stale.verdict, stale.evidence.runtime_status], ['safe_to_delete', 'confirmed_zero']);
  });

  it('unknown when nothing calls it and runtime data cannot speak for it', () => {
    const never = decideVerdict(facts({ traffic: { status: 'unknown', service: 'inventory' }, service: 'inventory', serviceSentSpans: false }));
    assert.deepEqual([never.verdict, never.text, never.evidence.runtime_status], ['unknown', 'unknown: no runtime data for this service', 'no_data']);
    assert.match(never.reason, /inventory has never sent spans/);
    // A helper nothing calls, in a traced service: traffic enters only at handlers, so silence is no claim.
    const helper = decideVerdict(facts({}));
    assert.deepEqual([helper.verdict, helper.evidence.runtime_status], ['unknown', 'not_traced']);
    const noStore = decideVerdict(facts({ serviceSentSpans: null }));
    assert.deepEqual([noStore.verdict, noStore.evidence.runtime_status, noStore.evidence.service_sent_spans], ['unknown', 'no_runtime_store', null]);
  });
});
