import * as assert from 'node:assert/strict';
import { DEFAULTS, relationCategory, relationsOf } from '../../src/context/relations';
import { symbolIndexOf } from '../../src/context/symbolIndex';
import { ContextGraph } from './contextGraph';

describe('context/relations', () => {
  it('sorts edges into callers, callees and types', () => {
    assert.equal(relationCategory({ edgeType: 'calls', direction: 'in' }, 'function'), 'callers');
    assert.equal(relationCategory({ edgeType: 'calls', direction: 'out' }, 'function'), 'callees');
    assert.equal(relationCategory({ edgeType: 'runtime_rpc', direction: 'out' }, 'function'), 'callees');
    assert.equal(relationCategory({ edgeType: 'runtime_calls', direction: 'in' }, 'function'), 'callers');
    assert.equal(relationCategory({ edgeType: 'implements', direction: 'in' }, 'type'), 'types');
    assert.equal(relationCategory({ edgeType: 'references', direction: 'out' }, 'interface'), 'types');
    assert.equal(relationCategory({ edgeType: 'references', direction: 'out' }, 'function'), undefined);
    assert.equal(relationCategory({ edgeType: 'references', direction: 'in' }, 'type'), undefined);
    assert.equal(relationCategory({ edgeType: 'imports', direction: 'out' }, 'module'), undefined);
    assert.equal(DEFAULTS.perCategory, 8);
  });

  it('lists a symbol\'s relations once each, without itself or placeholders', () => {
    const g = new ContextGraph();
    const f = g.node('m.f', { file: 'm.ts' });
    const caller = g.node('m.caller', { file: 'm.ts' });
    const callee = g.node('m.callee', { file: 'm.ts' });
    const shape = g.node('m.Shape', { kind: 'interface', file: 'm.ts' });
    const helper = g.node('m.helper', { file: 'm.ts' });
    g.edge(caller, f);
    g.edge(caller, f, 'calls', { provenance: 'lsp_resolved' });
    g.edge(caller, f, 'runtime_calls', { provenance: 'otel_trace' });
    g.edge(f, callee);
    g.edge(f, f);
    g.edge(f, shape, 'references');
    g.edge(f, helper, 'references');
    g.edge(f, g.node('UNRESOLVED/lib.x'));
    const { relations, more } = relationsOf(symbolIndexOf(g.view()), f, () => 0);
    assert.deepEqual(relations.map((r) => `${r.direction} ${r.edgeType} ${r.name.split('://')[1]}`), [
      'in calls m.caller', 'in runtime_calls m.caller', 'out calls m.callee', 'out references m.Shape',
    ]);
    assert.deepEqual(more, { callers: 0, callees: 0, types: 0 });
  });

  it('keeps the most relevant per list, then by name, and counts the rest', () => {
    const g = new ContextGraph();
    const f = g.node('m.f', { file: 'm.ts' });
    const callers = ['m.c1', 'm.c2', 'm.c3', 'm.c4'].map((n) => g.node(n, { file: 'm.ts' }));
    for (const c of callers) g.edge(c, f);
    const relevance = (hash: string) => (hash === callers[3].nodeHash ? 1 : 0);
    const { relations, more } = relationsOf(symbolIndexOf(g.view()), f, relevance, 2);
    assert.deepEqual(relations.map((r) => r.name.split('://')[1]), ['m.c4', 'm.c1']);
    assert.deepEqual(more, { callers: 2, callees: 0, types: 0 });
    assert.throws(() => relationsOf(symbolIndexOf(g.view()), f, relevance, -1), { message: 'context/relations: perCategory must be an integer >= 0' });
  });
});
