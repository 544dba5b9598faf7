import { Metadata } from '@grpc/grpc-js';
import { type Context, ROOT_CONTEXT, type Span, SpanKind, trace } from '@opentelemetry/api';
import { OTLPTraceExporter as GrpcExporter } from '@opentelemetry/exporter-trace-otlp-grpc';
import { OTLPTraceExporter as ProtoExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';

/**
 * A test app instrumented with the real OTel SDK: one tracer provider per service, each
 * exporting with a real OTLP exporter (gRPC or HTTP/protobuf) to the receiver under test.
 */
export class OtelService {
  readonly provider: TracerProvider;

  /** `token`, when given, is sent as `authorization: Bearer <token>` (gRPC metadata or HTTP header). */
  constructor(readonly name: string, exporter: 'grpc' | 'proto', endpoint: string, token?: string) {
    const metadata = new Metadata();
    if (token !== undefined) metadata.set('authorization', `Bearer ${token}`);
    const exporterInstance = exporter === 'grpc'
      ? new GrpcExporter({ url: `http://${endpoint}`, metadata })
      : new ProtoExporter({ url: `http://${endpoint}/v1/traces`, headers: token === undefined ? {} : { Authorization: `Bearer ${token}` } });
    this.provider = new TracerProvider({
      resource: resourceFromAttributes({ 'service.name': name }),
      spanProcessors: [new BatchSpanProcessor({ exporter: exporterInstance, maxExportBatchSize: 512, scheduledDelayMillis: 100 })],
    });
  }

  /** Starts a span; `parent` may be a span of another service (a remote parent, as propagation gives). */
  start(name: string, kind: SpanKind, attributes: Record<string, string | number>, parent?: Span): Span {
    const context: Context = parent ? trace.setSpanContext(ROOT_CONTEXT, { ...parent.spanContext(), isRemote: true }) : ROOT_CONTEXT;
    return this.provider.getTracer('ckg-test').startSpan(name, { kind, attributes }, context);
  }

  /** Exports everything ended so far. */
  flush(): Promise<void> {
    return this.provider.forceFlush();
  }

  shutdown(): Promise<void> {
    return this.provider.shutdown();
  }
}

/**
 * One HTTP call checkout -> go-routes `GET /users/{id}`, one gRPC call checkout ->
 * go-routes Greeter/SayHello, and a message checkout publishes to `order-placed` that
 * mailer consumes: client, server, producer and consumer spans as real instrumentation
 * emits them. Returns the trace IDs per call.
 */
export function emitTraffic(checkout: OtelService, users: OtelService, mailer: OtelService): { http: string; grpc: string; message: string } {
  const httpClient = checkout.start('GET', SpanKind.CLIENT, {
    'http.request.method': 'GET', 'url.full': 'http://users.internal:8080/users/42', 'server.address': 'users.internal', 'peer.service': 'go-routes',
  });
  const httpServer = users.start('GET /users/{id}', SpanKind.SERVER, {
    'http.request.method': 'GET', 'http.route': '/users/{id}', 'url.path': '/users/42', 'http.response.status_code': 200,
  }, httpClient);
  httpServer.end();
  httpClient.end();

  const rpcClient = checkout.start('helloworld.Greeter/SayHello', SpanKind.CLIENT, {
    'rpc.system': 'grpc', 'rpc.service': 'helloworld.Greeter', 'rpc.method': 'SayHello', 'server.address': 'go-routes',
  });
  const rpcServer = users.start('helloworld.Greeter/SayHello', SpanKind.SERVER, {
    'rpc.system': 'grpc', 'rpc.service': 'helloworld.Greeter', 'rpc.method': 'SayHello',
  }, rpcClient);
  rpcServer.end();
  rpcClient.end();

  const producer = checkout.start('order-placed publish', SpanKind.PRODUCER, {
    'messaging.system': 'kafka', 'messaging.destination.name': 'order-placed', 'messaging.operation.type': 'publish',
  });
  const consumer = mailer.start('order-placed process', SpanKind.CONSUMER, {
    'messaging.system': 'kafka', 'messaging.destination.name': 'order-placed', 'messaging.operation.type': 'process',
  }, producer);
  consumer.end();
  producer.end();
  return { http: httpClient.spanContext().traceId, grpc: rpcClient.spanContext().traceId, message: producer.spanContext().traceId };
}
