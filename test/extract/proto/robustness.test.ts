import * as assert from 'node:assert/strict';
import { HEAVY_TEST_TIMEOUT_MS } from '../../helpers/extractSource';
import { fuzzExtractor } from '../../helpers/fuzz';
import { extractProto, proto } from './helpers';

const SAMPLE = proto(
  'syntax = "proto3";',
  'package shop.v1;',
  'import "common/money.proto";',
  '/* block',
  '   comment */',
  'service Orders {',
  '  rpc Place (PlaceRequest) returns (Order) { option (google.api.http) = { post: "/v1/orders" body: "*" }; }',
  '  rpc Watch (stream WatchRequest) returns (stream Order);',
  '}',
  'message Order {',
  '  string id = 1 [json_name = "orderId"];',
  '  map<string, Line> lines = 2;',
  '  oneof payment { Card card = 3; string voucher = 4; }',
  '  message Line { common.Money price = 1; }',
  '  enum State { STATE_UNSPECIFIED = 0; reserved 2; }',
  '  reserved 10 to 20, 30;',
  '  extensions 100 to max;',
  '}',
  'extend google.protobuf.FieldOptions { string tag = 50000; }',
  'option go_package = "example.com/shop/v1;shopv1";',
);

describe('extract/proto nasty input', () => {
  it('keeps what follows a broken statement and counts the error', async () => {
    const facts = await extractProto(proto(
      'package p;',
      'message Draft {',
      '  string title = ;',
      '  repeated Part parts 2;',
      '  Part cover = 3;',
      '}',
      'message Part {}',
    ));
    assert.equal(facts.syntaxErrors, 2);
    assert.deepEqual(facts.symbols.map((s) => s.name), ['Draft', 'Part']);
    assert.deepEqual(facts.links!.map((l) => [l.line, l.col]), [[5, 2]]);
  });

  it('closes a body left open at the next file-level declaration', async () => {
    const facts = await extractProto(proto('message A {', '  int32 x = 1;', 'service S {', '  rpc Go (A) returns (A);', '}'));
    assert.equal(facts.syntaxErrors, 1);
    assert.deepEqual(facts.symbols.map((s) => [s.name, s.endLine]), [['A', 2], ['S', 5], ['S.Go', 4]]);
  });

  it('survives unterminated strings and comments', async () => {
    const facts = await extractProto(proto('import "never/closed.proto;', 'message After {}', '/* to the end'));
    assert.deepEqual(facts.symbols.map((s) => s.name), ['After']);
    assert.ok(facts.syntaxErrors >= 2);
  });

  it('returns empty facts for an empty file', async () => {
    const facts = await extractProto('');
    assert.deepEqual([facts.symbols, facts.imports, facts.routes, facts.links, facts.syntaxErrors], [[], [], [], [], 0]);
  });

  it('survives random bytes and very deep nesting', async () => {
    let seed = 11;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const garbage = Array.from({ length: 50_000 }, () => String.fromCharCode(Math.floor(random() * 0xd7ff))).join('');
    assert.ok((await extractProto(garbage)).syntaxErrors > 0);
    const deep = await extractProto(`${'message M { '.repeat(20_000)}${'} '.repeat(20_000)}`);
    assert.ok(deep.symbols.length > 0 && deep.symbols.length <= 64);
    assert.ok(deep.syntaxErrors > 0);
  });

  it('extracts a 2 MB generated file', async () => {
    const chunks: string[] = ['syntax = "proto3";\npackage gen;\n'];
    let length = 0;
    for (let i = 0; length < 2_000_000; i++) {
      const chunk = `message M${i} {\n  string id = 1;\n  M${i + 1} next = 2;\n  repeated int64 values = 3 [packed = true];\n}\n`;
      chunks.push(chunk);
      length += chunk.length;
    }
    const facts = await extractProto(chunks.join(''), 'gen/huge.proto');
    assert.equal(facts.symbols.length, chunks.length - 1);
    assert.equal(facts.links!.length, chunks.length - 1);
  }).timeout(HEAVY_TEST_TIMEOUT_MS);

  it('never throws on mutated protos (fuzz)', async () => {
    await fuzzExtractor('protos/fuzz.proto', [SAMPLE], 3000, 4242);
  });
});
