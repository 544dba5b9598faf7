import * as assert from 'node:assert/strict';
import { extract, lines } from './helpers';

describe('extract/typescript gRPC registrations', () => {
  it('reads one route per property of an object literal implementation', async () => {
    const facts = await extract('src/server.ts', lines(
      "import * as grpc from '@grpc/grpc-js';",
      "import { GreeterService } from './gen/greeter_grpc_pb';",
      'function start(server: grpc.Server) {',
      '  server.addService(GreeterService, {',
      '    sayHello: sayHello,',
      '    sayBye,',
      '    streamNews(call) { call.end(); },',
      '    ping: impl.ping,',
      '  });',
      '}',
    ));
    assert.deepEqual(facts.routes.map((r) => [r.line, r.col, r.method, r.path, r.handler, r.registeredIn, r.framework, r.mappingType]), [
      [5, 4, 'GRPC', 'Greeter/SayHello', { form: 'name', name: 'sayHello' }, 'start', 'grpc-js', 'grpc_method'],
      [6, 4, 'GRPC', 'Greeter/SayBye', { form: 'name', name: 'sayBye' }, 'start', 'grpc-js', 'grpc_method'],
      [7, 4, 'GRPC', 'Greeter/StreamNews', null, 'start', 'grpc-js', 'grpc_method'],
      [8, 4, 'GRPC', 'Greeter/Ping', { form: 'member', object: 'impl', property: 'ping', receiverType: { t: 'value', of: { form: 'name', name: 'impl' } } }, 'start', 'grpc-js', 'grpc_method'],
    ]);
  });

  it('takes the function a handler binds, not the call to bind', async () => {
    const facts = await extract('src/server.js', lines(
      'class Shop {',
      '  load(server) {',
      '    server.addService(pkg.PaymentService.service, { charge: Shop.charge.bind(this), refund: refund.bind(null) });',
      '    server.addService(pkg.Audit.service, { log: this.log.bind(this) });',
      '  }',
      '}',
    ));
    assert.deepEqual(facts.routes.map((r) => [r.path, r.handler]), [
      ['PaymentService/Charge', { form: 'member', object: 'Shop', property: 'charge', objectType: 'Shop' }],
      ['PaymentService/Refund', { form: 'name', name: 'refund' }],
      ['Audit/Log', { form: 'member', object: 'this', property: 'log', objectType: 'Shop' }],
    ]);
  });

  it('names the service from a loaded definition and registers a class instance whole', async () => {
    const facts = await extract('src/main.js', lines(
      'server.addService(proto.helloworld.Greeter.service, new GreeterImpl());',
      'server.addService(hello.Greeter.service, { sayHello });',
      'server.addService(services.OrderServiceService, new impl.Orders());',
      'server.addService(unknownThing, { sayHello });',
      'server.addService(GreeterService, implementation);',
    ));
    assert.deepEqual(facts.routes.map((r) => [r.line, r.path, r.handler]), [
      [1, 'helloworld.Greeter', { form: 'name', name: 'GreeterImpl' }],
      [2, 'Greeter/SayHello', { form: 'name', name: 'sayHello' }],
      [3, 'OrderService', { form: 'member', object: 'impl', property: 'Orders' }],
    ]);
  });

  it('keeps what the resolver needs for a definition loaded at run time: the package in the route, the client\'s written type, the loader call', async () => {
    const facts = await extract('src/payment.js', lines(
      "const grpc = require('@grpc/grpc-js');",
      "const loaded = grpc.loadPackageDefinition(protoLoader.loadSync('demo.proto'));",
      'const server = new grpc.Server();',
      'server.addService(loaded.oteldemo.PaymentService.service, { charge: chargeHandler, refund });',
      'function pay() {',
      "  const client = new loaded.oteldemo.CurrencyService('currency:7000', grpc.credentials.createInsecure());",
      '  client.convert({}, () => undefined);',
      '}',
    ));
    assert.deepEqual(facts.routes.map((r) => [r.path, r.handler]), [
      ['oteldemo.PaymentService/Charge', { form: 'name', name: 'chargeHandler' }],
      ['oteldemo.PaymentService/Refund', { form: 'name', name: 'refund' }],
    ]);
    const convert = facts.calls.find((c) => c.callee.form === 'member' && c.callee.property === 'convert');
    assert.deepEqual(convert?.callee, { form: 'member', object: 'client', property: 'convert', objectType: 'loaded.oteldemo.CurrencyService' });
    assert.deepEqual(facts.symbols.find((s) => s.name === 'loaded')?.valueType, {
      t: 'result', call: { form: 'member', object: 'grpc', property: 'loadPackageDefinition', receiverType: { t: 'value', of: { form: 'name', name: 'grpc' } } },
    });
  });
});
