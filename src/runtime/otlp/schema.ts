import * as protobuf from 'protobufjs';

/**
 * The OTLP trace messages a receiver decodes (opentelemetry-proto v1:
 * opentelemetry/proto/collector/trace/v1/trace_service.proto, trace/v1/trace.proto,
 * common/v1/common.proto, resource/v1/resource.proto), as a protobufjs reflection
 * descriptor with the official field numbers. @opentelemetry/otlp-transformer 0.301 only
 * ships a request *encoder* (for exporters) and no .proto files or request decoder, so
 * the fields a receiver reads are declared here; fields not listed (events, links,
 * status, entity refs...) are skipped by protobufjs as unknown, which the wire format
 * allows. The tests decode what the real OTel exporters encode.
 */
const KEY_VALUE_LIST = { fields: { values: { rule: 'repeated', type: 'KeyValue', id: 1 } } };

const DESCRIPTOR = {
  nested: {
    otlp: {
      nested: {
        AnyValue: {
          oneofs: { value: { oneof: ['stringValue', 'boolValue', 'intValue', 'doubleValue', 'arrayValue', 'kvlistValue', 'bytesValue'] } },
          fields: {
            stringValue: { type: 'string', id: 1 },
            boolValue: { type: 'bool', id: 2 },
            intValue: { type: 'int64', id: 3 },
            doubleValue: { type: 'double', id: 4 },
            arrayValue: { type: 'ArrayValue', id: 5 },
            kvlistValue: { type: 'KeyValueList', id: 6 },
            bytesValue: { type: 'bytes', id: 7 },
          },
        },
        ArrayValue: { fields: { values: { rule: 'repeated', type: 'AnyValue', id: 1 } } },
        KeyValueList: KEY_VALUE_LIST,
        KeyValue: { fields: { key: { type: 'string', id: 1 }, value: { type: 'AnyValue', id: 2 } } },
        Resource: { fields: { attributes: { rule: 'repeated', type: 'KeyValue', id: 1 } } },
        InstrumentationScope: { fields: { name: { type: 'string', id: 1 }, version: { type: 'string', id: 2 } } },
        Span: {
          fields: {
            traceId: { type: 'bytes', id: 1 },
            spanId: { type: 'bytes', id: 2 },
            traceState: { type: 'string', id: 3 },
            parentSpanId: { type: 'bytes', id: 4 },
            name: { type: 'string', id: 5 },
            kind: { type: 'int32', id: 6 },
            startTimeUnixNano: { type: 'fixed64', id: 7 },
            endTimeUnixNano: { type: 'fixed64', id: 8 },
            attributes: { rule: 'repeated', type: 'KeyValue', id: 9 },
            flags: { type: 'fixed32', id: 16 },
          },
        },
        ScopeSpans: {
          fields: {
            scope: { type: 'InstrumentationScope', id: 1 },
            spans: { rule: 'repeated', type: 'Span', id: 2 },
            schemaUrl: { type: 'string', id: 3 },
          },
        },
        ResourceSpans: {
          fields: {
            resource: { type: 'Resource', id: 1 },
            scopeSpans: { rule: 'repeated', type: 'ScopeSpans', id: 2 },
            schemaUrl: { type: 'string', id: 3 },
          },
        },
        ExportTraceServiceRequest: { fields: { resourceSpans: { rule: 'repeated', type: 'ResourceSpans', id: 1 } } },
        ExportTracePartialSuccess: { fields: { rejectedSpans: { type: 'int64', id: 1 }, errorMessage: { type: 'string', id: 2 } } },
        ExportTraceServiceResponse: { fields: { partialSuccess: { type: 'ExportTracePartialSuccess', id: 1 } } },
        // google/rpc/status.proto, the error body of OTLP/HTTP (details left out).
        Status: { fields: { code: { type: 'int32', id: 1 }, message: { type: 'string', id: 2 } } },
      },
    },
  },
};

const root = protobuf.Root.fromJSON(DESCRIPTOR);

export const OtlpTypes = {
  request: root.lookupType('otlp.ExportTraceServiceRequest'),
  response: root.lookupType('otlp.ExportTraceServiceResponse'),
  status: root.lookupType('otlp.Status'),
};

/** The gRPC method path of TraceService/Export. */
export const TRACE_EXPORT_PATH = '/opentelemetry.proto.collector.trace.v1.TraceService/Export';

/** An ExportTraceServiceResponse; partial success when some spans were rejected. */
export function encodeExportResponse(rejectedSpans = 0, errorMessage = ''): Uint8Array {
  const message = rejectedSpans > 0 || errorMessage !== '' ? { partialSuccess: { rejectedSpans, errorMessage } } : {};
  return OtlpTypes.response.encode(OtlpTypes.response.fromObject(message)).finish();
}

/** A google.rpc.Status (gRPC code and message): the body of an OTLP/HTTP error reply. */
export function encodeStatus(code: number, message: string): Uint8Array {
  return OtlpTypes.status.encode(OtlpTypes.status.fromObject({ code, message })).finish();
}
