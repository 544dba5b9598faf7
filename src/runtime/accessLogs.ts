import { CLIENT_SERVICE } from './spanMapper';
import { type HTTPLogEntry, SpanKind, type TraceSpan } from './spans';

/**
 * HTTP access logs to HTTPLogEntry (SPEC 2.9): the common and combined log formats
 * (nginx, Apache; an optional trailing request time is read as the duration) and JSON
 * lines. A bad line is reported with its line number and skipped; it never stops a run.
 */
export interface ParsedLine {
  readonly entry?: HTTPLogEntry;
  readonly error?: string;
}

export interface LogParseOptions {
  /** The serving service, for lines that do not name one (the common format never does). */
  readonly serviceName?: string;
}

// host ident user [time] "METHOD target PROTO" status bytes ["referer" "agent"] [request_time]
const CLF = /^(\S+) \S+ \S+ \[([^\]]+)\] "(\S+) (\S+)(?: [^"]*)?" (\d{3}) (?:\d+|-)(?: "(?:[^"\\]|\\.)*" "(?:[^"\\]|\\.)*")?(?: ([\d.]+))?\s*$/;
const MONTHS: Readonly<Record<string, number>> = {
  Jan: 0, Feb: 1, Mar: 2, Apr: 3, May: 4, Jun: 5, Jul: 6, Aug: 7, Sep: 8, Oct: 9, Nov: 10, Dec: 11,
};

export function parseLogLine(line: string, options: LogParseOptions = {}): ParsedLine {
  const text = line.trim();
  if (text.startsWith('{')) return parseJsonLine(text, options);
  const match = CLF.exec(text);
  if (!match) return { error: 'expected the common or combined log format, or a JSON object' };
  const timestamp = parseClfTime(match[2]);
  if (timestamp === undefined) return { error: `bad time [${match[2]}]: expected dd/Mon/yyyy:HH:MM:SS +zzzz` };
  if (!options.serviceName) return { error: 'the line names no service: pass --service NAME' };
  return {
    entry: {
      timestamp, method: match[3].toUpperCase(), path: match[4], statusCode: Number(match[5]), serviceName: options.serviceName,
      clientIp: match[1], duration: match[6] === undefined ? 0 : Number(match[6]),
    },
  };
}

/** `10/Oct/2000:13:55:36 -0700` to Unix seconds. */
function parseClfTime(text: string): number | undefined {
  const m = /^(\d{2})\/([A-Z][a-z]{2})\/(\d{4}):(\d{2}):(\d{2}):(\d{2}) ([+-])(\d{2})(\d{2})$/.exec(text);
  if (!m || MONTHS[m[2]] === undefined) return undefined;
  const utc = Date.UTC(Number(m[3]), MONTHS[m[2]], Number(m[1]), Number(m[4]), Number(m[5]), Number(m[6])) / 1000;
  const offset = (Number(m[8]) * 3600 + Number(m[9]) * 60) * (m[7] === '+' ? 1 : -1);
  return utc - offset;
}

/** Field names accepted in JSON lines, SPEC spelling first, then common logger spellings. */
const JSON_FIELDS = {
  timestamp: ['Timestamp', 'timestamp', 'time', 'ts', '@timestamp', 'time_local', 'time_iso8601'],
  method: ['Method', 'method', 'request_method', 'http_method'],
  path: ['Path', 'path', 'uri', 'request_uri', 'url', 'request'],
  status: ['StatusCode', 'status', 'status_code', 'statusCode'],
  service: ['ServiceName', 'service', 'service_name', 'serviceName'],
  client: ['ClientIP', 'client_ip', 'clientIp', 'remote_addr', 'client', 'ip'],
  duration: ['Duration', 'duration', 'request_time', 'duration_ms'],
} as const;

function parseJsonLine(text: string, options: LogParseOptions): ParsedLine {
  let record: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { error: 'expected a JSON object' };
    record = parsed as Record<string, unknown>;
  } catch (error) {
    return { error: `not valid JSON: ${(error as Error).message}` };
  }
  const field = (names: readonly string[]): { name: string; value: unknown } | undefined => {
    for (const name of names) if (record[name] !== undefined && record[name] !== null) return { name, value: record[name] };
    return undefined;
  };
  let method = field(JSON_FIELDS.method)?.value;
  let target = field(JSON_FIELDS.path)?.value;
  // nginx's $request: "GET /path HTTP/1.1"
  if (typeof target === 'string' && method === undefined) {
    const request = /^([A-Z]+) (\S+)/.exec(target);
    if (request) [, method, target] = request;
  }
  if (typeof method !== 'string' || method === '') return { error: `no method: expected one of ${JSON_FIELDS.method.join(', ')}` };
  if (typeof target !== 'string' || target === '') return { error: `no path: expected one of ${JSON_FIELDS.path.join(', ')}` };
  const time = field(JSON_FIELDS.timestamp)?.value;
  const timestamp = typeof time === 'number' ? (time > 1e12 ? time / 1000 : time) : typeof time === 'string' ? Date.parse(time) / 1000 : NaN;
  if (!Number.isFinite(timestamp)) return { error: `no valid timestamp: expected one of ${JSON_FIELDS.timestamp.join(', ')} (Unix seconds or ISO 8601)` };
  const status = Number(field(JSON_FIELDS.status)?.value ?? 0);
  const service = field(JSON_FIELDS.service)?.value ?? options.serviceName;
  if (typeof service !== 'string' || service === '') return { error: 'the line names no service: pass --service NAME' };
  const duration = field(JSON_FIELDS.duration);
  const seconds = duration === undefined ? 0 : Number(duration.value) / (duration.name === 'duration_ms' ? 1000 : 1);
  const client = field(JSON_FIELDS.client)?.value;
  return {
    entry: {
      timestamp, method: method.toUpperCase(), path: pathOfTarget(target), statusCode: Number.isFinite(status) ? status : 0,
      serviceName: service, clientIp: typeof client === 'string' ? client : '', duration: Number.isFinite(seconds) ? seconds : 0,
    },
  };
}

function pathOfTarget(target: string): string {
  const url = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*(\/[^?#]*)?/i.exec(target);
  return url ? url[1] ?? '/' : target;
}

const IP = /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-f:]*:[0-9a-f:.]*|-|unknown)$/i;

/**
 * A log entry as the root server span it describes, so logs and traces map the same way.
 * A client that is a name, not an IP, is the calling service.
 */
export function logEntryToSpan(entry: HTTPLogEntry): TraceSpan {
  const attributes: Record<string, string> = {
    'http.request.method': entry.method, 'url.path': entry.path, 'http.response.status_code': String(entry.statusCode),
  };
  if (entry.clientIp !== '' && !IP.test(entry.clientIp)) attributes[CLIENT_SERVICE] = entry.clientIp;
  return {
    traceId: '', spanId: '', parentSpanId: '', serviceName: entry.serviceName, operationName: `${entry.method} ${entry.path}`,
    peerService: '', attributes, startTime: entry.timestamp, duration: entry.duration, kind: SpanKind.SERVER,
  };
}
