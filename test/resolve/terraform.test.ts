import * as assert from 'node:assert/strict';
import { terraformResolver } from '../../src/resolve/languages/terraform';
import { RepoLayout } from '../../src/resolve/layout';

describe('resolve/languages terraform', () => {
  const layout = new RepoLayout(
    ['main.tf', 'infra/main.tf', 'infra/modules/queue/main.tf', 'infra/modules/docs/README.md', 'shared/vars.tf'],
    () => '',
  );
  const terraform = terraformResolver(layout);

  it('uses the module directory as package path, `.` for the root', () => {
    assert.equal(terraform.packagePath('main.tf'), '.');
    assert.equal(terraform.packagePath('infra/modules/queue/main.tf'), 'infra/modules/queue');
    assert.equal(terraform.moduleNodePath('infra/main.tf'), 'infra/main.tf');
    assert.ok(terraform.packageScope);
  });

  it('resolves relative module sources to directories holding .tf files', () => {
    assert.deepEqual(terraform.resolveImport('./modules/queue', 'infra/main.tf'), { inRepo: true, packagePath: 'infra/modules/queue' });
    assert.deepEqual(terraform.resolveImport('./modules/queue/', 'infra/main.tf'), { inRepo: true, packagePath: 'infra/modules/queue' });
    assert.deepEqual(terraform.resolveImport('../shared', 'infra/main.tf'), { inRepo: true, packagePath: 'shared' });
    assert.deepEqual(terraform.resolveImport('../../', 'infra/modules/queue/main.tf'), { inRepo: true, packagePath: 'infra' });
    assert.deepEqual(terraform.resolveImport('../', 'infra/main.tf'), { inRepo: true, packagePath: '.' });
  });

  it('leaves registry, git, missing and out-of-repo sources outside', () => {
    for (const source of ['terraform-aws-modules/vpc/aws', 'git::https://example.com/m.git?ref=v1', './modules/docs', './nowhere', '../../../x']) {
      assert.deepEqual(terraform.resolveImport(source, 'infra/main.tf'), { inRepo: false, module: source });
    }
  });
});
