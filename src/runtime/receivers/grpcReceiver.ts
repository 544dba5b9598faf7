import * as grpc from '@grpc/grpc-js';
import { OtlpDecodeError, decodeProtobufRequest } from '../otlp/decode';
import { TRACE_EXPORT_PATH, encodeExportResponse } from '../otlp/schema';
import { bearerMatches } from '../../model';
import { type ReceiverOptions, type RunningReceiver, hostPort } from './receiver';

/**
 * OTLP/gRPC TraceService/Export with @grpc/grpc-js. Messages arrive as raw bytes and are
 * decoded in the handler, so a malformed one gets INVALID_ARGUMENT with the decoder's
 * message (grpc-js would answer INTERNAL for a failing deserializer); one over the size
 * cap gets RESOURCE_EXHAUSTED from grpc-js before any decoding (grpc-js decompresses
 * with the same cap, so a compressed bomb stops there too). With a token, a call without
 * `authorization: Bearer <token>` metadata gets UNAUTHENTICATED. None stops the server.
 */
export function startGrpcReceiver(options: ReceiverOptions): Promise<RunningReceiver> {
  const server = new grpc.Server({
    'grpc.max_receive_message_length': options.maxMessageBytes,
    'grpc.max_send_message_length': 1024 * 1024,
  });
  const identity = (bytes: Buffer): Buffer => bytes;
  server.addService(
    {
      Export: {
        path: TRACE_EXPORT_PATH, requestStream: false, responseStream: false, originalName: 'Export',
        requestSerialize: identity, requestDeserialize: identity, responseSerialize: identity, responseDeserialize: identity,
      },
    },
    {
      Export: (call: grpc.ServerUnaryCall<Buffer, Buffer>, callback: grpc.sendUnaryData<Buffer>) => {
        if (options.token !== undefined && !bearerMatches(String(call.metadata.get('authorization')[0] ?? ''), options.token)) {
          callback({ code: grpc.status.UNAUTHENTICATED, details: 'unauthenticated: send authorization: Bearer <token> metadata (the token given to ckg serve)' });
          return;
        }
        try {
          const decoded = decodeProtobufRequest(call.request);
          options.sink(decoded, () => call.request);
          callback(null, Buffer.from(encodeExportResponse(decoded.rejected, decoded.rejectReason)));
        } catch (error) {
          if (error instanceof OtlpDecodeError) {
            callback({ code: grpc.status.INVALID_ARGUMENT, details: error.message });
            return;
          }
          options.log(`ckg serve: OTLP/gRPC: ${(error as Error).stack ?? String(error)}`);
          callback({ code: grpc.status.INTERNAL, details: `internal error: ${(error as Error).message}` });
        }
      },
    },
  );
  return new Promise((resolve, reject) => {
    server.bindAsync(hostPort(options.host, options.port), grpc.ServerCredentials.createInsecure(), (error, port) => {
      if (error) {
        reject(new Error(`OTLP/gRPC receiver: cannot listen on ${hostPort(options.host, options.port)}: ${error.message}`));
        return;
      }
      resolve({
        address: hostPort(options.host, port),
        close: () => new Promise<void>((done) => {
          // In-flight exports finish; a client that never finishes is cut after 2 s.
          const force = setTimeout(() => server.forceShutdown(), 2000);
          server.tryShutdown(() => {
            clearTimeout(force);
            done();
          });
        }),
      });
    });
  });
}
