import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { GRAPH_FILE, GraphService } from '../../src/server/graphService';
import { FIXTURE_REPOS } from '../helpers/indexFixture';
import { makeTempDir } from '../helpers/tempDir';

describe('server/GraphService: the editor\'s graph has one writer', function () {
  this.timeout(60_000);

  it('holds the writer lock for its session: a second server on the same storage waits, then reads what the first saved', async () => {
    const storage = makeTempDir('ckg-storage-');
    const first = await GraphService.open(storage, () => undefined);
    await first.index({ repoPath: path.join(FIXTURE_REPOS, 'go-basic'), repoUrl: 'fixtures/go-basic' });
    assert.ok(fs.existsSync(path.join(storage, `${GRAPH_FILE}.lock`)), 'the lock file sits beside the graph');

    const waits: string[] = [];
    let secondOpened = false;
    const opening = GraphService.open(storage, (message) => waits.push(message)).then((service) => {
      secondOpened = true;
      return service;
    });
    while (waits.length === 0 && !secondOpened) await new Promise((resolve) => setImmediate(resolve));
    assert.match(waits[0], /waiting for the writer lock on .*graph\.sqlite held by pid \d+ \(Code Graph graph server \(VS Code\)\)/);
    assert.equal(secondOpened, false, 'the second server waits while the first holds the graph');

    await first.close();
    const second = await opening;
    try {
      assert.deepEqual((await second.store().repos()).map((r) => r.repoUrl), ['fixtures/go-basic'], 'it read the graph the first one saved');
    } finally {
      await second.close();
    }
    assert.ok(!fs.existsSync(path.join(storage, `${GRAPH_FILE}.lock`)), 'close releases the lock');
  });
});
