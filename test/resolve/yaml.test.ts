import * as assert from 'node:assert/strict';
import { RepoLayout } from '../../src/resolve/layout';
import { yamlResolver } from '../../src/resolve/languages/yaml';

describe('resolve/yaml', () => {
  const layout = new RepoLayout(
    ['base/kustomization.yaml', 'base/app.yaml', 'components/tracing/kustomization.yml', 'overlays/prod/kustomization.yaml', 'overlays/prod/patch.yaml'],
    () => undefined,
  );
  const resolver = yamlResolver(layout);
  const from = 'overlays/prod/kustomization.yaml';

  it('keeps the file path as package path', () => {
    assert.equal(resolver.packagePath('base/app.yaml'), 'base/app.yaml');
    assert.equal(resolver.moduleNodePath('base/app.yaml'), 'base/app.yaml');
  });

  it('resolves a kustomize entry to a file, or a directory to the kustomization file in it', () => {
    assert.deepEqual(resolver.resolveImport('patch.yaml', from), { inRepo: true, packagePath: 'overlays/prod/patch.yaml' });
    assert.deepEqual(resolver.resolveImport('../../base', from), { inRepo: true, packagePath: 'base/kustomization.yaml' });
    assert.deepEqual(resolver.resolveImport('../../base/', from), { inRepo: true, packagePath: 'base/kustomization.yaml' });
    assert.deepEqual(resolver.resolveImport('../../components/tracing', from), { inRepo: true, packagePath: 'components/tracing/kustomization.yml' });
  });

  it('leaves remote bases and missing directories outside the repo', () => {
    const remote = 'https://github.com/example/app//deploy?ref=v1';
    assert.deepEqual(resolver.resolveImport(remote, from), { inRepo: false, module: remote });
    assert.deepEqual(resolver.resolveImport('../../gone', from), { inRepo: false, module: '../../gone' });
  });
});
