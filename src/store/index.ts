export * from './graphStore';
export { openSqlJsStore, SqlJsStore, StoreOpenError, GRAPH_FORMAT } from './sqljs/sqljsStore';
