import { PostgresAdapter, sql, type Expression, type Kysely, type RawBuilder } from "kysely";

/**
 * The few SQL fragments about times that differ between the dialects
 * (ADR 0024): PostgreSQL stores `timestamptz`, SQLite ISO-8601 UTC text.
 * Everything else (comparisons with ISO string parameters, min/max, order)
 * is the same SQL on both.
 */

const isPostgres = <DB>(db: Kysely<DB>) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * A time parameter where PostgreSQL cannot tell its type from its place: in
 * a CASE whose branches are all parameters it would be text, which a
 * `timestamptz` column refuses. Cast there; on SQLite a plain parameter.
 */
export function timeParam<DB>(db: Kysely<DB>, iso: string | null): RawBuilder<string | null> {
  return isPostgres(db) ? sql<string | null>`cast(${iso} as timestamptz)` : sql<string | null>`${iso}`;
}

/**
 * The UTC hour a time falls in, as an ISO string (`2026-11-25T04:00:00.000Z`),
 * for grouping: `date_trunc` in UTC on PostgreSQL (not in the session's
 * zone), the first 13 characters of the ISO text on SQLite.
 */
export function utcHour<DB>(db: Kysely<DB>, time: Expression<string>): RawBuilder<string> {
  return isPostgres(db)
    ? sql<string>`date_trunc('hour', ${time} at time zone 'UTC') at time zone 'UTC'`
    : sql<string>`substr(${time}, 1, 13) || ':00:00.000Z'`;
}
