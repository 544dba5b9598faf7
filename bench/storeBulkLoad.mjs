// The store's part of a cold index, alone: the rows of a repository read from a graph
// file, written again by two builds' stores through the bulk path (files opened, then
// bulkLoad + insertNewRows: the inserts, the index rebuild and the event range), each run a
// child process of its own, interleaved base/new/new/base. Prints the medians of the
// write's CPU time (one thread: the store is synchronous) and wall time, and the size of
// the saved file. Reads every row through the newer build, so the rows are the same.
//   node bench/storeBulkLoad.mjs <graph file> --base <checkout with dist/> [--runs N]
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const PACKAGE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function once(engineRoot, rowsFile) {
  const engine = createRequire(import.meta.url)(path.resolve(engineRoot, 'dist/lib.js'));
  const { repoHash, files, nodes, edges } = JSON.parse(fs.readFileSync(rowsFile, 'utf8'));
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ckg-bulk-'));
  const file = path.join(scratch, 'graph.sqlite');
  const store = await engine.openStore(file);
  await store.transaction(async (tx) => {
    await tx.upsertRepo({ repoHash, repoUrl: 'bench/repo', rootPath: '/bench', serviceName: 'bench' });
    for (const f of files) await tx.openFile(f, 1);
  });
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  await store.transaction((tx) => tx.bulkLoad(repoHash, 1, 'bench-snapshot', () => tx.insertNewRows(nodes, edges, repoHash, 1)));
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  await store.save();
  await store.close();
  const bytes = fs.statSync(file).size;
  fs.rmSync(scratch, { recursive: true, force: true });
  process.stdout.write(JSON.stringify({ ms, cpuMs: (cpu.user + cpu.system) / 1000, bytes }));
}

async function main() {
  const args = process.argv.slice(2);
  if (args[0] === '--once') return once(args[1], args[2]);
  const graph = args[0];
  const base = args[args.indexOf('--base') + 1];
  const runs = args.includes('--runs') ? Number(args[args.indexOf('--runs') + 1]) : 6;
  if (!graph || args.indexOf('--base') < 0 || !base) throw new Error('usage: node bench/storeBulkLoad.mjs <graph file> --base <checkout> [--runs N]');
  const engine = createRequire(import.meta.url)(path.join(PACKAGE_ROOT, 'dist/lib.js'));
  const source = await engine.openStore(graph);
  const [repo] = await source.repos();
  const rows = {
    repoHash: repo.repoHash, files: await source.liveFileRecords(repo.repoHash),
    nodes: await source.liveNodesOfRepo(repo.repoHash), edges: await source.liveEdges({ repoHash: repo.repoHash }),
  };
  await source.close();
  const rowsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ckg-rows-'));
  const rowsFile = path.join(rowsDir, 'rows.json');
  fs.writeFileSync(rowsFile, JSON.stringify(rows));
  process.on('exit', () => fs.rmSync(rowsDir, { recursive: true, force: true }));
  const results = { base: [], current: [] };
  for (let round = 0; round < runs; round++) {
    for (const which of round % 2 === 0 ? ['base', 'current'] : ['current', 'base']) {
      const out = execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--once', which === 'base' ? base : PACKAGE_ROOT, rowsFile]);
      const result = JSON.parse(out.toString());
      results[which].push(result);
      process.stderr.write(`round ${round + 1}/${runs} ${which}: CPU ${Math.round(result.cpuMs)} ms, wall ${Math.round(result.ms)} ms (load ${os.loadavg()[0].toFixed(2)})\n`);
    }
  }
  const summary = (list) => ({ cpuMs: median(list.map((r) => r.cpuMs)), ms: median(list.map((r) => r.ms)), mib: list[0].bytes / 2 ** 20 });
  const [b, c] = [summary(results.base), summary(results.current)];
  console.log(`${rows.nodes.length} nodes, ${rows.edges.length} edges; medians of ${runs}`);
  console.log(`  CPU:  base ${Math.round(b.cpuMs)} ms, this build ${Math.round(c.cpuMs)} ms: new/base ${(c.cpuMs / b.cpuMs).toFixed(2)}`);
  console.log(`  wall: base ${Math.round(b.ms)} ms, this build ${Math.round(c.ms)} ms: new/base ${(c.ms / b.ms).toFixed(2)}`);
  console.log(`  file: base ${b.mib.toFixed(1)} MiB, this build ${c.mib.toFixed(1)} MiB`);
  console.log(`  load average now: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
}

main().catch((error) => {
  process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
