export * from './graphStore';
export type * from './records';
export type * from './roles';
export { graphExists, isServerLocation, maskLocationSecrets, openStore, shownLocation } from './open';
export { StoreOpenError, GRAPH_FORMAT } from './sqljs/openStore';
export { StoreLockedError } from './sqljs/storeErrors';
export type { OpenStoreOptions } from './open';
