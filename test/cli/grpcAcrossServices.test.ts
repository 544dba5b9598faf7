import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CLI, ckg } from '../helpers/builtCli';
import { FIXTURE_REPOS } from '../helpers/indexFixture';
import { makeTempDir } from '../helpers/tempDir';

interface WireNode { readonly NodeHash: string; readonly QualifiedName: string }
type Callers = Record<string, Array<{ Caller: WireNode; Depth: number }>>;

const REPO = 'test/polyglot-grpc';
const name = (local: string): string => `${REPO}://${local}`;

/**
 * The polyglot-grpc fixture: one proto service served in Go, Python, TypeScript, Java and
 * C#, and called through generated client stubs from Go, Python, Java, C# and TypeScript
 * (and from JavaScript through a grpc-js client of the proto loaded at run time).
 */
describe('gRPC across services: one proto, clients and servers in five languages (built CLI, real MCP client)', function () {
  this.timeout(120_000);
  let client: Client;

  before(async () => {
    const db = path.join(makeTempDir('ckg-grpc-'), 'graph.sqlite');
    const run = ckg('index', path.join(FIXTURE_REPOS, 'polyglot-grpc'), '--repo-url', REPO, '-db', db);
    assert.equal(run.status, 0, run.stderr);
    client = new Client({ name: 'grpc-across', version: '1' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp', '-db', db], stderr: 'pipe' }));
  });

  after(async () => {
    await client.close();
  });

  async function node(qualifiedName: string): Promise<WireNode> {
    const reply = await client.callTool({ name: 'graph_query', arguments: { prefix: qualifiedName } });
    const found = (reply.structuredContent as { items: WireNode[] }).items.find((n) => n.QualifiedName === qualifiedName);
    assert.ok(found, qualifiedName);
    return found;
  }

  async function blastRadius(qualifiedName: string): Promise<string[]> {
    const reply = await client.callTool({ name: 'blast_radius', arguments: { target_hash: (await node(qualifiedName)).NodeHash } });
    const byRepo = (reply.structuredContent as { ByRepo: Callers }).ByRepo;
    return Object.values(byRepo).flat().map((c) => `${c.Depth} ${c.Caller.QualifiedName}`).sort();
  }

  it('the blast radius of an rpc lists the client functions of every language that calls it', async () => {
    assert.deepEqual(await blastRadius(name('helloworld.Greeter.SayHello')), [
      `1 ${name('Example.Greeter.Caller.Greet')}`,
      `1 ${name('com.example.greeter.GreeterClient.greet')}`,
      `1 ${name('example.com/polyglot.greet')}`,
      `1 ${name('js/client.greet')}`,
    ]);
    assert.deepEqual(await blastRadius(name('helloworld.Greeter.SayGoodbye')), [
      `1 ${name('Example.Greeter.Farewells.Leave')}`,
      `1 ${name('com.example.greeter.FarewellClient.leave')}`,
      `1 ${name('python.greeter_client.run')}`,
      `1 ${name('ts/client.greet')}`,
    ]);
  });

  it('the blast radius of a server method reaches the remote clients through the rpc', async () => {
    assert.deepEqual(await blastRadius(name('com.example.greeter.GreeterImpl.sayHello')), [
      `1 ${name('helloworld.Greeter.SayHello')}`,
      `2 ${name('Example.Greeter.Caller.Greet')}`,
      `2 ${name('com.example.greeter.GreeterClient.greet')}`,
      `2 ${name('example.com/polyglot.greet')}`,
      `2 ${name('js/client.greet')}`,
    ]);
  });

  it('trace_dataflow from a client reaches what every server method of the rpc calls', async () => {
    const reply = await client.callTool({ name: 'trace_dataflow', arguments: { source_hash: (await node(name('example.com/polyglot.greet'))).NodeHash } });
    const reached = (reply.structuredContent as { items: Array<{ Node: WireNode; Depth: number }> }).items.map((c) => `${c.Depth} ${c.Node.QualifiedName}`);
    for (const expected of [
      `1 ${name('helloworld.Greeter.SayHello')}`,
      `2 ${name('com.example.greeter.GreeterImpl.sayHello')}`,
      `2 ${name('python.greeter_server.Greeter.SayHello')}`,
      `3 ${name('UNRESOLVED/io.grpc.stub.StreamObserver.onCompleted')}`,
    ]) assert.ok(reached.includes(expected), `${expected} in ${reached.join('\n')}`);
  });
});
