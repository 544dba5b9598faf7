import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { MCP_SERVER_NAME } from '../../src/cli/mcpClientConfig';
import { TOOLS } from '../../src/mcp/registry';
import { CLI, ckg } from '../helpers/builtCli';
import { FIXTURE_REPOS } from '../helpers/indexFixture';
import { makeTempDir } from '../helpers/tempDir';

interface StdioEntry {
  readonly type?: string;
  readonly command: string;
  readonly args: string[];
  readonly transport?: string;
}

/** The graph's server entry in a client's configuration, by the key that client lists servers under. */
function entryOf(client: string, config: Record<string, any>): StdioEntry {
  if (client === 'generic') return config as StdioEntry;
  return (client === 'vscode' ? config.servers : config.mcpServers)[MCP_SERVER_NAME];
}

/** Starts the server the way the client would, from the entry alone, and lists its tools. */
async function toolsThrough(entry: StdioEntry): Promise<string[]> {
  const client = new Client({ name: 'mcp-config-test', version: '1' });
  await client.connect(new StdioClientTransport({ command: entry.command, args: entry.args, stderr: 'pipe' }));
  try {
    return (await client.listTools()).tools.map((t) => t.name);
  } finally {
    await client.close();
  }
}

describe('ckg mcp-config (built bundle)', () => {
  let db: string;

  before(() => {
    assert.ok(fs.existsSync(CLI), `${CLI} is missing: run npm run build first (npm test does)`);
    db = path.join(makeTempDir(), 'graph.sqlite');
    const indexed = ckg('index', path.join(FIXTURE_REPOS, 'go-routes'), '--repo-url', 'fixtures/go-routes', '-db', db);
    assert.equal(indexed.status, 0, indexed.stderr);
  });

  for (const client of ['vscode', 'cursor', 'claude', 'generic']) {
    it(`prints the ${client} configuration with absolute paths, and a client started from it serves the tools`, async () => {
      const printed = ckg('mcp-config', '--client', client, '-db', path.relative(process.cwd(), db));
      assert.equal(printed.status, 0, printed.stderr);
      assert.equal(printed.stderr, '');
      const entry = entryOf(client, JSON.parse(printed.stdout));
      assert.equal(entry.command, process.execPath);
      assert.deepEqual(entry.args, [fs.realpathSync(CLI), 'mcp', '-db', path.resolve(db)]);
      assert.deepEqual(await toolsThrough(entry), TOOLS.map((t) => t.name));
    });
  }

  it('prints for VS Code exactly what an mcp.json stdio server and McpStdioServerDefinition take', () => {
    const config = JSON.parse(ckg('mcp-config', '--client', 'vscode', '-db', db).stdout);
    assert.deepEqual(Object.keys(config), ['servers']);
    const entry = config.servers[MCP_SERVER_NAME];
    assert.deepEqual(Object.keys(entry).sort(), ['args', 'command', 'type']);
    assert.equal(entry.type, 'stdio');
    assert.ok(path.isAbsolute(entry.command) && fs.existsSync(entry.command));
    assert.ok(entry.args.every((a: unknown) => typeof a === 'string'));
  });

  it('--write enters the server into the client project file under --dir, keeping other servers', () => {
    const dir = makeTempDir();
    fs.mkdirSync(path.join(dir, '.vscode'));
    const other = { type: 'stdio', command: '/usr/bin/other', args: [] };
    fs.writeFileSync(path.join(dir, '.vscode', 'mcp.json'), JSON.stringify({ servers: { other }, inputs: [] }));
    const written = ckg('mcp-config', '--client', 'vscode', '-db', db, '--write', '--dir', dir);
    assert.equal(written.status, 0, written.stderr);
    assert.equal(written.stdout, '');
    assert.match(written.stderr, /^updated .*\.vscode\/mcp\.json$/m);
    const vscodeFile = JSON.parse(fs.readFileSync(path.join(dir, '.vscode', 'mcp.json'), 'utf8'));
    assert.deepEqual(vscodeFile.servers.other, other);
    assert.deepEqual(vscodeFile.inputs, []);
    assert.deepEqual(vscodeFile.servers[MCP_SERVER_NAME].args.slice(1), ['mcp', '-db', path.resolve(db)]);

    for (const [client, file] of [['cursor', '.cursor/mcp.json'], ['claude', '.mcp.json']]) {
      const result = ckg('mcp-config', '--client', client, '-db', db, '--write', '--dir', dir);
      assert.equal(result.status, 0, result.stderr);
      assert.match(result.stderr, /^wrote /);
      const config = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
      assert.equal(config.mcpServers[MCP_SERVER_NAME].command, process.execPath, client);
    }
    const again = ckg('mcp-config', '--client', 'claude', '-db', db, '--write', '--dir', dir);
    assert.equal(again.status, 0, again.stderr);
    assert.deepEqual(Object.keys(JSON.parse(fs.readFileSync(path.join(dir, '.mcp.json'), 'utf8')).mcpServers), [MCP_SERVER_NAME]);
  });

  it('refuses bad input with a message naming it, and never overwrites a file it cannot read', () => {
    const badClient = ckg('mcp-config', '--client', 'emacs', '-db', db);
    assert.equal(badClient.status, 2);
    assert.match(badClient.stderr, /--client emacs: expected one of vscode, cursor, claude, generic/);
    assert.match(ckg('mcp-config', '-db', db).stderr, /--client <vscode\|cursor\|claude\|generic> is required/);
    const generic = ckg('mcp-config', '--client', 'generic', '-db', db, '--write');
    assert.equal(generic.status, 2);
    assert.match(generic.stderr, /the generic client has no configuration file/);
    const dir = makeTempDir();
    const withComments = '{\n  // mine\n  "servers": {}\n}\n';
    fs.mkdirSync(path.join(dir, '.vscode'));
    fs.writeFileSync(path.join(dir, '.vscode', 'mcp.json'), withComments);
    const commented = ckg('mcp-config', '--client', 'vscode', '-db', db, '--write', '--dir', dir);
    assert.equal(commented.status, 1);
    assert.match(commented.stderr, /mcp\.json: not plain JSON/);
    assert.equal(fs.readFileSync(path.join(dir, '.vscode', 'mcp.json'), 'utf8'), withComments);
    const missing = ckg('mcp-config', '--client', 'cursor', '-db', path.join(dir, 'none.sqlite'));
    assert.equal(missing.status, 0);
    assert.match(missing.stderr, /none\.sqlite does not exist yet; index into it first/);
  });
});
