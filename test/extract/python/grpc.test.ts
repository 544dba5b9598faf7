import * as assert from 'node:assert/strict';
import { extractPython, py } from './helpers';

describe('extract/python gRPC registrations', () => {
  it('registers the servicer class constructed in add_*Servicer_to_server', async () => {
    const facts = await extractPython(py(
      'import grpc',
      'import helloworld_pb2_grpc as pb2_grpc',
      'from .servicers import Greeter',
      'def serve():',
      '    server = grpc.server(None)',
      '    pb2_grpc.add_GreeterServicer_to_server(Greeter(), server)',
      '    add_OrdersServicer_to_server(servicers.Orders(), server)',
      '    pb2_grpc.add_PingServicer_to_server(existing, server)',
    ));
    assert.deepEqual(facts.routes, [
      {
        line: 6, col: 13, method: 'GRPC', path: 'Greeter', mappingType: 'grpc_method',
        handler: { form: 'name', name: 'Greeter' }, registeredIn: 'serve', framework: 'grpc',
      },
      {
        line: 7, col: 4, method: 'GRPC', path: 'Orders', mappingType: 'grpc_method',
        handler: { form: 'member', object: 'servicers', property: 'Orders' }, registeredIn: 'serve', framework: 'grpc',
      },
    ]);
  });
});
