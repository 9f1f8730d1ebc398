/** Rows of one query. */
export interface QueryResult<Row> {
  rows: Row[]
}

/** Something SQL can run on: the store itself, or one transaction of it. */
export interface Queryable {
  /** Runs one statement with `$1`-style parameters. */
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<QueryResult<Row>>
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>
}

/**
 * The server's storage: PostgreSQL, embedded (PGlite) or a real server (`pg`). Both speak the
 * same SQL, so every query and migration is written once.
 *
 * Drivers differ in how they return some types (int8 as string in `pg`, as number in PGlite), so
 * queries cast what they return to `int`, `float8`, `text`, `text[]` or `jsonb`.
 */
export interface Store extends Queryable {
  /** Which implementation this is. */
  readonly kind: 'pglite' | 'postgres'
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>
  /** Applies the migrations not yet applied; resolves to the ids it applied. */
  migrate(): Promise<number[]>
  /**
   * Calls `onPayload` with each `NOTIFY` on `channel`, from any process using the database, on a
   * connection of its own that is re-opened when it drops (notifications sent while it is down
   * are lost). Resolves, once listening, to a function that stops. Only on a PostgreSQL server:
   * nothing else can share an embedded database.
   */
  listen?(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>
  /** Closes the database (flushes PGlite's files). Safe to call more than once. */
  close(): Promise<void>
}
