import * as assert from 'node:assert/strict';
import { parseLogLine } from '../../src/runtime/accessLogs';

describe('access log lines', () => {
  it('reads the common and combined formats', () => {
    assert.deepEqual(parseLogLine('127.0.0.1 - frank [10/Oct/2000:13:55:36 -0700] "GET /apache_pb.gif HTTP/1.0" 200 2326', { serviceName: 'web' }).entry, {
      timestamp: 971211336, method: 'GET', path: '/apache_pb.gif', statusCode: 200, serviceName: 'web', clientIp: '127.0.0.1', duration: 0,
    });
    const combined = parseLogLine('10.1.2.3 - - [01/Jan/2026:00:00:00 +0000] "POST /users?x=1 HTTP/1.1" 201 - "https://r/" "curl/8 \\"q\\"" 0.012', { serviceName: 'web' });
    assert.deepEqual(combined.entry, {
      timestamp: 1767225600, method: 'POST', path: '/users?x=1', statusCode: 201, serviceName: 'web', clientIp: '10.1.2.3', duration: 0.012,
    });
  });

  it('reads JSON lines in the SPEC spelling and common logger spellings', () => {
    assert.deepEqual(parseLogLine('{"Timestamp":1767225600,"Method":"get","Path":"/a","StatusCode":200,"ServiceName":"api","ClientIP":"checkout","Duration":0.5}').entry, {
      timestamp: 1767225600, method: 'GET', path: '/a', statusCode: 200, serviceName: 'api', clientIp: 'checkout', duration: 0.5,
    });
    assert.deepEqual(parseLogLine('{"time":"2026-01-01T00:00:00Z","request":"DELETE /b/1 HTTP/1.1","status":204,"remote_addr":"::1","duration_ms":20}', { serviceName: 'api' }).entry, {
      timestamp: 1767225600, method: 'DELETE', path: '/b/1', statusCode: 204, serviceName: 'api', clientIp: '::1', duration: 0.02,
    });
  });

  it('explains lines it cannot read', () => {
    assert.match(parseLogLine('hello').error!, /expected the common or combined log format, or a JSON object/);
    assert.match(parseLogLine('{"method":"GET"').error!, /not valid JSON/);
    assert.match(parseLogLine('{"method":"GET","path":"/"}').error!, /no valid timestamp/);
    assert.match(parseLogLine('1.2.3.4 - - [01/Jan/2026:00:00:00 +0000] "GET / HTTP/1.1" 200 1').error!, /pass --service NAME/);
  });
});
