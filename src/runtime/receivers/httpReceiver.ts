import * as http from 'node:http';
import { type DecodedRequest, OtlpDecodeError, decodeJsonRequest, decodeProtobufRequest, jsonRequestToProtobuf } from '../otlp/decode';
import { encodeExportResponse, encodeStatus } from '../otlp/schema';
import { bearerMatches } from '../../model';
import { bodyEncoding, readCappedBody } from './cappedBody';
import { type ReceiverOptions, type RunningReceiver, hostPort } from './receiver';

export const OTLP_TRACES_PATH = '/v1/traces';

/** A running OTLP/HTTP receiver; `inflatedBytes` is the work its decompression has done. */
export interface RunningHttpReceiver extends RunningReceiver {
  /** Decompressed bytes produced so far, over all requests (a gzip bomb stops at the cap). */
  readonly inflatedBytes: number;
}

/**
 * OTLP/HTTP `POST /v1/traces`, protobuf (`application/x-protobuf`) or JSON
 * (`application/json`), optionally gzip- or deflate-encoded. Replies follow the OTLP/HTTP
 * spec: 200 with an ExportTraceServiceResponse in the request's encoding; 400 (malformed),
 * 401 (token required and missing), 413 (over the size cap, after decompression, which
 * stops at the cap), 415 (other content types or encodings), 404/405 (other paths,
 * methods) with a google.rpc.Status body naming the problem. No request can stop the server.
 */
export function startHttpReceiver(options: ReceiverOptions): Promise<RunningHttpReceiver> {
  const work = { inflated: 0 };
  const server = http.createServer((request, response) => {
    handle(request, response, options, work).catch((error: unknown) => {
      options.log(`ckg serve: OTLP/HTTP: ${(error as Error).stack ?? String(error)}`);
      if (!response.headersSent) reply(response, 500, 'json', encodeFailure('json', 13, `internal error: ${(error as Error).message}`));
    });
  });
  server.on('clientError', (_error, socket) => socket.destroy());
  return new Promise((resolve, reject) => {
    server.once('error', (error) => reject(new Error(`OTLP/HTTP receiver: cannot listen on ${hostPort(options.host, options.port)}: ${error.message}`)));
    server.listen(options.port, options.host, () => {
      const bound = server.address() as { port: number };
      resolve({
        address: hostPort(options.host, bound.port),
        get inflatedBytes() {
          return work.inflated;
        },
        close: () => new Promise<void>((done) => {
          server.close(() => done());
          server.closeIdleConnections();
        }),
      });
    });
  });
}

type Encoding = 'protobuf' | 'json';

async function handle(
  request: http.IncomingMessage, response: http.ServerResponse, options: ReceiverOptions, work: { inflated: number },
): Promise<void> {
  const type = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  const encoding: Encoding = type === 'application/json' ? 'json' : 'protobuf';
  const fail = (status: number, code: number, message: string): void => {
    request.resume();
    reply(response, status, encoding, encodeFailure(encoding, code, message));
  };
  if ((request.url ?? '').split('?')[0] !== OTLP_TRACES_PATH) return fail(404, 5, `not found: OTLP traces are accepted at POST ${OTLP_TRACES_PATH}`);
  if (request.method !== 'POST') return fail(405, 3, `method ${request.method}: expected POST`);
  if (type !== 'application/x-protobuf' && type !== 'application/json') {
    return fail(415, 3, `content-type ${type || '(none)'}: expected application/x-protobuf or application/json`);
  }
  if (options.token !== undefined && !bearerMatches(request.headers.authorization, options.token)) {
    response.setHeader('WWW-Authenticate', 'Bearer realm="ckg"');
    return fail(401, 16, 'unauthenticated: send Authorization: Bearer <token> (the token given to ckg serve by --token or CKG_TOKEN)');
  }
  const contentEncoding = bodyEncoding(request.headers['content-encoding']);
  if (contentEncoding === undefined) {
    return fail(415, 3, `content-encoding ${request.headers['content-encoding']}: expected gzip, deflate or identity`);
  }
  const declared = Number(request.headers['content-length'] ?? NaN);
  if (contentEncoding === 'identity' && declared > options.maxMessageBytes) return fail(413, 8, tooLarge(options.maxMessageBytes));
  const read = await readCappedBody(request, options.maxMessageBytes, contentEncoding);
  work.inflated += read.inflated;
  if (read.kind === 'too_large') return fail(413, 8, tooLarge(options.maxMessageBytes));
  if (read.kind === 'bad_encoding') return fail(400, 3, `content-encoding ${contentEncoding}: the body is not valid ${contentEncoding} data`);
  const body = read.body;
  let decoded: DecodedRequest;
  try {
    decoded = encoding === 'json' ? decodeJsonRequest(body.toString('utf8')) : decodeProtobufRequest(body);
  } catch (error) {
    if (error instanceof OtlpDecodeError) return fail(400, 3, error.message);
    throw error;
  }
  options.sink(decoded, () => (encoding === 'json' ? jsonRequestToProtobuf(body.toString('utf8')) : body));
  const ok = encoding === 'json'
    ? Buffer.from(JSON.stringify(decoded.rejected > 0 ? { partialSuccess: { rejectedSpans: decoded.rejected, errorMessage: decoded.rejectReason } } : {}))
    : Buffer.from(encodeExportResponse(decoded.rejected, decoded.rejectReason));
  reply(response, 200, encoding, ok);
}

function tooLarge(max: number): string {
  return `request too large: over the ${max}-byte cap (trace_ingestion.max_message_bytes)`;
}

function encodeFailure(encoding: Encoding, code: number, message: string): Buffer {
  return encoding === 'json' ? Buffer.from(JSON.stringify({ code, message })) : Buffer.from(encodeStatus(code, message));
}

function reply(response: http.ServerResponse, status: number, encoding: Encoding, body: Buffer): void {
  response.writeHead(status, {
    'content-type': encoding === 'json' ? 'application/json' : 'application/x-protobuf',
    'content-length': body.length,
  });
  response.end(body);
}
