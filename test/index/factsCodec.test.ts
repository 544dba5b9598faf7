import * as assert from 'node:assert/strict';
import { extractFile } from '../../src/extract/parser';
import { decodeFacts, encodeFacts, releaseFactsBody } from '../../src/index/factsCodec';
import { namesTypesDependOn } from '../../src/resolve/typeDependencies';

const SOURCE = [
  'package shop',
  '',
  'type Cart struct{ items []Item }',
  '',
  'func (c *Cart) Total() int {',
  '\tstore := Open()',
  '\tstore.Get("k")',
  '\treturn len(c.items)',
  '}',
  '',
].join('\n');

/** The encoding with its body (calls and references) replaced by bytes that do not inflate. */
function withTornBody(encoded: Uint8Array): Uint8Array {
  const bytes = Buffer.from(encoded);
  const bodyStart = 4 + bytes.readUInt32LE(0);
  bytes.fill(0xff, bodyStart);
  return bytes;
}

describe('index/factsCodec', () => {
  it('decodes the same facts it encoded', async () => {
    const facts = (await extractFile('shop/cart.go', SOURCE))!;
    assert.ok(facts.calls.length > 0 && facts.references.length > 0);
    assert.deepEqual({ ...decodeFacts(encodeFacts(facts)) }, { ...facts });
  });

  it('reads the body only when calls or references are read: a symbol table entry needs the head alone', async () => {
    const facts = (await extractFile('shop/cart.go', SOURCE))!;
    const decoded = decodeFacts(withTornBody(encodeFacts(facts)));
    assert.deepEqual(decoded.symbols, facts.symbols);
    assert.deepEqual(decoded.imports, facts.imports);
    assert.deepEqual([...namesTypesDependOn(decoded)].sort(), [...namesTypesDependOn(facts)].sort());
    assert.ok(namesTypesDependOn(facts).has('Get'), 'the typed call store.Get is a name the file depends on');
    assert.throws(() => decoded.calls, /invalid|incorrect|unexpected/i);
  });

  it('parses the body once, however often it is read', async () => {
    const decoded = decodeFacts(encodeFacts((await extractFile('shop/cart.go', SOURCE))!));
    assert.equal(decoded.calls, decoded.calls);
    assert.equal(decoded.references, decoded.references);
  });

  it('parses the body again after it was let go, to the same calls', async () => {
    const decoded = decodeFacts(encodeFacts((await extractFile('shop/cart.go', SOURCE))!));
    const calls = decoded.calls;
    releaseFactsBody(decoded);
    assert.notEqual(decoded.calls, calls, 'parsed again');
    assert.deepEqual(decoded.calls, calls);
  });
});
