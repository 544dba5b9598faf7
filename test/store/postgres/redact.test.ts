import * as assert from 'node:assert/strict';
import { passwordOf, redactLocation, redactSecrets } from '../../../src/store/postgres/redact';

describe('store/postgres/redact', () => {
  it('masks the password of a URL and keeps everything else', () => {
    assert.equal(redactLocation('postgres://ckg:s3cret@db.example:5432/graph'), 'postgres://ckg:***@db.example:5432/graph');
    assert.equal(redactLocation('postgresql://ckg:p%40ss@db/graph?sslmode=require'), 'postgresql://ckg:***@db/graph?sslmode=require');
    assert.equal(redactLocation('POSTGRES://ckg:x@db/graph'), 'POSTGRES://ckg:***@db/graph');
    assert.equal(redactLocation('postgres://ckg@db/graph'), 'postgres://ckg@db/graph', 'no password, nothing to mask');
    assert.equal(redactLocation('postgres://db/graph'), 'postgres://db/graph');
    assert.equal(redactLocation('postgres://ckg@db/graph?password=hunter2&sslmode=require'), 'postgres://ckg@db/graph?password=***&sslmode=require');
  });

  it('reads the password from the userinfo or the password parameter, decoded', () => {
    assert.equal(passwordOf('postgres://ckg:p%40ss@db/graph'), 'p@ss');
    assert.equal(passwordOf('postgres://ckg@db/graph?sslmode=require&password=hunter2'), 'hunter2');
    assert.equal(passwordOf('postgres://ckg@db/graph'), undefined);
  });

  it('masks the password wherever a message repeats it: raw, decoded, or inside the URL', () => {
    const location = 'postgres://ckg:p%40ss-word@db.example/graph';
    const message = `connect to ${location} failed; password p@ss-word rejected; raw p%40ss-word`;
    const masked = redactSecrets(message, location);
    assert.ok(!masked.includes('p@ss-word') && !masked.includes('p%40ss-word'), masked);
    assert.ok(masked.includes('postgres://ckg:***@db.example/graph'), masked);
  });
});
