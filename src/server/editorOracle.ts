import type { Connection } from 'vscode-languageserver/node';
import { CancellationTokenSource } from 'vscode-languageserver/node';
import type { LocationAnswers, LocationOracle, LocationQueryKind, SourceLocation } from '../enrich/oracle';
import { type LocationsParams, type LocationsResult, Methods } from './protocol';

/**
 * The editor as the location oracle: the server asks its client (the extension), which
 * runs vscode.executeDefinitionProvider and friends, so enrichment reuses whatever
 * language servers the user already runs. A batch that outlives its time is cancelled
 * and answered with nulls: a slow or absent language server only leaves edges as they are.
 */
export class EditorOracle implements LocationOracle {
  constructor(private readonly connection: Connection, private readonly timeoutMs: () => number, private readonly probe = false) {}

  /** The same oracle for language probes: the editor lets the documents' language extensions activate before it asks. */
  probing(): EditorOracle {
    return new EditorOracle(this.connection, this.timeoutMs, true);
  }

  async locations(kind: LocationQueryKind, queries: readonly SourceLocation[], signal?: AbortSignal): Promise<LocationAnswers> {
    const timeoutMs = this.timeoutMs();
    const params: LocationsParams = { kind, queries, timeoutMs, ...(this.probe ? { probe: true } : {}) };
    const source = new CancellationTokenSource();
    const cancel = (): void => source.cancel();
    signal?.addEventListener('abort', cancel);
    // The client stops per query at timeoutMs; this guards the batch as a whole.
    const guard = setTimeout(cancel, timeoutMs * 2 + 1000);
    try {
      const answer = await Promise.race([
        this.connection.sendRequest<LocationsResult>(Methods.locations, params, source.token),
        new Promise<null>((resolve) => source.token.onCancellationRequested(() => resolve(null))),
      ]);
      return answer ?? queries.map(() => null);
    } catch {
      return queries.map(() => null);
    } finally {
      clearTimeout(guard);
      signal?.removeEventListener('abort', cancel);
      source.dispose();
    }
  }
}
