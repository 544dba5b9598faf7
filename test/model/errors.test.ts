import * as assert from 'node:assert/strict';
import { UsageError } from '../../src/cli/args';
import { ContextInputError } from '../../src/context/errors';
import { ReplyTooLargeError } from '../../src/mcp/replyCap';
import { ToolError, isCallerError } from '../../src/mcp/tool';
import { HttpConfigError } from '../../src/mcp/transports/http';
import { CkgError, errorCode } from '../../src/model';
import { ConfigError } from '../../src/runtime/config';
import { OtlpDecodeError } from '../../src/runtime/otlp/decode';
import { WireError } from '../../src/runtime/otlp/wireReader';
import { StoreOpenError } from '../../src/store';

describe('model/errors', () => {
  it('gives every error thrown on purpose a stable code on one base class', () => {
    const codes = [
      new UsageError('u'), new StoreOpenError('s'), new ToolError('t'), new ContextInputError('files', 'c'), new ReplyTooLargeError('r'),
      new ConfigError('c'), new HttpConfigError('h'), new OtlpDecodeError('o'), new WireError('w'),
    ].map((error) => {
      assert.ok(error instanceof CkgError);
      return errorCode(error);
    });
    assert.deepEqual(codes, ['usage', 'store_open', 'invalid_argument', 'invalid_argument', 'reply_too_large', 'config', 'http_config', 'otlp_decode', 'wire']);
  });

  it('has no code for anything else, even an error carrying a system code', () => {
    const system = Object.assign(new Error('no such file'), { code: 'ENOENT' });
    assert.deepEqual([errorCode(system), errorCode(new Error('x')), errorCode('a string'), errorCode(undefined)], [undefined, undefined, undefined, undefined]);
  });

  it('keeps messages and names as they were', () => {
    const error = new UsageError('--http: expected HOST:PORT');
    assert.equal(error.message, '--http: expected HOST:PORT');
    assert.equal(String(error), 'Error: --http: expected HOST:PORT');
    assert.equal(new ContextInputError('files', 'not indexed: a.ts').message, 'files: not indexed: a.ts');
  });

  it('tells the MCP server which failures are the caller\'s to fix, by code', () => {
    assert.deepEqual(
      [new ToolError('a'), new ContextInputError('b', 'c'), new ReplyTooLargeError('d'), new ConfigError('e'), new TypeError('f')].map(isCallerError),
      [true, true, true, false, false],
    );
  });
});
