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

describe('extract/python gRPC servicers', () => {
  it('makes a class deriving from a generated servicer base serve its service', async () => {
    const facts = await extractPython(py(
      'import helloworld_pb2_grpc',
      'from protos import demo_pb2_grpc as demo',
      'from ping_pb2_grpc import PingServicer',
      'from mymodule import OrdersServicer',
      'class Greeter(helloworld_pb2_grpc.GreeterServicer):',
      '    pass',
      'class Recommender(demo.RecommendationServiceServicer):',
      '    pass',
      'class Pinger(PingServicer):',
      '    pass',
      'class Orders(OrdersServicer):',
      '    pass',
    ));
    assert.deepEqual(facts.routes.map((r) => [r.line, r.path, r.handler]), [
      [5, 'Greeter', { form: 'name', name: 'Greeter' }],
      [7, 'RecommendationService', { form: 'name', name: 'Recommender' }],
      [9, 'Ping', { form: 'name', name: 'Pinger' }],
    ]);
  });

  it('makes classes of the file deriving from a servicer serve its service too', async () => {
    const facts = await extractPython(py(
      'import demo_pb2_grpc',
      'class Impl(BaseEmail):',
      '    pass',
      'class BaseEmail(demo_pb2_grpc.EmailServiceServicer):',
      '    pass',
      'class Unrelated(Other):',
      '    pass',
    ));
    assert.deepEqual(facts.routes.map((r) => [r.line, r.path, r.handler]), [
      [2, 'EmailService', { form: 'name', name: 'Impl' }],
      [4, 'EmailService', { form: 'name', name: 'BaseEmail' }],
    ]);
  });

  it('registers the class every binding of a variable constructs, and skips one it does not know', async () => {
    const facts = await extractPython(py(
      'import demo_pb2_grpc',
      'from .service import Recommender',
      'def serve(server, injected):',
      '    service = Recommender()',
      '    demo_pb2_grpc.add_RecommendationServiceServicer_to_server(service, server)',
      '    demo_pb2_grpc.add_HealthServicer_to_server(injected, server)',
    ));
    assert.deepEqual(facts.routes.map((r) => [r.line, r.path, r.handler]), [
      [5, 'RecommendationService', { form: 'name', name: 'Recommender' }],
    ]);
  });
});
