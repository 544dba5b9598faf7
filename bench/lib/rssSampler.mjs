// Samples process RSS from a worker thread, so the samples keep coming while the main
// thread is busy in a long synchronous phase (resolve, store writes). RSS is per process:
// it covers the main thread, the parse workers and this sampler alike.
import * as fs from 'node:fs';
import { Worker } from 'node:worker_threads';

const SAMPLER = `
const { parentPort, workerData } = require('node:worker_threads');
let peak = process.memoryUsage.rss();
let samples = 1;
const timer = setInterval(() => { peak = Math.max(peak, process.memoryUsage.rss()); samples++; }, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage.rss());
  parentPort.postMessage({ peak, samples: samples + 1 });
});
`;

/** Starts sampling every `intervalMs`; `stop()` resolves to { peak (bytes), samples }. */
export async function startRssSampler(intervalMs = 25) {
  const worker = new Worker(SAMPLER, { eval: true, workerData: { intervalMs } });
  await new Promise((resolve, reject) => {
    worker.once('online', resolve);
    worker.once('error', reject);
  });
  return {
    stop: () =>
      new Promise((resolve, reject) => {
        worker.once('message', (result) => {
          worker.terminate().then(() => resolve(result), reject);
        });
        worker.postMessage('stop');
      }),
  };
}

/**
 * The kernel's peak-RSS mark (VmHWM), reset first when the kernel allows it: a
 * cross-check on the sampled peak. Undefined off Linux.
 */
export function resetHighWaterMark() {
  try {
    fs.writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}

export function highWaterMarkBytes() {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}
