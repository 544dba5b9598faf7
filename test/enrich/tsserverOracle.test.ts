import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { TsServerOracle } from '../../src/enrich/tsserverOracle';
import { copyWorkspace } from '../helpers/workspaceCopy';

describe('enrich/TsServerOracle (a real tsserver)', function () {
  this.timeout(120_000);
  let oracle: TsServerOracle | undefined;
  afterEach(async () => {
    await oracle?.close();
    oracle = undefined;
  });

  it('answers definitions, implementations and references as the TypeScript service resolves them', async () => {
    const app = copyWorkspace('ts-app');
    oracle = new TsServerOracle({ timeoutMs: 60_000 });
    assert.equal(await oracle.warmUp(path.join(app.root, 'src/main.ts'), 60_000), true);
    const [run, makeService] = await oracle.locations('definition', [app.at('src/main.ts', 'run(21)'), app.at('src/main.ts', 'makeService()')]);
    // service's type is inferred: the language service still knows it is a Service.
    assert.deepEqual(run, [app.at('src/service.ts', 'run(input: number): string {')]);
    assert.deepEqual(makeService, [app.at('src/service.ts', 'makeService')]);
    const [runner] = await oracle.locations('implementation', [app.at('src/service.ts', 'Runner')]);
    assert.ok(runner?.some((l) => l.line === app.at('src/service.ts', 'class Service').line), JSON.stringify(runner));
    const [helperRefs] = await oracle.locations('references', [app.at('src/util.ts', 'helper(value: number)')]);
    const sites = new Set(helperRefs!.map((l) => `${path.basename(l.path)}:${l.line}`));
    for (const site of ['util.ts:2', 'util.ts:7', 'service.ts:1', 'service.ts:9']) assert.ok(sites.has(site), `${site} in ${[...sites].join(', ')}`);
  });

  it('answers [] where nothing is defined, null when cancelled, and rejects a bad timeout or kind', async () => {
    const app = copyWorkspace('ts-app');
    oracle = new TsServerOracle({ timeoutMs: 60_000 });
    const [nothing] = await oracle.locations('definition', [{ ...app.at('src/util.ts', 'Shared helpers'), character: 0 }]);
    assert.deepEqual(nothing, []);
    const cancelled = new AbortController();
    cancelled.abort();
    assert.deepEqual(await oracle.locations('definition', [app.at('src/main.ts', 'run(21)')], cancelled.signal), [null]);
    await assert.rejects(oracle.locations('typeDefinition' as never, []), /kind must be definition, implementation or references/);
    assert.throws(() => new TsServerOracle({ timeoutMs: 0 }), /timeoutMs must be a positive integer, got 0/);
  });

  it('answers null once tsserver is gone, and close() ends the process', async () => {
    const app = copyWorkspace('ts-app');
    oracle = new TsServerOracle();
    const pid = oracle.pid!;
    await oracle.close();
    assert.throws(() => process.kill(pid, 0), /ESRCH/);
    assert.deepEqual(await oracle.locations('definition', [app.at('src/main.ts', 'run(21)')]), [null]);
  });
});
