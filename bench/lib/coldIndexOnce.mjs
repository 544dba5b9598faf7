// One cold index of a repository by the engine built in <engine_root>/dist, in this
// process, into a fresh in-memory store, or with --file into a new graph file that is
// then saved (sql.js's in-memory file system and the save included); prints {ms, nodes,
// edges, calls, files, peakRssMb, cpuMs, parsedMs} as JSON: cpuMs is the process's CPU time
// (main thread and parse workers), which a loaded machine inflates far less than wall
// time; parsedMs is when the parse ended (the first 'resolve' progress), so ms - parsedMs
// is the link-and-write tail. bench/compare.mjs runs it for two engines in
// turn, so neither inherits the other's heap.
//   node bench/lib/coldIndexOnce.mjs <engine_root> <repo_path> [--file]
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createRequire } from 'node:module';

const [engineRoot, repoPath, mode] = process.argv.slice(2);
const engine = createRequire(import.meta.url)(path.resolve(engineRoot, 'dist/lib.js'));
// As `ckg` runs it: a build that raises V8's optimisation budget does so (src/v8Tuning.ts).
engine.tuneV8ForIndexing?.();
const scratch = mode === '--file' ? fs.mkdtempSync(path.join(os.tmpdir(), 'ckg-cold-')) : undefined;
const store = await engine.openStore(scratch ? path.join(scratch, 'graph.sqlite') : ':memory:');
const indexer = new engine.RepoIndexer(store, () => undefined);
const started = performance.now();
const cpuBefore = process.cpuUsage();
let parsedMs;
const onProgress = (event) => {
  if (event.phase === 'resolve' && parsedMs === undefined) parsedMs = performance.now() - started;
};
const summary = await indexer.index({ repoPath: path.resolve(repoPath), onProgress });
if (scratch) await store.save();
const ms = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
const cpuMs = (cpu.user + cpu.system) / 1000;
const counts = await store.counts();
const peakRssMb = process.resourceUsage().maxRSS / 1024;
process.stdout.write(`${JSON.stringify({ ms, nodes: counts.nodes, edges: counts.edges, calls: counts.edgesByType?.calls ?? 0, files: counts.files, peakRssMb, cpuMs, parsedMs: parsedMs ?? ms })}\n`);
await store.close();
if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
void summary;
