import type { Hash } from '../model';
import type { RepoLayout } from '../resolve/layout';
import type { SymbolTable } from '../resolve/symbolTable';
import type { GraphTables } from '../store';
import { declaredPackages } from './declaredPackages';
import { providedModules } from './repoProvides';
import { repoRequests } from './requestedServices';

/** A repository's declarations as one run found them: written in its transaction, remembered once it committed. */
export interface PendingDeclarations {
  write(tx: Pick<GraphTables, 'replaceRepoProvides' | 'replaceRepoRequests'>): Promise<void>;
  /** Called after the transaction committed. */
  committed(): void;
}

/**
 * What each repository declares to the others of the graph: the modules it provides
 * (repo_provides) and the services its files send HTTP requests to (repo_requests). Each
 * is written when it changed since this indexer last wrote it: a save rarely changes either.
 */
export class RepoDeclarations {
  private readonly written = new Map<Hash, { provides: string; requests: string }>();

  /** The repository's declarations now. */
  prepare(repoHash: Hash, layout: RepoLayout, table: SymbolTable): PendingDeclarations {
    const provides = [...providedModules(layout).map((m) => ({ ...m, repoHash })), ...declaredPackages(table, repoHash)];
    const requests = repoRequests(table, repoHash);
    const keys = { provides: JSON.stringify(provides), requests: JSON.stringify(requests) };
    const before = this.written.get(repoHash);
    return {
      write: async (tx) => {
        if (before?.provides !== keys.provides) await tx.replaceRepoProvides(repoHash, provides);
        if (before?.requests !== keys.requests) await tx.replaceRepoRequests(repoHash, requests);
      },
      committed: () => {
        this.written.set(repoHash, keys);
      },
    };
  }
}
