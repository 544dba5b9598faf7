import * as assert from 'node:assert/strict';
import type { GraphStore } from '../../src/store';
import { indexFixture, liveNodes, localName } from '../helpers/indexFixture';

/**
 * One proto service (test/fixtures/repos/polyglot-grpc) served in six languages, grpc-js
 * twice (a generated service constant, and a definition loaded from the proto at run time): every
 * registration handles routes named as the proto's rpcs, qualified with its package, so
 * a runtime span `helloworld.Greeter/SayHello` can find its handler in any of them.
 */
describe('gRPC routes across languages', () => {
  let store: GraphStore;
  let names: Map<string, string>;
  before(async () => {
    store = await indexFixture('polyglot-grpc');
    names = new Map((await liveNodes(store)).map((n) => [n.nodeHash, localName(n.qualifiedName)]));
  });
  after(() => store.close());

  for (const rpc of ['SayHello', 'SayGoodbye']) {
    const lower = rpc[0]!.toLowerCase() + rpc.slice(1);
    const snake = rpc.replace(/(?<=[a-z])([A-Z])/g, '_$1').toLowerCase();
    const handlers = [
      `Example.Greeter.GreeterService.${rpc}`,
      `com.example.greeter.GreeterImpl.${lower}`,
      `example.com/polyglot.greeter.${rpc}`,
      `greeter_rs.MyGreeter.${snake}`,
      `helloworld.Greeter.${rpc}`,
      `python.greeter_server.Greeter.${rpc}`,
      `ts/server.${lower}`,
      `js/server.${rpc === 'SayHello' ? 'sayHello' : 'farewell'}`,
    ];

    it(`links helloworld.Greeter/${rpc} to the rpc and to the handler in each language`, async () => {
      const found = (await store.liveEdges({ edgeType: 'handles_route' }))
        .filter((e) => names.get(e.targetHash)?.endsWith(`.GRPC helloworld.Greeter/${rpc}`))
        .map((e) => names.get(e.sourceHash)!)
        .sort();
      assert.deepEqual(found, [...handlers].sort());
    });

    it(`maps helloworld.Greeter/${rpc} to a handler in code, not to the proto's declaration`, async () => {
      const rows = (await store.routeSymbols()).filter((r) => r.routePattern === `helloworld.Greeter/${rpc}`);
      assert.equal(rows.length, 1, 'route_symbols holds one node per (service, pattern, mapping type)');
      const handler = names.get(rows[0]!.nodeHash)!;
      assert.ok(handlers.includes(handler) && handler !== `helloworld.Greeter.${rpc}`, handler);
    });
  }

  it('dispatches each rpc to the handler registered for a service loaded at run time (grpc-js proto-loader)', async () => {
    const dispatched = (await store.liveEdges({ edgeType: 'calls' }))
      .filter((e) => names.get(e.sourceHash)?.startsWith('helloworld.Greeter.') && names.get(e.targetHash)?.startsWith('js/'))
      .map((e) => `${names.get(e.sourceHash)} -> ${names.get(e.targetHash)}`)
      .sort();
    assert.deepEqual(dispatched, ['helloworld.Greeter.SayGoodbye -> js/server.farewell', 'helloworld.Greeter.SayHello -> js/server.sayHello']);
  });

  it('links a Java client importing the stub from a repository package that protoc output shares', async () => {
    // java/src/main/java/helloworld/ makes `helloworld` a package of the repository; its
    // GreeterGrpc is generated outside the sources, so the import names an outside class.
    const clients = (await store.liveEdges({ edgeType: 'calls' }))
      .filter((e) => names.get(e.sourceHash)?.startsWith('com.example.greeter.FarewellClient.') && names.get(e.targetHash)?.startsWith('helloworld.Greeter.'))
      .map((e) => `${names.get(e.sourceHash)} -> ${names.get(e.targetHash)}`);
    assert.deepEqual(clients, ['com.example.greeter.FarewellClient.leave -> helloworld.Greeter.SayGoodbye']);
  });

  it('leaves no gRPC route unqualified', async () => {
    assert.deepEqual((await store.routeSymbols()).filter((r) => !r.routePattern.startsWith('helloworld.')).map((r) => r.routePattern), []);
  });
});
