import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { TOOLS } from '../../src/mcp/registry';
import { CLI, ROOT } from '../helpers/builtCli';
import { makeTempDir } from '../helpers/tempDir';

/** This environment without what an outer `npm test` hands down (npm_config_prefix would win over nothing, but be sure). */
function cleanEnv(extraPath?: string): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('npm_')));
  if (extraPath) env.PATH = `${extraPath}${path.delimiter}${env.PATH ?? ''}`;
  return env;
}

describe('ckg on PATH after the documented install (npm install -g of the checkout)', function () {
  this.timeout(180_000);
  let bin: string;

  before(() => {
    assert.ok(fs.existsSync(CLI), `${CLI} is missing: run npm run build first (npm test does)`);
    // The checkout as npm sees it: package.json and the built bundle. No node_modules: the
    // CLI is one bundle, and the install must neither need the registry nor touch the
    // shared node_modules of the checkout.
    const checkout = makeTempDir('ckg-checkout-');
    fs.copyFileSync(path.join(ROOT, 'package.json'), path.join(checkout, 'package.json'));
    for (const dir of ['dist', 'grammars']) fs.symlinkSync(path.join(ROOT, dir), path.join(checkout, dir));
    const prefix = makeTempDir('ckg-prefix-');
    const install = spawnSync('npm', ['install', '-g', '--prefix', prefix, '--offline', '--ignore-scripts', '--no-audit', '--no-fund', checkout], {
      encoding: 'utf8', env: cleanEnv(), timeout: 120_000,
    });
    assert.equal(install.status, 0, `${install.stdout}\n${install.stderr}`);
    bin = path.join(prefix, 'bin');
  });

  it('runs ckg --help from PATH', () => {
    const help = spawnSync('ckg', ['--help'], { encoding: 'utf8', env: cleanEnv(bin), cwd: makeTempDir() });
    assert.equal(help.status, 0, help.stderr);
    assert.match(help.stdout, /^ckg: code knowledge graph/);
    assert.match(help.stdout, /ckg mcp-config --client vscode\|cursor\|claude\|generic/);
  });

  it('names the installed ckg in the MCP configuration, and a client started from it serves the tools', async () => {
    const dir = makeTempDir();
    const db = path.join(dir, 'graph.sqlite');
    const indexed = spawnSync('ckg', ['index', path.join(ROOT, 'test', 'fixtures', 'repos', 'go-routes'), '--repo-url', 'fixtures/go-routes', '-db', db], {
      encoding: 'utf8', env: cleanEnv(bin), cwd: dir,
    });
    assert.equal(indexed.status, 0, indexed.stderr);
    const printed = spawnSync('ckg', ['mcp-config', '--client', 'generic', '-db', 'graph.sqlite'], { encoding: 'utf8', env: cleanEnv(bin), cwd: dir });
    assert.equal(printed.status, 0, printed.stderr);
    const config = JSON.parse(printed.stdout) as { command: string; args: string[] };
    assert.deepEqual(config, { command: path.join(bin, 'ckg'), args: ['mcp', '-db', db], transport: 'stdio' });
    const client = new Client({ name: 'installed-ckg', version: '1' });
    await client.connect(new StdioClientTransport({ command: config.command, args: config.args, stderr: 'pipe' }));
    try {
      assert.equal((await client.listTools()).tools.length, TOOLS.length);
    } finally {
      await client.close();
    }
  });
});
