import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { utf16Column } from '../../../src/enrich/scip/positionEncoding';
import { SCIP_KIND, SCIP_ROLE, decodeScipIndex } from '../../../src/enrich/scip/scipIndex';
import { ScipOracle } from '../../../src/enrich/scip/scipOracle';
import { makeTempDir, writeTree } from '../../helpers/tempDir';
import { encodeTestIndex } from './scipBytes';

const DEF = SCIP_ROLE.definition;
const UTF8 = 1;
const UTF32 = 3;

describe('enrich/scip/utf16Column', () => {
  const line = 'const s = "héllo😀"; foo();';
  it('converts UTF-8 byte and UTF-32 code-point offsets on a non-ASCII line to UTF-16 units', () => {
    // foo: 21 UTF-16 units in (é is one unit, 😀 two), 24 UTF-8 bytes, 20 code points.
    assert.equal(line.indexOf('foo'), 21);
    assert.equal(utf16Column(line, 24, 'utf8'), 21);
    assert.equal(utf16Column(line, 20, 'utf32'), 21);
    assert.equal(utf16Column(line, 21, 'utf16'), 21);
    assert.equal(utf16Column(line, 21, 'unspecified'), 21);
    assert.equal(utf16Column('plain ascii', 4, 'utf8'), 4);
    assert.equal(utf16Column(undefined, 4, 'utf8'), 4, 'unreadable text: taken as is');
    assert.equal(utf16Column(line, Buffer.byteLength(line) + 2, 'utf8'), line.length + 2, 'past the end keeps its excess');
  });
});

describe('enrich/scip/ScipOracle', () => {
  const root = fs.realpathSync(makeTempDir());
  writeTree(root, {
    'src/a.ts': 'const s = "héllo😀"; foo();\nfunction foo() {}\n',
  });
  const at = (file: string, line: number, character: number): { path: string; line: number; character: number } => ({ path: path.join(root, file), line, character });
  const index = decodeScipIndex(encodeTestIndex({
    documents: [
      {
        path: 'src/a.ts',
        positionEncoding: UTF8,
        occurrences: [
          { range: [0, 24, 27], symbol: 'p foo().' },
          { range: [0, 6, 7], symbol: 'local 1', roles: DEF },
          { range: [1, 9, 12], symbol: 'p foo().', roles: DEF },
        ],
      },
      {
        path: 'src/b.ts',
        occurrences: [
          { range: [0, 10, 15], symbol: 'p Shape#', roles: DEF },
          { range: [1, 6, 12], symbol: 'p Square#', roles: DEF },
          { range: [2, 6, 10], symbol: 'p Cube#', roles: DEF },
          { range: [3, 10, 14], symbol: 'p Solid#', roles: DEF },
          { range: [4, 0, 3], symbol: 'p foo().' },
          { range: [5, 4, 5], symbol: 'local 1' },
          // A call on a union: two symbols at one range.
          { range: [6, 2, 6], symbol: 'p Square#area().' },
          { range: [6, 2, 6], symbol: 'p Cube#area().' },
          { range: [7, 2, 6], symbol: 'p Square#area().', roles: DEF },
          { range: [8, 2, 6], symbol: 'p Cube#area().', roles: DEF },
        ],
        symbols: [
          { symbol: 'p Square#', implements: ['p Shape#'] },
          { symbol: 'p Cube#', implements: ['p Square#'] },
          { symbol: 'p Solid#', kind: SCIP_KIND.interface, implements: ['p Shape#'] },
        ],
      },
    ],
  }), 'test.scip');
  const oracle = new ScipOracle(index, root);

  it('answers definitions in UTF-16 columns, converting a UTF-8 document with its file text', async () => {
    assert.deepEqual(await oracle.locations('definition', [at('src/a.ts', 1, 21), at('src/a.ts', 1, 23), at('src/b.ts', 5, 1)]), [
      [at('src/a.ts', 2, 9)], [at('src/a.ts', 2, 9)], [at('src/a.ts', 2, 9)],
    ]);
  });

  it('answers [] where a known document has no occurrence, null for a document the index lacks', async () => {
    assert.deepEqual(await oracle.locations('definition', [at('src/a.ts', 1, 0), at('src/a.ts', 1, 24), at('src/c.ts', 1, 0)]), [[], [], null]);
    await assert.rejects(oracle.locations('typeDefinition' as never, []), /kind must be definition, implementation or references/);
  });

  it('keeps local symbols to their document, and answers every symbol sharing the narrowest range', async () => {
    assert.deepEqual(await oracle.locations('definition', [at('src/b.ts', 6, 4)]), [[]], "b.ts's local 1 is not a.ts's");
    assert.deepEqual(await oracle.locations('definition', [at('src/b.ts', 7, 3)]), [[at('src/b.ts', 8, 2), at('src/b.ts', 9, 2)]]);
  });

  it('answers implementations through chains, leaving interfaces out, and references as non-definition occurrences', async () => {
    assert.deepEqual(await oracle.locations('implementation', [at('src/b.ts', 1, 10)]), [[at('src/b.ts', 2, 6), at('src/b.ts', 3, 6)]]);
    assert.deepEqual(await oracle.locations('references', [at('src/a.ts', 2, 9)]), [[at('src/a.ts', 1, 21), at('src/b.ts', 5, 0)]]);
  });

  it('converts UTF-32 positions too, and lists a document\'s definitions in the graph\'s units', async () => {
    const utf32 = new ScipOracle(decodeScipIndex(encodeTestIndex({
      documents: [{ path: 'src/a.ts', positionEncoding: UTF32, occurrences: [{ range: [0, 20, 23], symbol: 'p foo().', roles: DEF }] }],
    }), 't.scip'), root);
    assert.deepEqual(utf32.definitionsIn(path.join(root, 'src/a.ts')), [{ symbol: 'p foo().', line: 1, character: 21 }]);
  });
});
