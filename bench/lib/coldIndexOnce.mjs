// One cold index of a repository by the engine built in <engine_root>/dist, in this
// process, into a fresh in-memory store; prints {ms, nodes, edges, files} as JSON.
// bench/compare.mjs runs it for two engines in turn, so neither inherits the other's heap.
//   node bench/lib/coldIndexOnce.mjs <engine_root> <repo_path>
import * as path from 'node:path';
import { createRequire } from 'node:module';

const [engineRoot, repoPath] = process.argv.slice(2);
const engine = createRequire(import.meta.url)(path.resolve(engineRoot, 'dist/lib.js'));
const store = await engine.openStore(':memory:');
const indexer = new engine.RepoIndexer(store, () => undefined);
const started = performance.now();
const summary = await indexer.index({ repoPath: path.resolve(repoPath) });
const ms = performance.now() - started;
const counts = await store.counts();
process.stdout.write(`${JSON.stringify({ ms, nodes: counts.nodes, edges: counts.edges, calls: counts.edgesByType?.calls ?? 0, files: counts.files })}\n`);
await store.close();
