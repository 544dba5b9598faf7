import { isLoopbackHost } from '../../model';
import { ConfigError, type TraceIngestionConfig, endpointAt } from '../config';

/**
 * Who may send spans. Spans become edges in the graph that every MCP client reads, so a
 * receiver reachable from the network is as sensitive as the MCP endpoint: off loopback it
 * needs the serve token (OTLP/HTTP `Authorization: Bearer`, OTLP/gRPC `authorization`
 * metadata) or an explicit opt-out (`--otlp-insecure`, `trace_ingestion.otlp_insecure`).
 */
export interface ReceiverAccess {
  /** When set, every export must carry `Bearer <token>`. */
  readonly token?: string;
  /** Lets a receiver listen off loopback without a token (said loudly on stderr). */
  readonly insecure: boolean;
}


/**
 * Refuses a non-loopback receiver with neither a token nor the insecure opt-out, naming
 * the setting and both ways out; with the opt-out it logs a warning for each such address.
 * `what` names where the address came from (a key or a flag).
 */
export function checkReceiverBind(host: string, what: string, access: ReceiverAccess, log: (message: string) => void): void {
  if (isLoopbackHost(host) || access.token) return;
  if (!access.insecure) {
    throw new ConfigError(
      `${what}: refusing to receive spans on ${host} without a token: anyone who can reach it could write runtime edges `
      + 'into the graph; set --token or CKG_TOKEN (exporters then send Authorization: Bearer <token>), '
      + 'pass --otlp-insecure (trace_ingestion.otlp_insecure: true) to accept unauthenticated spans, or listen on 127.0.0.1',
    );
  }
  log(`ckg serve: WARNING: ${what} listens on ${host} with NO authentication (--otlp-insecure): anyone who can reach it can write runtime edges into the graph`);
}

/** Both receivers' addresses checked by checkReceiverBind, with the flags and keys that set them. */
export function checkReceiverBinds(config: TraceIngestionConfig, token: string | undefined, log: (message: string) => void): void {
  const access = { token, insecure: config.otlpInsecure };
  const grpcAt = endpointAt(config.otlpGrpcEndpoint, 'trace_ingestion.otlp_endpoint');
  const httpAt = endpointAt(config.otlpHttpEndpoint, 'trace_ingestion.otlp_endpoint.http');
  checkReceiverBind(grpcAt.host, 'OTLP/gRPC receiver (--otlp-grpc, trace_ingestion.otlp_endpoint)', access, log);
  checkReceiverBind(httpAt.host, 'OTLP/HTTP receiver (--otlp-http, trace_ingestion.otlp_endpoint.http)', access, log);
}
