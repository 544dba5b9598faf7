import * as assert from 'node:assert/strict';
import { extractProto, proto } from './helpers';

describe('extract/proto symbols and imports', () => {
  const source = proto(
    'syntax = "proto3";',
    'package helloworld.v1;',
    'import "google/protobuf/timestamp.proto";',
    'import public "common/types.proto";',
    '',
    '// The greeting service.',
    '// Second line.',
    'service Greeter {',
    '  // Sends a greeting',
    '  rpc SayHello (HelloRequest) returns (HelloReply) {}',
    '  rpc Chat (stream HelloRequest) returns (stream HelloReply);',
    '}',
    '',
    'message HelloRequest {',
    '  string name = 1; // trailing, not a doc comment',
    '  message Inner { int32 x = 1; }',
    '  enum Kind { A = 0; }',
    '}',
  );

  it('reports services, rpcs, messages and enums at their name tokens, in source order', async () => {
    const facts = await extractProto(source);
    assert.deepEqual(
      facts.symbols.map(({ name, kind, line, col, endLine }) => ({ name, kind, line, col, endLine })),
      [
        { name: 'Greeter', kind: 'service', line: 8, col: 8, endLine: 12 },
        { name: 'Greeter.SayHello', kind: 'rpc', line: 10, col: 6, endLine: 10 },
        { name: 'Greeter.Chat', kind: 'rpc', line: 11, col: 6, endLine: 11 },
        { name: 'HelloRequest', kind: 'message', line: 14, col: 8, endLine: 18 },
        { name: 'HelloRequest.Inner', kind: 'message', line: 16, col: 10, endLine: 16 },
        { name: 'HelloRequest.Kind', kind: 'message', line: 17, col: 7, endLine: 17 },
      ],
    );
    assert.equal(facts.packageName, 'helloworld.v1');
    assert.equal(facts.syntaxErrors, 0);
  });

  it('keys services by short and full name, types by full name', async () => {
    const facts = await extractProto(source);
    const keys = Object.fromEntries(facts.symbols.map((s) => [s.name, s.keys]));
    assert.deepEqual(keys.Greeter, ['proto:service:Greeter', 'proto:type:helloworld.v1.Greeter']);
    assert.equal(keys['Greeter.SayHello'], undefined);
    assert.deepEqual(keys['HelloRequest.Inner'], ['proto:type:helloworld.v1.HelloRequest.Inner']);
    assert.deepEqual(keys['HelloRequest.Kind'], ['proto:type:helloworld.v1.HelloRequest.Kind']);
  });

  it('keeps signatures and doc comments', async () => {
    const facts = await extractProto(source);
    const byName = new Map(facts.symbols.map((s) => [s.name, s]));
    assert.equal(byName.get('Greeter')!.doc, 'The greeting service.\nSecond line.');
    assert.equal(byName.get('Greeter.SayHello')!.doc, 'Sends a greeting');
    assert.equal(byName.get('Greeter.SayHello')!.signature, 'rpc SayHello (HelloRequest) returns (HelloReply)');
    assert.equal(byName.get('Greeter.Chat')!.signature, 'rpc Chat (stream HelloRequest) returns (stream HelloReply)');
    assert.equal(byName.get('HelloRequest.Inner')!.doc, '');
    assert.equal(byName.get('HelloRequest.Kind')!.signature, 'enum Kind');
    assert.ok(facts.symbols.every((s) => s.exported && /^[0-9a-f]{64}$/.test(s.bodyHash)));
  });

  it('reports imports at the import keyword, public ones as re-exports, weak ones as plain imports', async () => {
    const facts = await extractProto(proto('import "a/b.proto";', '  import public "c.proto";', 'import weak "d.proto";'));
    assert.deepEqual(facts.imports, [
      { source: 'a/b.proto', bindings: [], line: 1, col: 0 },
      { source: 'c.proto', bindings: [], line: 2, col: 2, reexport: true },
      { source: 'd.proto', bindings: [], line: 3, col: 0 },
    ]);
  });

  it('declares package-less services without the gRPC service key', async () => {
    const facts = await extractProto(proto('service Ping { rpc Check (A) returns (B); }'));
    assert.equal(facts.packageName, '');
    assert.deepEqual(facts.symbols[0]!.keys, ['proto:type:Ping']);
  });

  it('reads a proto2 group as a nested message', async () => {
    const facts = await extractProto(proto(
      'syntax = "proto2";',
      'message Result {',
      '  repeated group Item = 1 {',
      '    optional Result parent = 2;',
      '  }',
      '}',
    ));
    assert.deepEqual(facts.symbols.map((s) => [s.name, s.line, s.endLine]), [['Result', 2, 6], ['Result.Item', 3, 5]]);
    assert.deepEqual(facts.links!.map((l) => [l.from, l.line, l.col]), [[{ form: 'local', name: 'Result.Item' }, 4, 13]]);
    assert.equal(facts.syntaxErrors, 0);
  });
});
