export * from './graphStore';
export { SqlJsStore } from './sqljs/sqljsStore';
export { openSqlJsStore, StoreOpenError, GRAPH_FORMAT } from './sqljs/openStore';
