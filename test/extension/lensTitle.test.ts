import * as assert from 'node:assert/strict';
import { callersLensTitle } from '../../src/extension/lensTitle';

describe('extension/lensTitle', () => {
  it('counts callers, their call sites and observations, singular or plural', () => {
    assert.equal(callersLensTitle({ callers: 2, callSites: 5, observed: 0, runtimeData: true }), '2 callers · 5 call sites · 0 observed');
    assert.equal(callersLensTitle({ callers: 1, callSites: 1, observed: 3, runtimeData: true }), '1 caller · 1 call site · 3 observed');
    assert.equal(callersLensTitle({ callers: 0, callSites: 0, observed: 0 }), '0 callers · 0 call sites · 0 observed');
  });

  it('leaves "observed" off while the graph holds no runtime data', () => {
    assert.equal(callersLensTitle({ callers: 2, callSites: 5, observed: 0, runtimeData: false }), '2 callers · 5 call sites');
  });
});
