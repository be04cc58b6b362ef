import type { DatabaseConnection, Dialect, Driver, QueryResult, TransactionSettings, CompiledQuery } from "kysely";

/**
 * "The database is away", decided here and nowhere else (issue 39): an error
 * that says the database could not be reached or dropped the connection, as
 * opposed to a bug or a refused query. Such a request is answered 503 with
 * Retry-After (app/web/refusals.ts), not 500, and the log says "away" and
 * "back" once each instead of a stack per request.
 *
 * - SQLite (node:sqlite): SQLITE_BUSY (5) and SQLITE_LOCKED (6), another
 *   process held the write lock past the busy timeout.
 * - PostgreSQL (pg): the network refused, reset or timed out; the server
 *   ended the session (SQLSTATE class 08, 57P01–57P03: shut down, crashed,
 *   starting up) or has no room (53300); the pool waited too long for a
 *   connection; the client's socket closed under it.
 * The error itself, its `cause`, and the errors of an AggregateError (Node's
 * connect over several addresses) are looked at.
 */
export function isDependencyAway(error: unknown): boolean {
  return reasonAway(error, 0) !== null;
}

/** Why the database is away ("sqlite_busy", "pg_57P01", "ECONNREFUSED", …), or null when the error is of another kind. */
export function reasonAway(error: unknown, depth = 0): string | null {
  if (!error || typeof error !== "object" || depth > 4) return null;
  const e = error as { code?: unknown; errcode?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (e.code === "ERR_SQLITE_ERROR" && typeof e.errcode === "number") {
    const primary = e.errcode & 0xff;
    if (primary === SQLITE_BUSY) return "sqlite_busy";
    if (primary === SQLITE_LOCKED) return "sqlite_locked";
    return null;
  }
  if (typeof e.code === "string") {
    if (NETWORK_CODES.has(e.code)) return e.code;
    if (/^[0-9A-Z]{5}$/.test(e.code) && (e.code.startsWith("08") || PG_AWAY_STATES.has(e.code))) return `pg_${e.code}`;
  }
  if (typeof e.message === "string") {
    const matched = PG_AWAY_MESSAGES.find(([pattern]) => pattern.test(e.message as string));
    if (matched) return matched[1];
  }
  if (Array.isArray(e.errors)) {
    for (const inner of e.errors) {
      const reason = reasonAway(inner, depth + 1);
      if (reason) return reason;
    }
  }
  return e.cause ? reasonAway(e.cause, depth + 1) : null;
}

const SQLITE_BUSY = 5;
const SQLITE_LOCKED = 6;
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  "ENOTFOUND",
  "EPIPE",
]);
/** admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections. */
const PG_AWAY_STATES = new Set(["57P01", "57P02", "57P03", "53300"]);
/** What pg says without a code when its socket or its pool gave up. */
const PG_AWAY_MESSAGES: [RegExp, string][] = [
  [/^Connection terminated/, "pg_terminated"],
  [/timeout exceeded when trying to connect/, "pg_pool_timeout"],
  [/Client has encountered a connection error and is not queryable/, "pg_client_broken"],
  [/^Connection ended unexpectedly/, "pg_terminated"],
];

/** Whether a statement reads or writes: SQLite's write lock stops writes while reads go on. */
export type Access = "read" | "write";

/**
 * What the guarded driver tells about the database: `away` for each failure
 * classified above (it answers what is thrown in its place), `ok` after each
 * statement the database answered (the first after an outage may say it is
 * back: a read says so only when reads failed too). Each attempt takes a
 * mark with `begin` before it starts and hands it back with its outcome:
 * attempts overlap, and one begun before the watch last changed its mind (a
 * query answered just as the server shut down, a connection refused while it
 * was still starting) says nothing about the database now.
 */
export interface DependencyWatch {
  begin(): number;
  away(cause: unknown, reason: string, access: Access, begun: number): unknown;
  ok(access: Access, begun: number): void;
}

/** A dialect whose driver reports to `watch` (see guardDriver). */
export function guardDialect(dialect: Dialect, watch: DependencyWatch): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createDriver: () => guardDriver(dialect.createDriver(), watch),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}

/**
 * Every way a query reaches the database (a connection taken from the pool,
 * a query, a transaction's begin, commit and rollback) goes through `guard`:
 * an error that says the database is away is replaced by what
 * `watch.away` answers; any other error passes unchanged.
 */
export function guardDriver(driver: Driver, watch: DependencyWatch): Driver {
  const raw = new WeakMap<DatabaseConnection, DatabaseConnection>();
  const inner = (connection: DatabaseConnection) => raw.get(connection) ?? connection;
  /** `answered`: the database answered a statement of that access (a query, a commit); taking a connection or beginning proves less. */
  async function guard<T>(run: () => Promise<T>, access: Access, answered = false): Promise<T> {
    const begun = watch.begin();
    try {
      const result = await run();
      if (answered) watch.ok(access, begun);
      return result;
    } catch (error) {
      const reason = reasonAway(error);
      if (reason) throw watch.away(error, reason, access, begun);
      throw error;
    }
  }
  const wrap = (connection: DatabaseConnection): DatabaseConnection => {
    const wrapped: DatabaseConnection = {
      executeQuery: <R>(query: CompiledQuery): Promise<QueryResult<R>> =>
        guard(() => connection.executeQuery<R>(query), accessOf(query), true),
      streamQuery: <R>(query: CompiledQuery, chunkSize?: number) => connection.streamQuery<R>(query, chunkSize),
    };
    raw.set(wrapped, connection);
    return wrapped;
  };
  const guarded: Driver = {
    init: () => guard(() => driver.init(), "read"),
    acquireConnection: async () => wrap(await guard(() => driver.acquireConnection(), "read")),
    beginTransaction: (c: DatabaseConnection, settings: TransactionSettings) =>
      guard(() => driver.beginTransaction(inner(c), settings), "write"),
    commitTransaction: (c: DatabaseConnection) => guard(() => driver.commitTransaction(inner(c)), "write", true),
    rollbackTransaction: (c: DatabaseConnection) => guard(() => driver.rollbackTransaction(inner(c)), "write"),
    releaseConnection: (c: DatabaseConnection) => driver.releaseConnection(inner(c)),
    destroy: () => driver.destroy(),
  };
  if (driver.savepoint) {
    const savepoint = driver.savepoint.bind(driver);
    guarded.savepoint = (c, name, compile) => guard(() => savepoint(inner(c), name, compile), "write");
  }
  if (driver.rollbackToSavepoint) {
    const rollbackTo = driver.rollbackToSavepoint.bind(driver);
    guarded.rollbackToSavepoint = (c, name, compile) => guard(() => rollbackTo(inner(c), name, compile), "write");
  }
  if (driver.releaseSavepoint) {
    const release = driver.releaseSavepoint.bind(driver);
    guarded.releaseSavepoint = (c, name, compile) => guard(() => release(inner(c), name, compile), "write");
  }
  return guarded;
}

/** A select (built or written as SQL) reads; everything else may write. */
function accessOf(query: CompiledQuery): Access {
  if (query.query.kind === "SelectQueryNode") return "read";
  return query.query.kind === "RawNode" && /^\s*(select|with|pragma|show)\b/i.test(query.sql) ? "read" : "write";
}
