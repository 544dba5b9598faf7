// A parse worker that never answers for a file named hang.go (a stand-in for a file the
// budget does not catch), and parses every other file as the real worker does.
import { parentPort } from 'node:worker_threads';

parentPort?.on('message', (request: { path: string }) => {
  if (request.path.endsWith('hang.go')) for (;;);
});
require('../../src/index/parseWorker');
