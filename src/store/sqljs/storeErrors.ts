import { CkgError } from '../../model';

/** A graph file that cannot be opened (not ours, a newer schema, no such directory, read-only for a writer): the CLI exits 3. */
export class StoreOpenError extends CkgError {
  readonly code = 'store_open';
}

/** Another process holds the graph's writer lock and the caller would not wait: the CLI exits 4. */
export class StoreLockedError extends CkgError {
  readonly code = 'store_locked';
}
