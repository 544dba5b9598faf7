import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { EnrichTarget } from '../../src/enrich/enricher';
import type { LocationOracle } from '../../src/enrich/oracle';
import { TsServerOracle } from '../../src/enrich/tsserverOracle';
import { EnrichmentScheduler } from '../../src/server/enrichmentScheduler';
import { PROBE_POLICY } from '../../src/server/probeVerdict';
import { GraphService } from '../../src/server/graphService';
import { gitRepo } from '../helpers/gitRepo';
import { defaultSettings } from '../helpers/serverSettings';
import { nodeNames } from '../helpers/indexFixture';
import { makeTempDir } from '../helpers/tempDir';

const FIXTURE = path.join(__dirname, '..', 'fixtures', 'workspaces', 'ts-app');

function fixtureFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else files[path.relative(FIXTURE, full)] = fs.readFileSync(full, 'utf8');
    }
  };
  walk(FIXTURE);
  // A non-call use of helper in another file: enrichment adds a references edge owned here.
  files['src/table.ts'] = "import { helper } from './util';\nexport const handlers = [helper];\n";
  return files;
}

/** Counts the queries an oracle is asked; `failFirst` answers null to that many requests first. */
class Counting implements LocationOracle {
  requests = 0;
  queries = 0;
  constructor(private readonly inner: LocationOracle, private failFirst = 0) {}
  async locations(...args: Parameters<LocationOracle['locations']>): ReturnType<LocationOracle['locations']> {
    this.requests++;
    this.queries += args[1].length;
    if (this.failFirst > 0) {
      this.failFirst--;
      return args[1].map(() => null);
    }
    return this.inner.locations(...args);
  }
}

const GO_FILES: Record<string, string> = {
  'go.mod': 'module example.com/tools\n\ngo 1.21\n',
  'tools/main.go': 'package main\n\nfunc helperGo() int { return 1 }\n\nfunc main() { helperGo() }\n',
  'tools/util.go': 'package main\n\nfunc other() int { return helperGo() }\n',
};

/**
 * The editor with no Go extension: VS Code answers an empty list at once for a document of
 * a language with no definition provider; TypeScript documents go to the real tsserver.
 */
class NoGoProvider implements LocationOracle {
  goQueries = 0;
  goRequestsBesidesDefinition = 0;
  constructor(private readonly typescript: LocationOracle) {}
  async locations(...[kind, queries, signal]: Parameters<LocationOracle['locations']>): ReturnType<LocationOracle['locations']> {
    const isGo = (q: { path: string }): boolean => q.path.endsWith('.go');
    const go = queries.filter(isGo).length;
    this.goQueries += go;
    if (go > 0 && kind !== 'definition') this.goRequestsBesidesDefinition++;
    const others = await this.typescript.locations(kind, queries.filter((q) => !isGo(q)), signal);
    let next = 0;
    return queries.map((q) => (isGo(q) ? [] : others[next++]));
  }
}

interface App {
  readonly root: string;
  readonly service: GraphService;
  readonly scheduler: EnrichmentScheduler;
  readonly oracle: Counting;
  readonly logs: string[];
  /** Paths each index write asked to enrich. */
  readonly targets: string[][];
  edges(type: string): Promise<string[]>;
}

let tsserver: TsServerOracle | undefined;
const services: GraphService[] = [];
const schedulers: EnrichmentScheduler[] = [];

/**
 * The graph server's enrichment path with a real TypeScript service answering (tsserver,
 * what VS Code runs): index writes say which files to enrich, the scheduler asks, the
 * answers land as lsp_resolved edges.
 */
async function app(options: {
  failFirst?: number; oracle?: LocationOracle; probeOracle?: LocationOracle; retryDelaysMs?: number[]; files?: Record<string, string>;
} = {}): Promise<App> {
  const root = gitRepo({ ...fixtureFiles(), ...options.files });
  tsserver ??= new TsServerOracle({ timeoutMs: 60_000 });
  const logs: string[] = [];
  const service = await GraphService.open(makeTempDir('ckg-storage-'), (m) => logs.push(m));
  const oracle = new Counting(options.oracle ?? tsserver, options.failFirst);
  // Probes go to the same oracle unless a test makes the file queries fail on purpose:
  // those tests are about files of a language whose server answered its probe.
  const probeOracle = options.probeOracle ?? (options.failFirst || options.oracle ? new Counting(tsserver) : oracle);
  const scheduler = new EnrichmentScheduler(service, oracle, defaultSettings().enrichment, (m) => logs.push(m), options.retryDelaysMs ?? [20, 20, 20],
    { oracle: probeOracle, policy: { ...PROBE_POLICY, delaysMs: [20, 20, 20] } });
  services.push(service);
  schedulers.push(scheduler);
  const targets: string[][] = [];
  service.onIndexed((list: EnrichTarget[]) => {
    targets.push(list.map((t) => t.path).sort());
    scheduler.schedule(list);
  });
  await service.index({ repoPath: root });
  await scheduler.idle();
  const store = service.store();
  return {
    root, service, scheduler, oracle, logs, targets,
    edges: async (type) => {
      const name = await nodeNames(store);
      return (await store.liveEdges({ edgeType: type as never })).map((e) => `${name(e.sourceHash)} -> ${name(e.targetHash)} ${e.provenance}`).sort();
    },
  };
}

async function save(a: App, file: string, text: string): Promise<void> {
  fs.writeFileSync(path.join(a.root, file), text);
  await a.service.reindexFiles(a.root, [file]);
  await a.scheduler.idle();
}

describe('server enrichment with a real TypeScript service', function () {
  this.timeout(180_000);
  before(async () => {
    tsserver = new TsServerOracle({ timeoutMs: 60_000 });
    assert.ok(await tsserver.warmUp(path.join(FIXTURE, 'src', 'main.ts'), 120_000), 'tsserver loads a project');
  });
  afterEach(async () => {
    for (const scheduler of schedulers.splice(0)) scheduler.dispose();
    for (const service of services.splice(0)) await service.close();
  });
  after(async () => {
    await tsserver?.close();
  });

  it('an index run enriches what it wrote: calls confirmed, the call only the language server links added, references added', async () => {
    const a = await app();
    assert.deepEqual(a.targets[0], ['src/main.ts', 'src/routes.ts', 'src/service.ts', 'src/table.ts', 'src/util.ts']);
    const calls = await a.edges('calls');
    for (const edge of ['src/main.main -> src/service.Service.run lsp_resolved', 'src/util.format -> src/util.helper lsp_resolved',
      'src/service.Service.run -> src/util.helper lsp_resolved', 'src/main.main -> src/service.makeService lsp_resolved']) {
      assert.ok(calls.includes(edge), `${edge} in\n${calls.join('\n')}`);
    }
    assert.ok(!calls.some((e) => e.startsWith('src/util.format -> src/util.helper ast_inferred')), 'a confirmed edge is replaced, not doubled');
    assert.ok((await a.edges('references')).includes('src/table.handlers -> src/util.helper lsp_resolved'), (await a.edges('references')).join('\n'));
    assert.deepEqual(await a.edges('implements'), ['src/service.Service -> src/service.Runner lsp_resolved']);
  });

  it('a save that re-links a caller enriches the caller again: its lsp_resolved edges come back', async () => {
    const a = await app();
    const before = (await a.edges('calls')).filter((e) => e.startsWith('src/service.'));
    assert.ok(before.length > 0 && before.every((e) => e.endsWith('lsp_resolved')), before.join('\n'));
    // A new export changes util.ts's surface: service.ts, which calls into it, is re-linked
    // (its edges rebuilt by the static pass) although its own text did not change.
    await save(a, 'src/util.ts', `${fs.readFileSync(path.join(a.root, 'src/util.ts'), 'utf8')}export function extra(): number { return 1; }\n`);
    assert.ok(a.targets.at(-1)!.includes('src/service.ts'), `the re-linked caller is queued: ${a.targets.at(-1)}`);
    assert.deepEqual((await a.edges('calls')).filter((e) => e.startsWith('src/service.')), before);
  });

  it('re-indexing a file that holds references into another file enriches that other file, so the references come back', async () => {
    const a = await app();
    const reference = 'src/table.handlers -> src/util.helper lsp_resolved';
    assert.ok((await a.edges('references')).includes(reference));
    await save(a, 'src/table.ts', `// moved down a line\n${fs.readFileSync(path.join(a.root, 'src/table.ts'), 'utf8')}`);
    assert.deepEqual(a.targets.at(-1), ['src/table.ts', 'src/util.ts'], 'the file whose reference query made the edge is queued');
    assert.ok((await a.edges('references')).includes(reference), (await a.edges('references')).join('\n'));
    const edge = (await a.service.store().liveEdges({ edgeType: 'references' })).find((e) => e.callSiteFile === 'src/table.ts');
    assert.equal(edge?.callSiteLine, 3, 'at the use\'s new line');
  });

  it('asks again when the language server gave no answers yet (still loading), and gives up after the last retry', async () => {
    const a = await app({ failFirst: 2 });
    assert.ok(a.logs.some((m) => /left \d+ files? unanswered \(still loading\?\); asking again/.test(m)), a.logs.join('\n'));
    await waitFor(async () => (await a.edges('calls')).includes('src/main.main -> src/service.Service.run lsp_resolved'));
    assert.equal(a.scheduler.retrying, 0);

    const silent: LocationOracle = { locations: async (_kind, queries) => queries.map(() => null) };
    const b = await app({ oracle: silent, retryDelaysMs: [10, 10] });
    await waitFor(() => b.logs.some((m) => m.includes('after 2 retries')));
    assert.equal(b.logs.filter((m) => m.startsWith('enrichment of')).length, 3, 'the first run and two retries');
    assert.ok((await b.edges('calls')).every((e) => e.endsWith('ast_inferred')));
    assert.equal(b.scheduler.retrying, 0);
  });

  it('a workspace with TypeScript and Go and no Go server: TypeScript is enriched, Go is probed, skipped with one line, never asked again', async () => {
    const editor = new NoGoProvider(tsserver!);
    const a = await app({ oracle: editor, probeOracle: editor, files: GO_FILES });
    assert.ok((await a.edges('calls')).includes('src/main.main -> src/service.Service.run lsp_resolved'), 'TypeScript enriched');
    assert.deepEqual(a.scheduler.withoutServer(), [{ language: 'go', files: 2, hint: 'Go: the Go extension (with gopls)' }]);
    const said = a.logs.filter((m) => m.startsWith('enrichment: no language server answers'));
    assert.deepEqual(said, ['enrichment: no language server answers for go (2 files keep their static edges); '
      + 'install one (Go: the Go extension (with gopls)) and enrichment asks it as soon as the extension is active']);
    // Only the probe's definition queries reached Go files: at most maxEmpty probes of `sites` declarations.
    const probeQueries = editor.goQueries;
    assert.ok(probeQueries > 0 && probeQueries <= PROBE_POLICY.maxEmpty * PROBE_POLICY.sites, `${probeQueries} queries for Go files`);
    assert.equal(editor.goRequestsBesidesDefinition, 0, 'no implementation or reference queries for Go');
    assert.ok(!a.logs.some((m) => /still loading|after \d+ retries/.test(m)), a.logs.join('\n'));
    assert.equal(a.scheduler.retrying, 0);
    // A save of a Go file is not asked about, and not said again.
    await save(a, 'tools/main.go', `${GO_FILES['tools/main.go']}\nfunc extra() int { return helperGo() }\n`);
    assert.equal(editor.goQueries, probeQueries);
    assert.equal(a.logs.filter((m) => m.startsWith('enrichment: no language server answers')).length, 1);
    // The editor's extensions changed: Go is probed once more, and still has no server.
    a.scheduler.extensionsChanged();
    await a.scheduler.idle();
    assert.ok(editor.goQueries > probeQueries && editor.goQueries <= 2 * probeQueries, `${editor.goQueries} queries after the re-probe`);
  });

  it('skips a file whose bytes on disk are not the indexed ones (the language server would answer about other text)', async () => {
    const a = await app();
    const asked = a.oracle.queries;
    fs.appendFileSync(path.join(a.root, 'src/util.ts'), '// not indexed yet\n');
    a.scheduler.schedule([{ repoHash: (await a.service.store().repos())[0].repoHash, path: 'src/util.ts' }]);
    const report = await a.scheduler.idle();
    assert.equal(a.oracle.queries, asked, 'nothing asked');
    assert.ok(report.skippedFiles >= 1);
  });
});

async function waitFor(probe: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}
