import * as assert from 'node:assert/strict';
import type { LocationAnswers } from '../../src/enrich/oracle';
import { PROBE_POLICY, type ProbeTally, judgeProbe } from '../../src/server/probeVerdict';

const at = { path: '/w/a.go', line: 3, character: 5 };
const policy = { ...PROBE_POLICY, delaysMs: [100, 200, 300], maxEmpty: 2 };

describe('server/probeVerdict', () => {
  const table: Array<[string, ProbeTally, LocationAnswers, string]> = [
    ['a location answers', { probes: 0, empty: 0 }, [[at]], 'answers 1/0'],
    ['one location among empty and null answers', { probes: 2, empty: 1 }, [null, [], [at]], 'answers 3/1'],
    ['a first empty answer: once more after the first delay', { probes: 0, empty: 0 }, [[], []], 'again 1/1 100'],
    ['a second empty answer: no server', { probes: 1, empty: 1 }, [[]], 'none 2/2'],
    ['no answer (loading?): again after the delay of that probe', { probes: 1, empty: 0 }, [null, null], 'again 2/0 200'],
    ['a mix of null and empty counts as no answer', { probes: 0, empty: 0 }, [null, []], 'again 1/0 100'],
    ['no answer after the last delay: no server', { probes: 3, empty: 0 }, [null], 'none 4/0'],
    ['nothing asked counts as no answer', { probes: 0, empty: 0 }, [], 'again 1/0 100'],
  ];
  for (const [title, before, answers, expected] of table) {
    it(title, () => {
      const verdict = judgeProbe(before, answers, policy);
      const shown = `${verdict.kind} ${verdict.tally.probes}/${verdict.tally.empty}${verdict.kind === 'again' ? ` ${verdict.delayMs}` : ''}`;
      assert.equal(shown, expected);
    });
  }

  it('bounds the probes of a language whose server never answers by the policy, in counts', () => {
    let tally: ProbeTally = { probes: 0, empty: 0 };
    for (;;) {
      const verdict = judgeProbe(tally, [null, null, null]);
      tally = verdict.tally;
      if (verdict.kind !== 'again') {
        assert.equal(verdict.kind, 'none');
        break;
      }
    }
    assert.equal(tally.probes, PROBE_POLICY.delaysMs.length + 1);
  });
});
