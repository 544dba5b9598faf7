// blast_radius on the graph's biggest hub through a real MCP client: the SDK Client over
// stdio against `ckg mcp` of the built CLI, as an agent calls it.
import * as path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
const { StdioClientTransport } = require('@modelcontextprotocol/sdk/client/stdio.js');

/**
 * The repository's own node with the most direct callers (placeholders of outside code
 * excluded), read from the graph file with the built library.
 */
export async function biggestHub(lib, dbPath) {
  const store = await lib.openStore(dbPath);
  try {
    const callers = new Map();
    for (const edge of await store.liveEdges({ edgeType: 'calls' })) callers.set(edge.targetHash, (callers.get(edge.targetHash) ?? 0) + 1);
    let hub;
    for (const repo of await store.repos()) {
      for (const node of await store.liveNodesOfRepo(repo.repoHash)) {
        if (node.qualifiedName.includes('://UNRESOLVED/')) continue;
        if (!hub || (callers.get(node.nodeHash) ?? 0) > hub.directCallers) hub = { node, directCallers: callers.get(node.nodeHash) ?? 0 };
      }
    }
    return hub;
  } finally {
    await store.close();
  }
}

/**
 * Times `runs` blast_radius calls (the default depth, 5) on the hub after one warm-up call
 * that loads the graph view. Returns the call times in ms, the size of the radius and the
 * reply's tokens.
 */
export async function timeHubBlastRadius(lib, dbPath, runs = 15) {
  const hub = await biggestHub(lib, dbPath);
  if (!hub) return undefined;
  const transport = new StdioClientTransport({
    command: process.execPath, args: [path.join(root, 'dist', 'cli.js'), 'mcp', '-db', dbPath], stderr: 'ignore',
  });
  const client = new Client({ name: 'bench-hub', version: '1' });
  await client.connect(transport);
  try {
    const call = async () => {
      const started = performance.now();
      const result = await client.callTool({ name: 'blast_radius', arguments: { target_hash: hub.node.nodeHash } });
      const ms = performance.now() - started;
      if (result.isError) throw new Error(`blast_radius failed: ${JSON.stringify(result.content)}`);
      return { ms, result };
    };
    const first = await call();
    const times = [];
    let last = first.result;
    for (let run = 0; run < runs; run++) {
      const { ms, result } = await call();
      times.push(ms);
      last = result;
    }
    const structured = last.structuredContent ?? {};
    return {
      hub: hub.node.qualifiedName, directCallers: hub.directCallers, inRadius: structured.TotalCount ?? 0,
      truncated: structured.Truncated === true, replyTokens: lib.countTokens(JSON.stringify(structured)),
      firstMs: first.ms, times,
    };
  } finally {
    await client.close();
  }
}
