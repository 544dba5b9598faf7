/**
 * The synchronous twin of an async role: the same members, answering without a promise.
 * sql.js runs in this thread, so its tables are written this way and the async seam is
 * one thin layer around them (SqlJsStore).
 */
export type Synchronous<Role> = {
  [Member in keyof Role]: Role[Member] extends (...args: infer Args) => Promise<infer Result> ? (...args: Args) => Result : Role[Member];
};
