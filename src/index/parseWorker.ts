import { parentPort } from 'node:worker_threads';
import { extractFile } from '../extract/parser';
import type { ParseReply, ParseRequest } from './workerProtocol';

/** A parse worker: loads each grammar once, then turns sources into facts. */
parentPort?.on('message', (request: ParseRequest) => {
  extractFile(request.path, request.source).then(
    (facts) => parentPort?.postMessage({ id: request.id, facts } satisfies ParseReply),
    (error: unknown) => parentPort?.postMessage({ id: request.id, error: String((error as Error)?.message ?? error) } satisfies ParseReply),
  );
});
