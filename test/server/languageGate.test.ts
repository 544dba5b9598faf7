import * as assert from 'node:assert/strict';
import type { EnrichTarget } from '../../src/enrich/enricher';
import type { LocationAnswers, LocationOracle, SourceLocation } from '../../src/enrich/oracle';
import { GraphService } from '../../src/server/graphService';
import { LanguageGate } from '../../src/server/languageGate';
import { PROBE_POLICY } from '../../src/server/probeVerdict';
import { gitRepo } from '../helpers/gitRepo';
import { makeTempDir } from '../helpers/tempDir';

const FILES: Record<string, string> = {
  'go.mod': 'module example.com/tools\n\ngo 1.21\n',
  'tools/main.go': 'package main\n\nfunc helperGo() int { return 1 }\n\nfunc main() { helperGo() }\n',
  'tools/util.go': 'package main\n\nfunc other() int { return helperGo() }\n',
  'app/models.py': 'def make():\n    return 1\n',
  'app/main.py': 'from app.models import make\n\ndef run():\n    return make()\n',
};

type Answer = 'location' | 'empty' | 'null';

/**
 * A table oracle: each language answers its probes from a list (the last entry repeats);
 * every query a probe sends is counted per language.
 */
class TableOracle implements LocationOracle {
  readonly asked = new Map<string, number>();
  readonly probes = new Map<string, number>();
  constructor(public table: Record<string, Answer[]>) {}
  async locations(_kind: string, queries: readonly SourceLocation[]): Promise<LocationAnswers> {
    const language = queries[0].path.endsWith('.go') ? 'go' : 'python';
    const made = this.probes.get(language) ?? 0;
    this.probes.set(language, made + 1);
    this.asked.set(language, (this.asked.get(language) ?? 0) + queries.length);
    const answers = this.table[language];
    const answer = answers[Math.min(made, answers.length - 1)];
    return queries.map((q) => (answer === 'location' ? [q] : answer === 'empty' ? [] : null));
  }
}

const services: GraphService[] = [];
const gates: LanguageGate[] = [];

async function setUp(table: Record<string, Answer[]>) {
  const root = gitRepo(FILES);
  const service = await GraphService.open(makeTempDir('ckg-storage-'), () => undefined);
  services.push(service);
  await service.index({ repoPath: root });
  const repoHash = (await service.store().repos())[0].repoHash;
  const oracle = new TableOracle(table);
  const released: string[] = [];
  const logs: string[] = [];
  const gate = new LanguageGate(() => service.store(), oracle, (targets) => released.push(...targets.map((t) => t.path)), (m) => logs.push(m),
    { ...PROBE_POLICY, delaysMs: [5, 5, 5] });
  gates.push(gate);
  const target = (path: string): EnrichTarget => ({ repoHash, path });
  const all = Object.keys(FILES).map(target);
  return { gate, oracle, released, logs, target, all };
}

describe('server/LanguageGate: files are asked only in languages whose server answered a probe', () => {
  afterEach(async () => {
    for (const gate of gates.splice(0)) gate.reset();
    for (const service of services.splice(0)) await service.close();
  });

  it('holds a language\'s files for its probe and releases them when it answers; later files pass with no new probe', async () => {
    const s = await setUp({ go: ['location'], python: ['location'] });
    assert.deepEqual(s.gate.admit(s.all).map((t) => t.path), ['go.mod'], 'a file of no known language passes unprobed');
    await s.gate.settled();
    assert.deepEqual(s.released.sort(), ['app/main.py', 'app/models.py', 'tools/main.go', 'tools/util.go']);
    assert.deepEqual(s.gate.admit([s.target('tools/util.go')]).map((t) => t.path), ['tools/util.go']);
    assert.deepEqual(Object.fromEntries(s.oracle.probes), { go: 1, python: 1 });
    assert.deepEqual(s.gate.withoutServer(), []);
    assert.deepEqual(s.logs, []);
  });

  it('a language with no provider (empty answers) is concluded after maxEmpty probes, said once with the hint, and never asked again', async () => {
    const s = await setUp({ go: ['empty'], python: ['location'] });
    s.gate.admit(s.all);
    await s.gate.settled();
    assert.equal(s.oracle.probes.get('go'), PROBE_POLICY.maxEmpty);
    assert.ok((s.oracle.asked.get('go') ?? 0) <= PROBE_POLICY.maxEmpty * PROBE_POLICY.sites);
    assert.deepEqual(s.released.sort(), ['app/main.py', 'app/models.py']);
    assert.deepEqual(s.gate.withoutServer(), [{ language: 'go', files: 2, hint: 'Go: the Go extension (with gopls)' }]);
    assert.deepEqual(s.logs, ['enrichment: no language server answers for go (2 files keep their static edges); '
      + 'install one (Go: the Go extension (with gopls)) and enrichment asks it as soon as the extension is active']);
    // A save of a Go file: not asked, not probed, not said again.
    assert.deepEqual(s.gate.admit([s.target('tools/main.go')]), []);
    await s.gate.settled();
    assert.equal(s.oracle.probes.get('go'), PROBE_POLICY.maxEmpty);
    assert.equal(s.logs.length, 1);
  });

  it('a server still loading (no answer) is probed again after each delay, a bounded number of times', async () => {
    const loading = await setUp({ go: ['null', 'null', 'location'], python: ['location'] });
    loading.gate.admit(loading.all);
    await loading.gate.settled();
    assert.equal(loading.oracle.probes.get('go'), 3);
    assert.ok(loading.released.includes('tools/main.go'));

    const silent = await setUp({ go: ['null'], python: ['location'] });
    silent.gate.admit(silent.all);
    await silent.gate.settled();
    assert.equal(silent.oracle.probes.get('go'), 4, 'one probe, then one after each of the three delays');
    assert.deepEqual(silent.gate.withoutServer().map((l) => l.language), ['go']);
  });

  it('languages concluded together share one line', async () => {
    const s = await setUp({ go: ['empty'], python: ['empty'] });
    s.gate.admit(s.all);
    await s.gate.settled();
    assert.equal(s.logs.length, 1, s.logs.join('\n'));
    assert.equal(s.logs[0], 'enrichment: no language server answers for go, python (4 files keep their static edges); '
      + 'install one (Go: the Go extension (with gopls); Python: the Python extension (Pylance)) and enrichment asks it as soon as the extension is active');
  });

  it('reprobe (settings or extensions changed) asks a language with no server again; a server found then gets its files', async () => {
    const s = await setUp({ go: ['empty'], python: ['location'] });
    s.gate.admit(s.all);
    await s.gate.settled();
    assert.ok(!s.released.includes('tools/main.go'));
    s.oracle.table = { go: ['location'], python: ['location'] };
    s.gate.reprobe();
    await s.gate.settled();
    assert.equal(s.oracle.probes.get('go'), PROBE_POLICY.maxEmpty + 1);
    assert.equal(s.oracle.probes.get('python'), 1, 'a language that answered is not probed again');
    assert.ok(s.released.includes('tools/main.go') && s.released.includes('tools/util.go'));
    assert.deepEqual(s.gate.withoutServer(), []);
  });
});
