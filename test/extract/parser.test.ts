import * as assert from 'node:assert/strict';
import { extractFile, parseAndQueryOnly } from '../../src/extract/parser';
import { languageForPath } from '../../src/extract/registry';
import { fuzzExtractor } from '../helpers/fuzz';

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

describe('extract fuzzing', () => {
  it('Go, TypeScript and Python extractors survive thousands of mutated inputs', async () => {
    await fuzzExtractor('f.go', ['package a\n\nimport "fmt"\n\ntype T struct{ x int }\n\nfunc (t *T) M() { fmt.Println(t.x) }\n']);
    await fuzzExtractor('f.ts', ["import { a } from './a';\nexport class C extends B { m(x: Foo) { return a(x.y()); } }\napp.get('/u/:id', h);\n"]);
    await fuzzExtractor('f.py', ['from .a import b\n\nclass C(B):\n    def m(self, x):\n        return b(self.y(x))\n\n@app.get("/u/{id}")\ndef h(id): pass\n']);
  });
});
