// Runtime traffic for the e2e fixture workspace (ts-app), sent with the real OTel SDK and
// OTLP/HTTP exporter to the trace receiver the editor started, so Trace Stats, the CodeLens
// "observed" counts and Dead Routes have real runtime edges to show.
import { SpanKind } from '@opentelemetry/api';
import { OtelService } from '../runtime/otelApp';

/** How many calls of each kind the traffic makes: distinct counts, so each edge is told apart. */
export const TS_APP_TRAFFIC = { statusFromWeb: 12, runFromWeb: 5, statusFromOutside: 3 } as const;

/**
 * A `web` service calling ts-app's `GET /status` and `POST /run` (client spans with the
 * server spans they cause), outside callers hitting `GET /status` directly (root server
 * spans), and the `POST /run` handler publishing to a topic and calling a billing service
 * over gRPC. `httpAddress` is the receiver's OTLP/HTTP HOST:PORT.
 */
export async function sendTsAppTraffic(httpAddress: string): Promise<void> {
  const web = new OtelService('web', 'proto', httpAddress);
  const app = new OtelService('ts-app', 'proto', httpAddress);
  try {
    for (let i = 0; i < TS_APP_TRAFFIC.statusFromWeb; i++) {
      const client = web.start('GET', SpanKind.CLIENT, { 'http.request.method': 'GET', 'url.full': 'http://ts-app.internal/status', 'peer.service': 'ts-app' });
      app.start('GET /status', SpanKind.SERVER, { 'http.request.method': 'GET', 'http.route': '/status', 'url.path': '/status', 'http.response.status_code': 200 }, client).end();
      client.end();
    }
    for (let i = 0; i < TS_APP_TRAFFIC.runFromWeb; i++) {
      const client = web.start('POST', SpanKind.CLIENT, { 'http.request.method': 'POST', 'url.full': 'http://ts-app.internal/run', 'peer.service': 'ts-app' });
      const server = app.start('POST /run', SpanKind.SERVER, { 'http.request.method': 'POST', 'http.route': '/run', 'url.path': '/run', 'http.response.status_code': 200 }, client);
      app.start('run-finished publish', SpanKind.PRODUCER, { 'messaging.system': 'kafka', 'messaging.destination.name': 'run-finished', 'messaging.operation.type': 'publish' }, server).end();
      const charge = app.start('billing.Billing/Charge', SpanKind.CLIENT, { 'rpc.system': 'grpc', 'rpc.service': 'billing.Billing', 'rpc.method': 'Charge', 'peer.service': 'billing' }, server);
      charge.end();
      server.end();
      client.end();
    }
    for (let i = 0; i < TS_APP_TRAFFIC.statusFromOutside; i++) {
      app.start('GET /status', SpanKind.SERVER, { 'http.request.method': 'GET', 'http.route': '/status', 'url.path': '/status', 'http.response.status_code': 200 }).end();
    }
    await app.flush();
    await web.flush();
  } finally {
    await Promise.all([web.shutdown(), app.shutdown()]);
  }
}
