import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { SCIP_ROLE, ScipIndexError, decodeScipIndex } from '../../../src/enrich/scip/scipIndex';
import { runScipTypescript } from '../../helpers/scipIndexers';
import { makeTempDir, writeTree } from '../../helpers/tempDir';
import { encodeTestIndex } from './scipBytes';

const rejects = (bytes: Uint8Array, pattern: RegExp): void => {
  assert.throws(() => decodeScipIndex(bytes, 'bad.scip'), (error: Error) => error instanceof ScipIndexError
    && error.message.startsWith('bad.scip: not a readable SCIP index (') && pattern.test(error.message), pattern.source);
};

describe('enrich/scip/decodeScipIndex', function () {
  this.timeout(60_000);

  it('decodes a real scip-typescript index: metadata, documents, occurrences and is_implementation relationships', () => {
    const root = fs.realpathSync(makeTempDir());
    writeTree(root, {
      'tsconfig.json': '{ "compilerOptions": { "strict": true, "noEmit": true }, "include": ["src"] }\n',
      'src/a.ts': 'export interface Shape { area(): number }\nexport class Square implements Shape { area(): number { return 4; } }\n',
    });
    const index = decodeScipIndex(fs.readFileSync(runScipTypescript(root, path.join(makeTempDir(), 'index.scip'))), 'index.scip');
    assert.equal(index.toolName, 'scip-typescript');
    assert.equal(index.projectRoot, `file://${root}`);
    const [document] = index.documents;
    assert.equal(document.relativePath, 'src/a.ts');
    const square = document.occurrences.find((o) => o.symbol.endsWith('/Square#'))!;
    assert.deepEqual(square.range, { startLine: 1, startCharacter: 13, endLine: 1, endCharacter: 19 });
    assert.equal(square.roles & SCIP_ROLE.definition, SCIP_ROLE.definition);
    const relationships = document.symbols.find((s) => s.symbol === square.symbol)!.relationships;
    assert.deepEqual(relationships.map((r) => [r.symbol.replace(/^.* /, ''), r.isImplementation]), [['src/`a.ts`/Shape#', true]]);
  });

  it('reads three- and four-element ranges, packed or not, position encodings, and skips fields it does not use', () => {
    const index = decodeScipIndex(encodeTestIndex({
      documents: [
        {
          path: 'src/a.ts',
          positionEncoding: 1,
          text: 'x',
          occurrences: [
            { range: [1, 2, 5], symbol: 'pkg a#', roles: SCIP_ROLE.definition },
            { range: [3, 4, 5, 6], symbol: 'pkg b.', packed: false },
            { range: [7, 8, 9], symbol: '' },
          ],
          symbols: [{ symbol: 'pkg a#', kind: 7, implements: ['pkg I#'] }],
        },
        { path: 'src/b.ts', positionEncoding: 2 },
      ],
    }), 't.scip');
    const [a, b] = index.documents;
    assert.deepEqual(a.occurrences, [
      { range: { startLine: 1, startCharacter: 2, endLine: 1, endCharacter: 5 }, symbol: 'pkg a#', roles: 1 },
      { range: { startLine: 3, startCharacter: 4, endLine: 5, endCharacter: 6 }, symbol: 'pkg b.', roles: 0 },
    ], 'an occurrence with no symbol is highlighting only');
    assert.deepEqual(a.symbols, [{ symbol: 'pkg a#', kind: 7, relationships: [
      { symbol: 'pkg I#', isReference: false, isImplementation: true, isTypeDefinition: false, isDefinition: false },
    ] }]);
    assert.deepEqual([a.positionEncoding, a.text, b.positionEncoding], ['utf8', 'x', 'utf16']);
    assert.notEqual(a.digest, b.digest);
    assert.match(a.digest, /^[0-9a-f]{64}$/);
  });

  it('refuses empty, truncated, foreign and malformed bytes with a message naming the file', () => {
    const good = encodeTestIndex({ documents: [{ path: 'src/a.ts', occurrences: [{ range: [0, 1, 2], symbol: 'pkg a.' }] }] });
    rejects(new Uint8Array(), /the file is empty/);
    for (const cut of [1, 5, good.length - 3]) rejects(good.subarray(0, cut), /ends early|overruns/);
    rejects(new TextEncoder().encode('{"metadata": {"tool_info": {"name": "x"}}}\n'), /wire type/);
    rejects(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1]), /.+/);
    rejects(new TextEncoder().encode('just some text that is not protobuf at all'), /.+/);
    rejects(encodeTestIndex({ tool: '', documents: [] }), /no metadata naming the indexer/);
    rejects(encodeTestIndex({ documents: [{ path: 'src/a.ts', occurrences: [{ range: [0, 1], symbol: 'pkg a.' }] }] }), /range of 2 numbers, expected 3 or 4/);
  });

  it('refuses document paths that are absolute, leave the project root or are not canonical', () => {
    for (const [bad, problem] of [
      ['/etc/passwd', /'\/etc\/passwd' is not a relative/],
      ['../outside.ts', /'..\/outside.ts' leaves the project root/],
      ['src/../../x.ts', /leaves the project root/],
      ['src//a.ts', /not canonical/],
      ['C:/x.ts', /not a relative/],
      ['src\\a.ts', /not a relative/],
      ['', /is empty/],
    ] as const) {
      rejects(encodeTestIndex({ documents: [{ path: bad }] }), problem);
    }
  });
});
