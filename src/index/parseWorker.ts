import { parentPort } from 'node:worker_threads';
import { extractFile, parseAndQueryOnly } from '../extract/parser';
import { encodeFacts } from '../store/factsCodec';
import type { ParseReply, ParseRequest } from './workerProtocol';

/** A parse worker: loads each grammar once, then turns sources into facts. */
parentPort?.on('message', (request: ParseRequest) => {
  if (request.mode === 'floor') {
    parseAndQueryOnly(request.path, request.source).then(
      (captures) => parentPort?.postMessage({ id: request.id, captures } satisfies ParseReply),
      (error: unknown) => parentPort?.postMessage({ id: request.id, error: String((error as Error)?.message ?? error) } satisfies ParseReply),
    );
    return;
  }
  extractFile(request.path, request.source).then(
    (facts) => parentPort?.postMessage({ id: request.id, facts, encoded: facts && encodeFacts(facts) } satisfies ParseReply),
    (error: unknown) => parentPort?.postMessage({ id: request.id, error: String((error as Error)?.message ?? error) } satisfies ParseReply),
  );
});
