import type { DecodedRequest } from '../otlp/decode';

/** What a receiver hands on for each accepted request: the spans, and the protobuf bytes to forward. */
export type RequestSink = (request: DecodedRequest, protobuf: () => Uint8Array) => void;

/** A listening receiver. */
export interface RunningReceiver {
  /** `host:port` actually bound (port 0 resolved). */
  readonly address: string;
  close(): Promise<void>;
}

/** How a receiver is started: where, how large a request may be, where spans go, who may send. */
export interface ReceiverOptions {
  readonly host: string;
  readonly port: number;
  /** Largest request accepted, in bytes (after decompression for HTTP). */
  readonly maxMessageBytes: number;
  readonly sink: RequestSink;
  /** When set, every export must carry `Bearer <token>` (HTTP header or gRPC metadata `authorization`). */
  readonly token?: string;
  /** Diagnostics (a sink that threw): stderr in the CLI. */
  readonly log: (message: string) => void;
}

/** `host:port`, with an IPv6 host in brackets. */
export function hostPort(host: string, port: number): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}
