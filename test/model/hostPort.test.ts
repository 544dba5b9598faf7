import * as assert from 'node:assert/strict';
import { formatHostPort, parseHostPort } from '../../src/model';

describe('model/hostPort', () => {
  it('parses HOST:PORT with a name, an IPv4 or a bracketed IPv6 host, and port 0', () => {
    assert.deepEqual(parseHostPort('127.0.0.1:7420'), { host: '127.0.0.1', port: 7420 });
    assert.deepEqual(parseHostPort(' localhost:0 '), { host: 'localhost', port: 0 });
    assert.deepEqual(parseHostPort('[::1]:4317'), { host: '::1', port: 4317 });
    assert.deepEqual(parseHostPort('collector:4317'), { host: 'collector', port: 4317 });
  });

  it('refuses a missing port, a port out of range and a bare IPv6 address', () => {
    for (const bad of ['7420', '127.0.0.1', '127.0.0.1:', '127.0.0.1:99999', 'a:b', '::1:4317', '']) {
      assert.equal(parseHostPort(bad), undefined, bad);
    }
  });

  it('formats an address back, bracketing an IPv6 host', () => {
    assert.equal(formatHostPort({ host: '10.0.0.5', port: 4318 }), '10.0.0.5:4318');
    assert.equal(formatHostPort({ host: '::1', port: 0 }), '[::1]:0');
  });
});
