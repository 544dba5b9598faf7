export * from './graphStore';
export type * from './records';
export type * from './roles';
export { openStore } from './open';
export { graphExists, hasPassword, isServerLocation, locationWithoutPassword, maskLocationSecrets, shownLocation } from './location';
export { StoreOpenError, GRAPH_FORMAT } from './sqljs/openStore';
export { StoreLockedError } from './sqljs/storeErrors';
export type { OpenStoreOptions } from './open';
