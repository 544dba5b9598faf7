import * as assert from 'node:assert/strict';
import type { LinkFact } from '../../../src/extract/facts';
import { extractProto, proto } from './helpers';

function candidatesOf(link: LinkFact): string[] {
  assert.equal(link.to.form, 'keys');
  return link.to.form === 'keys' ? link.to.candidates.map((keys) => keys.join('+')) : [];
}

describe('extract/proto references and routes', () => {
  it('links an rpc to its request and response in proto scoping order', async () => {
    const facts = await extractProto(proto(
      'package a.b;',
      'service S {',
      '  rpc Get (stream Req) returns (.x.Resp);',
      '}',
    ));
    const [request, response] = facts.links!;
    assert.deepEqual([request!.edgeType, request!.from, request!.line, request!.col], ['references', { form: 'local', name: 'S.Get' }, 3, 18]);
    assert.deepEqual(candidatesOf(request!), ['proto:type:a.b.Req', 'proto:type:a.Req', 'proto:type:Req']);
    assert.deepEqual([response!.line, response!.col], [3, 32]);
    assert.deepEqual(candidatesOf(response!), ['proto:type:x.Resp']);
    assert.equal(request!.unresolved, undefined);
  });

  it('links message fields to message types from the innermost message scope out', async () => {
    const facts = await extractProto(proto(
      'package a.b;',
      'message M {',
      '  message N {',
      '    Foo foo = 1;',
      '  }',
      '  repeated Foo.Bar bars = 2;',
      '  map<string, Foo> byName = 3;',
      '  map<int32, string> scalars = 4;',
      '  int64 count = 5;',
      '  oneof choice { Foo one = 6; }',
      '}',
    ));
    assert.deepEqual(facts.links!.map((l) => [l.from.form === 'local' ? l.from.name : '', l.line, l.col]), [
      ['M.N', 4, 4], ['M', 6, 11], ['M', 7, 14], ['M', 10, 17],
    ]);
    assert.deepEqual(candidatesOf(facts.links![0]!), [
      'proto:type:a.b.M.N.Foo', 'proto:type:a.b.M.Foo', 'proto:type:a.b.Foo', 'proto:type:a.Foo', 'proto:type:Foo',
    ]);
    assert.deepEqual(candidatesOf(facts.links![1]!), [
      'proto:type:a.b.M.Foo.Bar', 'proto:type:a.b.Foo.Bar', 'proto:type:a.Foo.Bar', 'proto:type:Foo.Bar',
    ]);
  });

  it('links well-known types to a placeholder when the repo does not declare them', async () => {
    const facts = await extractProto(proto('message M {', '  google.protobuf.Timestamp at = 1;', '}'));
    assert.deepEqual(facts.links![0]!.unresolved, { name: 'google.protobuf.Timestamp', kind: 'message' });
    assert.deepEqual(candidatesOf(facts.links![0]!), ['proto:type:M.google.protobuf.Timestamp', 'proto:type:google.protobuf.Timestamp']);
  });

  it('adds one gRPC route per rpc, handled by the rpc', async () => {
    const facts = await extractProto(proto(
      'package helloworld;',
      'service Greeter {',
      '  rpc SayHello (HelloRequest) returns (HelloReply);',
      '  rpc SayBye (HelloRequest) returns (HelloReply) { option deprecated = true; }',
      '}',
    ));
    assert.deepEqual(facts.routes, [
      {
        line: 3, col: 6, method: 'GRPC', path: 'helloworld.Greeter/SayHello', mappingType: 'grpc_method',
        handler: { form: 'name', name: 'Greeter.SayHello' }, registeredIn: 'Greeter.SayHello', framework: 'grpc',
      },
      {
        line: 4, col: 6, method: 'GRPC', path: 'helloworld.Greeter/SayBye', mappingType: 'grpc_method',
        handler: { form: 'name', name: 'Greeter.SayBye' }, registeredIn: 'Greeter.SayBye', framework: 'grpc',
      },
    ]);
  });
});
