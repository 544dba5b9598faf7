import * as assert from 'node:assert/strict';
import { settleAgainstUnsaved } from '../../src/extension/dirtyDocuments';
import type { SourceLocation } from '../../src/server/protocol';

const at = (path: string, line = 1): SourceLocation => ({ path, line, character: 0 });
const unsaved = (path: string) => path === '/w/edited.ts';

describe('extension/settleAgainstUnsaved', () => {
  it('does not ask from inside a document with unsaved changes', async () => {
    let asked = false;
    const answer = await settleAgainstUnsaved('definition', at('/w/edited.ts'), unsaved, async () => {
      asked = true;
      return [at('/w/a.ts')];
    });
    assert.deepEqual([answer, asked], [null, false]);
  });

  it('drops a definition or implementation answer that lands in an unsaved document, keeps one that does not', async () => {
    for (const kind of ['definition', 'implementation'] as const) {
      assert.equal(await settleAgainstUnsaved(kind, at('/w/a.ts'), unsaved, async () => [at('/w/b.ts'), at('/w/edited.ts', 9)]), null);
      assert.deepEqual(await settleAgainstUnsaved(kind, at('/w/a.ts'), unsaved, async () => [at('/w/b.ts')]), [at('/w/b.ts')]);
    }
  });

  it('keeps the saved locations of a references answer', async () => {
    const answer = await settleAgainstUnsaved('references', at('/w/a.ts'), unsaved, async () => [at('/w/b.ts'), at('/w/edited.ts', 9), at('/w/c.ts')]);
    assert.deepEqual(answer, [at('/w/b.ts'), at('/w/c.ts')]);
  });
});
