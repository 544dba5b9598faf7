import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { writeSyntheticHub } from '../../../bench/lib/syntheticHub.mjs';
import { RepoIndexer } from '../../../src/index/repoIndexer';
import { type OpenServerDeps, serverDepsFor } from '../../../src/mcp/serverDeps';
import { type GraphNode, Identity, QualifiedName } from '../../../src/model';
import { type GraphStore, type NeighbourhoodReader, openStore } from '../../../src/store';
import { FIXTURE_REPOS } from '../../helpers/indexFixture';
import { type Connected, connect } from '../../mcp/mcpHarness';
import { addRuntimeEdges } from '../../mcp/runtimeFixture';
import { sharedPostgresCluster } from '../../support/postgresCluster';

/**
 * The point queries (blast_radius, cross_repo_callers, trace_dataflow, flow_between, graph_query) on
 * PostgreSQL read around their nodes through NeighbourhoodReader; on sql.js they walk the
 * cached live view. Both must answer alike: the same graph in both stores, every query
 * asked of both through a real MCP client, replies compared whole (structured content and
 * text). The PostgreSQL server must never build the whole-graph view for them (counted).
 */

interface Pair {
  readonly memory: GraphStore;
  readonly postgres: GraphStore;
  readonly memoryClient: Connected;
  readonly postgresClient: Connected;
  /** Whole-graph views the PostgreSQL server built. */
  readonly wholeViews: { count: number };
  /** Edges the bounded reads of the PostgreSQL store returned. */
  readonly edgesRead: { count: number };
}

/** Counts what the PostgreSQL server reads: whole views asked of its cache, edges of its bounded reads. */
function counted(deps: OpenServerDeps, store: GraphStore, wholeViews: { count: number }, edgesRead: { count: number }): void {
  const graphs = deps.graphs;
  const liveView = graphs.liveView.bind(graphs);
  graphs.liveView = async () => {
    wholeViews.count++;
    return liveView();
  };
  const reader = store.neighbourhood as NeighbourhoodReader;
  const around = reader.liveEdgesAround.bind(reader);
  reader.liveEdgesAround = async (...args) => {
    const edges = await around(...args);
    edgesRead.count += edges.length;
    return edges;
  };
}

async function pairOf(write: (store: GraphStore) => Promise<void>): Promise<Pair> {
  const memory = await openStore(':memory:');
  const postgres = await openStore(await (await sharedPostgresCluster()).createDatabase());
  // One clock for both writes: snapshot times and edge events are data the replies show.
  const now = Date.now;
  Date.now = () => 1_790_000_000_000;
  try {
    await write(memory);
    await write(postgres);
  } finally {
    Date.now = now;
  }
  const wholeViews = { count: 0 };
  const edgesRead = { count: 0 };
  const postgresDeps = serverDepsFor(postgres);
  counted(postgresDeps, postgres, wholeViews, edgesRead);
  return {
    memory, postgres, wholeViews, edgesRead,
    memoryClient: await connect(serverDepsFor(memory)), postgresClient: await connect(postgresDeps),
  };
}

async function closePair(pair: Pair | undefined): Promise<void> {
  if (!pair) return;
  await pair.memoryClient.close();
  await pair.postgresClient.close();
  await pair.memory.close();
  await pair.postgres.close();
}

/** A reply as compared: error flag, structured content and every text block. */
function reply(result: CallToolResult): unknown {
  return { isError: result.isError ?? false, structured: result.structuredContent, content: result.content };
}

async function sameReply(pair: Pair, tool: string, args: Record<string, unknown>): Promise<CallToolResult> {
  const [memory, postgres] = await Promise.all([pair.memoryClient.call(tool, args), pair.postgresClient.call(tool, args)]);
  assert.deepEqual(reply(postgres), reply(memory), `${tool} ${JSON.stringify(args)}`);
  return memory;
}

async function allNodes(store: GraphStore): Promise<GraphNode[]> {
  const nodes: GraphNode[] = [];
  for (const repo of await store.repos()) nodes.push(...await store.liveNodesOfRepo(repo.repoHash));
  return nodes.sort((a, b) => (a.qualifiedName < b.qualifiedName ? -1 : a.qualifiedName > b.qualifiedName ? 1 : 0));
}

function indexInto(...fixtures: string[]): (store: GraphStore) => Promise<void> {
  return async (store) => {
    for (const name of fixtures) {
      await new RepoIndexer(store).index({ repoPath: path.join(FIXTURE_REPOS, name), repoUrl: `fixtures/${name}` });
    }
  };
}

/** Every point query over every node (flow_between over pairs of a sample), asked of both stores. */
async function askEverything(pair: Pair): Promise<number> {
  const nodes = await allNodes(pair.memory);
  let asked = 0;
  for (const node of nodes) {
    await sameReply(pair, 'blast_radius', { target_hash: node.nodeHash });
    await sameReply(pair, 'cross_repo_callers', { target_hash: node.nodeHash });
    await sameReply(pair, 'cross_repo_callers', { target_hash: node.nodeHash, max_depth: 1 });
    await sameReply(pair, 'trace_dataflow', { source_hash: node.nodeHash });
    await sameReply(pair, 'trace_dataflow', { source_hash: node.nodeHash, max_depth: 2 });
    asked += 5;
  }
  const names = new Set<string>();
  for (const node of nodes) {
    const local = QualifiedName.localPart(node.qualifiedName);
    names.add(local.slice(local.lastIndexOf('.') + 1));
    names.add(local);
  }
  const prefixes = [...new Set(nodes.map((n) => `${QualifiedName.repoPart(n.qualifiedName)}://`))];
  for (const provenance of ['both', 'static', 'runtime']) {
    // An unfiltered prefix is the store's own nodesByPrefix on both backends (unchanged), whose order
    // among equal names neither fixes; the filtered ones and every name search are compared.
    const byPrefix = provenance === 'both' ? [] : [...prefixes, 'fixtures/'];
    for (const prefix of [...byPrefix, ...names, 'zzzNoSuchName']) {
      await sameReply(pair, 'graph_query', { prefix, provenance });
      asked++;
    }
  }
  const sample = nodes.filter((_, i) => i % Math.max(1, Math.floor(nodes.length / 12)) === 0);
  for (const from of sample) {
    for (const to of sample) {
      await sameReply(pair, 'flow_between', { source_symbol: from.qualifiedName, target_symbol: to.qualifiedName });
      asked++;
    }
    await sameReply(pair, 'flow_between', { source_symbol: QualifiedName.localPart(from.qualifiedName), target_symbol: sample[0].qualifiedName, max_depth: 3 });
    asked++;
  }
  await sameReply(pair, 'blast_radius', { target_hash: 'f'.repeat(64) });
  await sameReply(pair, 'flow_between', { source_symbol: 'no/such://thing', target_symbol: sample[0].qualifiedName });
  return asked + 2;
}

describe('point queries on PostgreSQL: bounded reads answer as the in-memory view', function () {
  this.timeout(900_000);

  for (const fixtures of [['go-routes'], ['ts-basic', 'py-basic', 'polyglot-grpc'], ['ts-routes', 'go-types']]) {
    it(`answers every point query alike on ${fixtures.join(' + ')}${fixtures[0] === 'go-routes' ? ' with runtime edges' : ''}`, async () => {
      let pair: Pair | undefined;
      try {
        pair = await pairOf(async (store) => {
          await indexInto(...fixtures)(store);
          if (fixtures[0] === 'go-routes') await addRuntimeEdges(store);
        });
        const asked = await askEverything(pair);
        assert.ok(asked > 50, `asked ${asked} queries`);
        assert.equal(pair.wholeViews.count, 0, 'the PostgreSQL server built no whole-graph view');
        assert.ok(pair.edgesRead.count > 0, 'the bounded reads were used');
      } finally {
        await closePair(pair);
      }
    });
  }

  // levels: callers by depth; counted: the TotalCount of the bounded walk, the callers up to the level that fills the list.
  const hubs = [
    { levels: [10, 100, 1000, 2000], counted: 1110, read: 'level 3 fills the list, level 4 is never read' },
    { levels: [2500, 100], counted: 2500, read: 'level 1 alone fills it' },
    { levels: [3, 3000, 50], counted: 3003, read: 'level 2 ranked by the widths of level 1' },
  ];
  for (const { levels, counted, read } of hubs) {
    it(`lists the same nearest 1,000 callers of a hub of ${levels.join('/')} callers by depth (${read})`, async () => {
      let pair: Pair | undefined;
      try {
        let hub = { hash: '', edges: 0 };
        pair = await pairOf(async (store) => {
          const written = await writeSyntheticHub(store, { Identity }, { levels, others: 200 });
          hub = { hash: written.hub.nodeHash, edges: written.edges };
        });
        const [memory, postgres] = await Promise.all([
          pair.memoryClient.call('blast_radius', { target_hash: hub.hash }), pair.postgresClient.call('blast_radius', { target_hash: hub.hash }),
        ]);
        const m = memory.structuredContent as Record<string, unknown>;
        const p = postgres.structuredContent as Record<string, unknown>;
        assert.deepEqual(p.ByRepo, m.ByRepo, 'the same listed callers, in the same order, with the same paths');
        assert.deepEqual([m.Truncated, p.Truncated], [true, true]);
        assert.equal(m.TotalCount, levels.reduce((a, b) => a + b, 0), 'in memory: every caller within depth 5');
        assert.equal(p.TotalCount, counted, 'bounded: the callers up to the level that filled the list');
        assert.equal(pair.wholeViews.count, 0);
        assert.ok(pair.edgesRead.count < hub.edges - 50, `read ${pair.edgesRead.count} of ${hub.edges} edges`);
        // One edge a caller read: the 1,000 listed and the one that says more exist.
        assert.equal(pair.edgesRead.count, 1001, 'the edges of the callers read');
        // Nothing cut short by cross_repo_callers' 10,000: identical replies.
        await sameReply(pair, 'cross_repo_callers', { target_hash: hub.hash });
        await sameReply(pair, 'cross_repo_callers', { target_hash: hub.hash, max_depth: 2 });
      } finally {
        await closePair(pair);
      }
    });
  }
});
