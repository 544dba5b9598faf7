import * as assert from 'node:assert/strict';
import { RepoLayout } from '../../src/resolve/layout';
import { protoResolver } from '../../src/resolve/languages/proto';

describe('resolve/proto', () => {
  const layout = new RepoLayout(
    [
      'protos/shop/v1/orders.proto', 'protos/common/v1/money.proto', 'a/dup.proto', 'b/dup.proto', 'protos/shop/v1/local.proto',
      'svc-a/protos/demo.proto', 'svc-a/protos/common.proto', 'svc-b/protos/demo.proto', 'svc-b/protos/common.proto', 'common.proto',
      'third_party/googleapis/google/api/http.proto',
    ],
    () => undefined,
  );
  const resolver = protoResolver(layout);

  it('uses the proto package as the package path, else the file path without .proto', () => {
    assert.equal(resolver.packagePath('protos/shop/v1/orders.proto', { packageName: 'shop.v1' }), 'shop.v1');
    assert.equal(resolver.packagePath('legacy/ping.proto', { packageName: '' }), 'legacy/ping');
    assert.equal(resolver.moduleNodePath('protos/shop/v1/orders.proto', { packageName: 'shop.v1' }), 'protos/shop/v1/orders.proto');
  });

  it('finds imports under include roots nearest first (the importer directory up to the root), then by a unique path suffix', () => {
    const from = 'protos/shop/v1/orders.proto';
    assert.deepEqual(resolver.resolveImport('protos/common/v1/money.proto', from), { inRepo: true, packagePath: 'protos/common/v1/money.proto' });
    assert.deepEqual(resolver.resolveImport('local.proto', from), { inRepo: true, packagePath: 'protos/shop/v1/local.proto' });
    assert.deepEqual(resolver.resolveImport('common/v1/money.proto', from), { inRepo: true, packagePath: 'protos/common/v1/money.proto' });
    assert.deepEqual(resolver.resolveImport('dup.proto', from), { inRepo: false, module: 'dup.proto' });
    assert.deepEqual(resolver.resolveImport('google/protobuf/timestamp.proto', from), { inRepo: false, module: 'google/protobuf/timestamp.proto' });
    assert.deepEqual(resolver.resolveImport('google/api/http.proto', from), { inRepo: true, packagePath: 'third_party/googleapis/google/api/http.proto' });
  });

  it('resolves an import of a vendored copy to the copy beside the importer, never to another service copy', () => {
    for (const service of ['svc-a', 'svc-b']) {
      const from = `${service}/protos/demo.proto`;
      assert.deepEqual(resolver.resolveImport('common.proto', from), { inRepo: true, packagePath: `${service}/protos/common.proto` });
      assert.deepEqual(resolver.resolveImport('protos/common.proto', from), { inRepo: true, packagePath: `${service}/protos/common.proto` });
    }
    assert.deepEqual(resolver.resolveImport('common.proto', 'other/x.proto'), { inRepo: true, packagePath: 'common.proto' });
  });
});
