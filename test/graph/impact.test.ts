import * as assert from 'node:assert/strict';
import { IMPACT_DEFAULTS, type RiskFacts, prImpact, riskLevel } from '../../src/graph/impact';
import { GraphBuilder } from '../helpers/graphBuilder';

const local = (qn: string): string => qn.split('://')[1]!;

function base(crossRepo: boolean): GraphBuilder {
  const g = new GraphBuilder('example.com/app');
  g.node('pkg', { kind: 'module', file: 'pkg/a.go' });
  for (const name of ['Rm', 'Sig', 'Mod', 'Same', 'C1', 'C2', 'C3', 'C4']) g.node(`pkg.${name}`, { file: 'pkg/a.go' });
  g.calls('pkg.C1', 'pkg.Rm').calls('pkg.C2', 'pkg.Sig').calls('pkg.C3', 'pkg.Mod').calls('pkg.C4', 'pkg.C3');
  if (crossRepo) g.calls('other.com/x://m.Use', 'pkg.Sig');
  return g;
}

function head(crossRepo: boolean): GraphBuilder {
  const g = new GraphBuilder('example.com/app');
  g.node('pkg', { kind: 'module', file: 'pkg/a.go', bodyHash: 'every edit changes the module' });
  for (const name of ['Same', 'C1', 'C2', 'C3', 'C4']) g.node(`pkg.${name}`, { file: 'pkg/a.go' });
  g.node('pkg.Sig', { file: 'pkg/a.go', signature: 'func Sig(n int)', bodyHash: 'new body too' });
  g.node('pkg.Mod', { file: 'pkg/a.go', bodyHash: 'new body' });
  g.node('pkg.Add', { file: 'pkg/b.go' });
  g.calls('pkg.C2', 'pkg.Sig').calls('pkg.C3', 'pkg.Mod').calls('pkg.C4', 'pkg.C3').calls('pkg.Add', 'pkg.Same')
    .calls('pkg.C1', 'UNRESOLVED/pkg.Rm');
  if (crossRepo) g.calls('other.com/x://m.Use', 'pkg.Sig');
  return g;
}

describe('graph/impact', () => {
  it('classifies changed symbols and walks their callers and callees', () => {
    const result = prImpact(base(true).build(), head(true).build());
    assert.deepEqual(result.changed.map((c) => ({
      name: local(c.node.qualifiedName), type: c.changeType,
      callers: c.callers.map((r) => `${r.depth}:${local(r.node.qualifiedName)}`), callees: c.callees.map((r) => local(r.node.qualifiedName)),
    })), [
      { name: 'pkg.Add', type: 'added', callers: [], callees: ['pkg.Same'] },
      // C1's call to Rm now dangles: its outgoing edges changed.
      { name: 'pkg.C1', type: 'modified', callers: [], callees: ['UNRESOLVED/pkg.Rm'] },
      { name: 'pkg.Mod', type: 'modified', callers: ['1:pkg.C3', '2:pkg.C4'], callees: [] },
      { name: 'pkg.Rm', type: 'removed', callers: ['1:pkg.C1'], callees: [] },
      { name: 'pkg.Sig', type: 'signature_changed', callers: ['1:pkg.C2', '1:m.Use'], callees: [] },
    ], 'module nodes and unresolved placeholders are not changed symbols; removed ones are read in the base');
    assert.deepEqual(result.affectedEdges.map((a) => `${local(a.source.qualifiedName)}>${local(a.target.qualifiedName)}`),
      ['pkg.C1>pkg.Rm', 'pkg.C2>pkg.Sig', 'pkg.C3>pkg.Mod', 'm.Use>pkg.Sig']);
    assert.equal(result.calleesAffected, 2);
    assert.deepEqual(result.facts, { callersAffected: 5, crossRepoRepos: 1, breakingCallers: 3, breakingCrossRepoCallers: 1 });
    assert.equal(result.risk, 'critical', 'a breaking change reaches another repository');
  });

  it('rates the same change medium without the cross-repository caller', () => {
    const result = prImpact(base(false).build(), head(false).build());
    assert.deepEqual(result.facts, { callersAffected: 4, crossRepoRepos: 0, breakingCallers: 2, breakingCrossRepoCallers: 0 });
    assert.equal(result.risk, 'medium');
  });

  it('limits the caller walk to callerDepth and the callees to calleeDepth', () => {
    const result = prImpact(base(false).build(), head(false).build(), { callerDepth: 1, calleeDepth: 2 });
    assert.deepEqual(result.changed.find((c) => local(c.node.qualifiedName) === 'pkg.Mod')!.callers.map((r) => local(r.node.qualifiedName)), ['pkg.C3']);
  });

  it('rates risk by the documented thresholds', () => {
    const facts = (f: Partial<RiskFacts>): RiskFacts => ({ callersAffected: 0, crossRepoRepos: 0, breakingCallers: 0, breakingCrossRepoCallers: 0, ...f });
    const cases: [Partial<RiskFacts>, string][] = [
      [{}, 'low'], [{ callersAffected: 4 }, 'low'],
      [{ callersAffected: 5 }, 'medium'], [{ breakingCallers: 1, callersAffected: 1 }, 'medium'],
      [{ callersAffected: 25 }, 'high'], [{ crossRepoRepos: 1, callersAffected: 1 }, 'high'], [{ breakingCallers: 5, callersAffected: 5 }, 'high'],
      [{ callersAffected: 100 }, 'critical'], [{ crossRepoRepos: 3, callersAffected: 3 }, 'critical'],
      [{ breakingCrossRepoCallers: 1, breakingCallers: 1, crossRepoRepos: 1, callersAffected: 1 }, 'critical'],
    ];
    for (const [input, expected] of cases) assert.equal(riskLevel(facts(input)), expected, JSON.stringify(input));
    assert.equal(riskLevel(facts({ callersAffected: 2 }), { ...IMPACT_DEFAULTS.risk, mediumCallers: 2 }), 'medium');
  });

  it('takes threshold overrides', () => {
    const result = prImpact(base(false).build(), head(false).build(), { risk: { mediumBreakingCallers: 3, mediumCallers: 10 } });
    assert.equal(result.risk, 'low');
  });

  it('finds nothing to rate between equal views', () => {
    const result = prImpact(base(true).build(), base(true).build());
    assert.deepEqual([result.changed.length, result.affectedEdges.length, result.risk], [0, 0, 'low']);
  });

  it('rejects bad options, naming the module', () => {
    const view = base(false).build();
    assert.throws(() => prImpact(view, view, { callerDepth: 0 }), /graph\/impact: callerDepth must be a positive integer/);
    assert.throws(() => prImpact(view, view, { calleeDepth: 2.5 }), /graph\/impact: calleeDepth must be a positive integer/);
    assert.throws(() => prImpact(view, view, { risk: { highCallers: 0 } }), /graph\/impact: risk.highCallers must be a positive integer/);
    assert.throws(() => prImpact(view, view, { repoHash: 'x' }), /graph\/snapshotDiff: repoHash/);
  });
});
