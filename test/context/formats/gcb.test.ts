import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ContextDocument } from '../../../src/context/document';
import { encodeGcb, renderGcb } from '../../../src/context/formats/gcb';
import { decodeGcb } from '../../../src/context/formats/gcbDecoder';
import { GCB_EDGE_TYPES, GCB_KINDS } from '../../../src/context/formats/gcbLayout';
import { EDGE_TYPE_NAMES, NODE_KINDS } from '../../../src/model';
import { sampleDocument } from './sampleDocument';

describe('context/formats/gcb', () => {
  it('round-trips a document through base64 and the decoder', () => {
    const doc = sampleDocument();
    const content = renderGcb(doc);
    assert.match(content, /^[A-Za-z0-9+/]+=*$/);
    assert.deepEqual(decodeGcb(content), doc);
    assert.deepEqual(decodeGcb(encodeGcb(doc)), doc, 'bytes decode the same');
  });

  it('round-trips an empty document and large numbers', () => {
    const empty: ContextDocument = { mode: 'task', query: '', tokenBudget: 2 ** 40 + 3, symbolsIncluded: 0, symbolsAvailable: 300, repos: [], symbols: [] };
    assert.deepEqual(decodeGcb(renderGcb(empty)), empty);
  });

  it('starts with the magic GCB2 and a one-byte mode', () => {
    const bytes = encodeGcb(sampleDocument());
    assert.equal(Buffer.from(bytes.subarray(0, 4)).toString('latin1'), 'GCB2');
    assert.equal(bytes[4], 2, 'pr');
  });

  it('has a byte value for every node kind and edge type of the model', () => {
    assert.deepEqual([...GCB_KINDS].sort(), [...NODE_KINDS].sort());
    assert.deepEqual([...GCB_EDGE_TYPES].sort(), [...EDGE_TYPE_NAMES].sort());
  });

  it('is smaller when names repeat: strings are stored once', () => {
    const doc = sampleDocument();
    const twice = { ...doc, query: doc.symbols[0].name };
    assert.ok(encodeGcb(twice).length < encodeGcb(doc).length + 5);
  });

  it('refuses what it cannot encode', () => {
    const doc = sampleDocument();
    assert.throws(() => encodeGcb({ ...doc, symbols: [{ ...doc.symbols[0], hash: 'xyz' }] }), /context\/gcb: symbol .* has no 64-hex hash/);
    assert.throws(() => encodeGcb({ ...doc, symbols: [{ ...doc.symbols[0], kind: 'blob' as never }] }), { message: 'context/gcb: no byte value for kind blob' });
    assert.throws(() => encodeGcb({ ...doc, tokenBudget: -1 }), { message: 'context/gcb: varint must be a safe integer >= 0, got -1' });
  });

  it('rejects corrupt input with an error naming what it was reading', () => {
    const bytes = encodeGcb(sampleDocument());
    assert.throws(() => decodeGcb('not base64!'), { message: 'context/gcb: content is not base64' });
    assert.throws(() => decodeGcb(Buffer.from('GCB1xxxx')), { message: 'context/gcb: not a GCB2 block (magic "GCB1")' });
    assert.throws(() => decodeGcb(bytes.subarray(0, bytes.length - 3)), /context\/gcb: truncated while reading/);
    assert.throws(() => decodeGcb(Buffer.concat([bytes, Buffer.from([0])])), { message: 'context/gcb: 1 bytes after the last symbol' });
    const badMode = Buffer.from(bytes);
    badMode[4] = 9;
    assert.throws(() => decodeGcb(badMode), { message: 'context/gcb: unknown mode byte 9' });
    const wrongCount = Buffer.from(encodeGcb({ ...sampleDocument(), symbolsIncluded: 4 }));
    assert.throws(() => decodeGcb(wrongCount), { message: 'context/gcb: 3 symbols, header says 4' });
  });
});

describe('context/formats/gcb: the worked example of docs/formats.md', () => {
  it('decodes to what the page says', () => {
    const page = fs.readFileSync(path.join(__dirname, '../../../docs/formats.md'), 'utf8');
    const base64 = page.match(/\n(R0NCMg[A-Za-z0-9+/=]+)\n/)![1];
    const doc = decodeGcb(base64);
    assert.equal(Buffer.from(base64, 'base64').length, Number(page.match(/no source \(it did not fit\), (\d+) bytes/)![1]));
    assert.equal(doc.mode, 'pr');
    assert.equal(doc.tokenBudget, 420);
    assert.equal(doc.symbolsAvailable, 17);
    assert.deepEqual(doc.repos, ['fixtures/ts-basic']);
    const [symbol] = doc.symbols;
    assert.equal(symbol.name, 'fixtures/ts-basic://src/utils/url.normalise');
    assert.equal(symbol.relevance, 878);
    assert.deepEqual([symbol.line, symbol.endLine], [23, 25]);
    assert.deepEqual(symbol.relations, [{ edgeType: 'calls', direction: 'in', target: { name: 'fixtures/ts-basic://src/utils/url.parseUrl' } }]);
    assert.equal(symbol.sourceState, 'omitted');
    assert.equal(renderGcb(doc), base64, 'and encodes back to the same bytes');
  });
});
