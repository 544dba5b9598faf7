import * as assert from 'node:assert/strict';
import { extractFile, parseAndQueryOnly } from '../../src/extract/parser';
import { languageForPath } from '../../src/extract/registry';

describe('extract/parser', () => {
  it('picks a language by extension and skips declaration files', () => {
    assert.equal(languageForPath('a/b.go')?.id, 'go');
    assert.equal(languageForPath('x.tsx')?.id, 'tsx');
    assert.equal(languageForPath('x.jsx')?.id, 'javascript');
    assert.equal(languageForPath('types.d.ts'), undefined);
    assert.equal(languageForPath('README.md'), undefined);
  });

  it('returns undefined for files no extractor handles', async () => {
    assert.equal(await extractFile('notes.txt', 'hello'), undefined);
  });

  it('parses and queries a file for the bench floor', async () => {
    const captures = await parseAndQueryOnly('a.go', 'package a\n// hi\nfunc A() {}\n');
    assert.ok(captures >= 1);
  });
});
