import * as assert from 'node:assert/strict';
import { parseFiles } from '../../src/index/parseFiles';
import type { SkipCounts, SourceFile } from '../../src/index/sourceFiles';

function source(path: string, text: string): SourceFile {
  return { path, text, contentHash: `hash of ${path}`, sizeBytes: Buffer.byteLength(text) };
}

describe('index/parseFiles', () => {
  it('lets go of each text once its file is parsed, in this thread and in a pool', async () => {
    // 2 files parse in this thread; 12 go to a pool (more than the inline limit).
    for (const count of [2, 12]) {
      const files = Array.from({ length: count }, (_, i) => source(`pkg/file${i}.go`, `package pkg\n\nfunc F${i}() int { return ${i} }\n`));
      const skipped: SkipCounts = {};
      const parsed = await parseFiles(files, 2, () => undefined, skipped, () => undefined);
      assert.equal(parsed.size, count);
      for (const file of files) {
        assert.equal(parsed.get(file.path)?.facts.symbols[0]?.name, `F${file.path.match(/\d+/)![0]}`, file.path);
        assert.equal(file.text, '', `${file.path}: its text was let go`);
        assert.equal(file.contentHash, `hash of ${file.path}`, `${file.path}: the rest of the source stays`);
      }
      assert.deepEqual(skipped, {});
    }
  });
});
