import * as grpc from '@grpc/grpc-js';
import { TRACE_EXPORT_PATH } from '../otlp/schema';
import type { ExportTransport } from './collectorLink';

/**
 * OTLP/gRPC export of raw ExportTraceServiceRequest bytes to `endpoint` (HOST:PORT,
 * plaintext). An unreachable upstream fails the call at once (no wait-for-ready), so the
 * link's own backoff decides when to try again; a hung one fails at the deadline.
 */
export function grpcTransport(endpoint: string, options: { readonly deadlineMs?: number } = {}): ExportTransport {
  const client = new grpc.Client(endpoint, grpc.credentials.createInsecure(), {
    'grpc.initial_reconnect_backoff_ms': 500,
    'grpc.max_reconnect_backoff_ms': 5000,
  });
  const identity = (bytes: Buffer): Buffer => bytes;
  return {
    send: (request) => new Promise<void>((resolve, reject) => {
      client.makeUnaryRequest(
        TRACE_EXPORT_PATH, identity, identity, Buffer.from(request.buffer, request.byteOffset, request.byteLength),
        new grpc.Metadata(), { deadline: Date.now() + (options.deadlineMs ?? 10_000) },
        (error) => (error ? reject(error) : resolve()),
      );
    }),
    close: () => client.close(),
  };
}
