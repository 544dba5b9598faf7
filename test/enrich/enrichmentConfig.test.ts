import * as assert from 'node:assert/strict';
import { ENRICHMENT_DEFAULTS } from '../../src/enrich/enrichmentConfig';
import { parseConfig } from '../../src/runtime/config';

const parse = (text: string) => parseConfig(text, 'ckg.config.yaml').enrichment;

describe('enrich/enrichmentConfig (the enrichment section of ckg.config.yaml)', () => {
  it('defaults to off with a ten-minute budget, and reads every key', () => {
    assert.deepEqual(parse('mcp: { http: 127.0.0.1:7420 }\n'), ENRICHMENT_DEFAULTS);
    assert.equal(ENRICHMENT_DEFAULTS.budgetMs, 600_000);
    assert.deepEqual(parse('enrichment:\n  enabled: true\n  budget: 90s\n  timeout: 2s\n  servers:\n    gopls: { command: /opt/gopls, args: [serve] }\n    pyright: false\n'), {
      enabled: true, budgetMs: 90_000, timeoutMs: 2000, servers: { gopls: { command: '/opt/gopls', args: ['serve'] }, pyright: false },
    });
  });

  it('refuses a bad value naming the key and what was expected', () => {
    assert.throws(() => parse('enrichment: { enabled: yes please }'), /enrichment.enabled "yes please": expected true or false/);
    assert.throws(() => parse('enrichment: { budget: forever }'), /enrichment.budget "forever": expected a positive duration/);
    assert.throws(() => parse('enrichment: { servers: { gopls: { command: "" } } }'), /enrichment.servers.gopls.command: expected the server's executable/);
    assert.throws(() => parse('enrichment: { servers: { gopls: { command: gopls, args: serve } } }'), /enrichment.servers.gopls.args: expected a list of strings/);
    assert.throws(() => parse('enrichment: { servers: { clangd: false } }'), /unknown key enrichment.servers.clangd/);
    assert.throws(() => parse('enrichment: { budgets: 1 }'), /unknown key enrichment.budgets \(expected one of: enrichment.enabled, /);
  });
});
