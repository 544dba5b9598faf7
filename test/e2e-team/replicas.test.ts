import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { type PostgresCluster, sharedPostgresCluster } from '../support/postgresCluster';
import { indexRepo } from './teamDatabase';
import { copyFixture } from './teamRepos';
import { type Replica, type ToolReply, callTool, connectClient, startReplica, stopReplica, stopStartedProcesses } from './teamProcesses';

const REPO_URL = 'fixtures/team-ts';
const GENERATION = 'ckg/generation';

/** The same questions, asked of every replica. */
const questions = (capitalise: string): Array<[string, Record<string, unknown>]> => [
  ['graph_query', { prefix: 'capitalise' }],
  ['graph_query', { prefix: `${REPO_URL}://src/utils/strings.` }],
  ['blast_radius', { target_hash: capitalise }],
  ['context_for_task', { task_description: 'capitalise user names when they register', token_budget: 2000 }],
  ['flow_between', { source_symbol: `${REPO_URL}://src/services/userService.UserService.register`, target_symbol: `${REPO_URL}://src/utils/strings.capitalise` }],
  ['communities', {}],
];

/** Three `ckg serve` processes on one PostgreSQL database, an MCP client on each. */
describe('team: three ckg serve replicas on one database', function () {
  this.timeout(300_000);
  let cluster: PostgresCluster;
  const clients: Client[] = [];
  before(async () => {
    cluster = await sharedPostgresCluster();
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close().catch(() => undefined)));
    await stopStartedProcesses();
  });

  it('answer the same queries identically, and after an index each one\'s next reply shows the change at a newer generation', async () => {
    const url = await cluster.createDatabase();
    const repo = copyFixture('ts-basic');
    indexRepo(url, repo, REPO_URL);
    const replicas: Replica[] = await Promise.all([0, 1, 2].map(() => startReplica(url)));
    for (const replica of replicas) clients.push(await connectClient(replica.mcp));

    const found = await callTool(clients[0], 'graph_query', { prefix: 'capitalise' });
    const capitalise = (found.structured.items as Array<{ NodeHash: string; QualifiedName: string }>)
      .find((n) => n.QualifiedName === `${REPO_URL}://src/utils/strings.capitalise`)!.NodeHash;
    const before = await askAll(clients, questions(capitalise));
    assertSameEverywhere(before);
    const callersBefore = callerNames(before.get('blast_radius')![0]);
    assert.deepEqual(callersBefore.includes(`${REPO_URL}://src/utils/strings.shout`), false);
    assert.ok(callersBefore.length > 0, 'capitalise has callers to compare');

    // A second index that changes a file: capitalise gains a caller.
    fs.appendFileSync(path.join(repo, 'src', 'utils', 'strings.ts'),
      '\nexport function shout(text: string): string {\n  return capitalise(text) + "!";\n}\n');
    indexRepo(url, repo, REPO_URL);

    const after = await askAll(clients, questions(capitalise));
    assertSameEverywhere(after);
    for (let i = 0; i < clients.length; i++) {
      const callers = callerNames(after.get('blast_radius')![i]);
      assert.ok(callers.includes(`${REPO_URL}://src/utils/strings.shout`), `replica ${i} answers with the new caller: ${callers.join(', ')}`);
      const names = (after.get('graph_query /src/utils/strings.')![i].structured.items as Array<{ QualifiedName: string }>).map((n) => n.QualifiedName);
      assert.ok(names.includes(`${REPO_URL}://src/utils/strings.shout`), `replica ${i} lists the new function`);
      for (const [question, replies] of before) {
        assert.ok((after.get(question)![i].meta[GENERATION] as number) > (replies[i].meta[GENERATION] as number),
          `replica ${i}: ${question} answered at a newer generation`);
      }
    }

    for (const replica of replicas) assert.equal(await stopReplica(replica), 0, replica.process.stderr());
    for (const replica of replicas) assert.ok(!replica.process.stderr().includes(cluster.password));
  });
});

/** Every question asked of every client, in turn; keyed by tool (graph_query's prefix form apart). */
async function askAll(clients: readonly Client[], asked: Array<[string, Record<string, unknown>]>): Promise<Map<string, ToolReply[]>> {
  const replies = new Map<string, ToolReply[]>();
  for (const [name, args] of asked) {
    const key = name === 'graph_query' && String(args.prefix).includes('://') ? 'graph_query /src/utils/strings.' : name;
    const answers: ToolReply[] = [];
    for (const client of clients) answers.push(await callTool(client, name, args));
    replies.set(key, answers);
  }
  return replies;
}

/** The replies of every replica to one question agree, text, structure and generation. */
function assertSameEverywhere(replies: Map<string, ToolReply[]>): void {
  for (const [question, answers] of replies) {
    for (let i = 1; i < answers.length; i++) {
      assert.deepEqual(answers[i].structured, answers[0].structured, `${question}: replica ${i} answers as replica 0`);
      assert.equal(answers[i].text, answers[0].text, `${question}: replica ${i}'s text`);
      assert.equal(answers[i].meta[GENERATION], answers[0].meta[GENERATION], `${question}: replica ${i}'s generation`);
    }
  }
}

function callerNames(reply: ToolReply): string[] {
  const byRepo = reply.structured.ByRepo as Record<string, Array<{ Caller: { QualifiedName: string } }>>;
  return Object.values(byRepo).flat().map((c) => c.Caller.QualifiedName).sort();
}
