import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { RepoIndexer } from '../../src/index/repoIndexer';
import { openStore } from '../../src/store';
import { makeTempDir, writeTree } from '../helpers/tempDir';

describe('index: Java packages and C# namespaces a repository declares are what it provides', function () {
  this.timeout(60_000);

  it('records each declared package and namespace once, never the default package or the global namespace', async () => {
    const root = fs.realpathSync(makeTempDir('ckg-declared-'));
    writeTree(root, {
      'src/main/java/com/acme/lib/Greeter.java': 'package com.acme.lib;\n\npublic class Greeter {}\n',
      'src/main/java/com/acme/lib/Other.java': 'package com.acme.lib;\n\npublic class Other {}\n',
      'Loose.java': 'public class Loose {}\n',
      'Two.cs': 'namespace Acme.One { public class A {} }\nnamespace Acme.Two { public class B {} }\n',
      'Global.cs': 'public class G {}\n',
    });
    const store = await openStore(':memory:');
    await new RepoIndexer(store).index({ repoPath: root, repoUrl: 'test/declared' });
    const declared = (await store.repoProvides())
      .filter((p) => p.ecosystem === 'java' || p.ecosystem === 'dotnet-namespace')
      .map((p) => `${p.ecosystem} ${p.name}`);
    assert.deepEqual(declared, ['dotnet-namespace Acme.One', 'dotnet-namespace Acme.Two', 'java com.acme.lib']);
  });
});
