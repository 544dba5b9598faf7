import type { Database, SqlValue, Statement } from 'sql.js';

export type Params = readonly SqlValue[];

/**
 * A thin layer over a sql.js Database: a prepared-statement cache and row helpers, so
 * hot paths bind and step instead of re-parsing SQL per row.
 */
export class SqlJsDatabase {
  private readonly statements = new Map<string, Statement>();

  constructor(public db: Database) {}

  /** The name of the database's file in sql.js's in-memory file system. */
  get filename(): string {
    return (this.db as unknown as { filename: string }).filename;
  }

  private prepared(sql: string): Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  run(sql: string, params: Params = []): void {
    const statement = this.prepared(sql);
    statement.bind(params as SqlValue[]);
    statement.step();
    statement.reset();
  }

  all<T>(sql: string, params: Params, map: (row: SqlValue[]) => T): T[] {
    const statement = this.prepared(sql);
    statement.bind(params as SqlValue[]);
    const rows: T[] = [];
    while (statement.step()) rows.push(map(statement.get()));
    statement.reset();
    return rows;
  }

  one<T>(sql: string, params: Params, map: (row: SqlValue[]) => T): T | undefined {
    const statement = this.prepared(sql);
    statement.bind(params as SqlValue[]);
    const row = statement.step() ? map(statement.get()) : undefined;
    statement.reset();
    return row;
  }

  scalar(sql: string, params: Params = []): SqlValue | undefined {
    return this.one(sql, params, (row) => row[0]);
  }

  /** Rows changed by the last statement. */
  changes(): number {
    return this.db.getRowsModified();
  }

  exec(sql: string): void {
    this.db.exec(sql);
  }

  /** Serialises the database. sql.js frees prepared statements when exporting. */
  export(): Uint8Array {
    this.freeStatements();
    return this.db.export();
  }

  close(): void {
    this.freeStatements();
    this.db.close();
  }

  private freeStatements(): void {
    for (const statement of this.statements.values()) statement.free();
    this.statements.clear();
  }
}
