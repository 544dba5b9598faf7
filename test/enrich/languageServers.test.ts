import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { planServers, serverFor } from '../../src/enrich/languageServers';
import { makeTempDir, writeTree } from '../helpers/tempDir';

describe('enrich/languageServers', () => {
  it('maps graph languages to servers; languages no server covers are listed apart', () => {
    assert.equal(serverFor('tsx')?.id, 'tsserver');
    assert.equal(serverFor('javascript')?.id, 'tsserver');
    assert.equal(serverFor('python')?.id, 'pyright');
    assert.equal(serverFor('yaml'), undefined);
    const plan = planServers(['yaml', 'typescript', 'tsx', 'sql', 'typescript'], makeTempDir());
    assert.deepEqual(plan.use.map((u) => [u.server.id, u.languages]), [['tsserver', ['tsx', 'typescript']]]);
    assert.deepEqual(plan.unsupported, ['sql', 'yaml']);
  });

  it("uses the repository's own TypeScript first, so answers follow the project's compiler", () => {
    const root = makeTempDir();
    writeTree(root, { 'node_modules/typescript/package.json': '{"version":"4.9.5"}', 'node_modules/typescript/lib/tsserver.js': '' });
    const [use] = planServers(['typescript'], root).use;
    assert.deepEqual(use.command.args, [path.join(root, 'node_modules/typescript/lib/tsserver.js')]);
    assert.equal(use.command.identity, 'typescript 4.9.5');
    assert.equal(use.command.origin, 'repo node_modules (typescript 4.9.5)');
    const [own] = planServers(['typescript'], makeTempDir()).use;
    assert.match(own.command.origin, /^ckg's dependencies \(typescript \d/);
  });

  it('takes a server named in the config, and leaves one turned off as missing', () => {
    const root = makeTempDir();
    const script = path.join(root, 'server.js');
    fs.writeFileSync(script, '');
    const plan = planServers(['go', 'python', 'typescript'], root, { gopls: { command: script, args: ['serve'] }, tsserver: false });
    assert.deepEqual(plan.use.find((u) => u.server.id === 'gopls')?.command.args, [script, 'serve'], 'a .js server runs under this node');
    assert.equal(plan.use.find((u) => u.server.id === 'gopls')?.command.command, process.execPath);
    assert.deepEqual(plan.missing.map((m) => [m.server.id, m.disabled]), [['tsserver', true]]);
  });

  it('finds native servers on PATH only, and names how to install one that is missing', () => {
    const saved = process.env.PATH;
    const bin = makeTempDir();
    try {
      process.env.PATH = bin;
      assert.deepEqual(planServers(['rust'], makeTempDir()).missing.map((m) => [m.server.id, m.server.install]),
        [['rust-analyzer', 'rustup component add rust-analyzer']]);
      fs.writeFileSync(path.join(bin, 'rust-analyzer'), '#!/bin/sh\n', { mode: 0o755 });
      const [use] = planServers(['rust'], makeTempDir()).use;
      assert.equal(use.command.command, path.join(bin, 'rust-analyzer'));
      assert.match(use.command.origin, /^PATH \(/);
    } finally {
      process.env.PATH = saved;
    }
  });
});
