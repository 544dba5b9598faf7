// A one-file save inside a long-lived host, parsed in the host's thread (as before issue
// 12's watchdog) and in the warm parse worker the graph server now keeps (WarmParseWorker),
// interleaved ABBA on one store after one cold index: the cost of the watchdog to a save.
//   npm run build && node bench/saveWorker.mjs dist/lib.js <repo copy> [rounds]
// The repo is edited (a comment line appended to the bench's touch file) and restored.
import { createRequire } from 'node:module';
import * as path from 'node:path';
const [lib, root, runsArg] = process.argv.slice(2);
if (!lib || !root) {
  process.stderr.write('usage: node bench/saveWorker.mjs <dist/lib.js> <repo copy> [rounds]\n');
  process.exit(2);
}
const engine = createRequire(import.meta.url)(path.resolve(lib));
const { loadCorpus, pickTouchFile, touchableFile } = await import('./lib/corpus.mjs');
const store = await engine.openStore(':memory:');
const warm = new engine.WarmParseWorker();
const withWarm = new engine.RepoIndexer(store, () => undefined, warm);
const inline = new engine.RepoIndexer(store, () => undefined);
const t0 = performance.now();
await withWarm.index({ repoPath: root });
await inline.index({ repoPath: root });
process.stderr.write(`cold ${(performance.now() - t0).toFixed(0)} ms\n`);
await withWarm.prepareForEdits(root);
await inline.prepareForEdits(root);
const corpus = loadCorpus(engine, root);
const file = pickTouchFile(corpus.files);
const touched = touchableFile(root, file, 'savebench');
const times = { warm: [], inline: [] };
let n = 0;
const runs = Number(runsArg ?? 20);
try {
  for (let i = 0; i < runs; i++) {
    for (const which of i % 2 === 0 ? ['warm', 'inline', 'inline', 'warm'] : ['inline', 'warm', 'warm', 'inline']) {
      touched.edited(++n);
      const s = performance.now();
      await (which === 'warm' ? withWarm : inline).reindexFiles(root, [file.path]);
      times[which].push(performance.now() - s);
    }
  }
} finally { touched.restore(); }
const med = (a) => { const b = [...a].sort((x, y) => x - y); return b[Math.floor(b.length / 2)]; };
console.log(`${file.path} (${file.lines} lines): warm median ${med(times.warm).toFixed(1)} ms, inline median ${med(times.inline).toFixed(1)} ms, ratio ${(med(times.warm) / med(times.inline)).toFixed(2)}; n=${times.warm.length} each`);
await warm.close();
await store.close();
