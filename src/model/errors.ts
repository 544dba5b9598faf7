/**
 * What kind of failure an error is, for code that has to react to it: the CLI's exit code,
 * an MCP error reply, a receiver's status. Stable: callers switch on it, never on message
 * text, so messages stay free to say whatever helps a reader.
 */
export type ErrorCode =
  /** A command line the user can fix (CLI exit 2). */
  | 'usage'
  /** A graph file that cannot be opened: not a graph, a newer schema, no such directory (CLI exit 3). */
  | 'store_open'
  /** Another process holds a graph's writer lock and the caller would not wait (CLI exit 4). */
  | 'store_locked'
  /** A tool argument the caller can fix; the MCP reply is the message itself. */
  | 'invalid_argument'
  /** A reply no cut of the result fits under the token cap; the MCP reply is the message itself. */
  | 'reply_too_large'
  /** A config file value that is refused. */
  | 'config'
  /** An HTTP listen address or policy the MCP server refuses. */
  | 'http_config'
  /** An OTLP request that does not decode. */
  | 'otlp_decode'
  /** Protobuf bytes that end early or are malformed. */
  | 'wire';

/**
 * The base of every error thrown on purpose. Subclasses fix their `code`; the message is
 * for people. The name stays `Error`, so stack traces and messages read as they always did.
 */
export abstract class CkgError extends Error {
  abstract readonly code: ErrorCode;
}

/** The code of an error thrown on purpose; undefined for anything else (a bug, a system error). */
export function errorCode(error: unknown): ErrorCode | undefined {
  return error instanceof CkgError ? error.code : undefined;
}
