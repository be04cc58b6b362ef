import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from "kysely";

/** Column types that differ between SQLite and PostgreSQL, for migrations only. */
export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Adds the auto-incrementing integer `id` primary key every table has. */
export function withId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn("id", "serial", (c: ColumnDefinitionBuilder) => c.primaryKey())
    : table.addColumn("id", "integer", (c: ColumnDefinitionBuilder) => c.primaryKey().autoIncrement());
}

export function blobType(db: Kysely<unknown>) {
  return isPostgres(db) ? sql`bytea` : sql`blob`;
}

/**
 * A time column of a migration after 0070 (ADR 0024): `timestamptz` on
 * PostgreSQL, ISO-8601 UTC text on SQLite; the app reads both as the same string.
 */
export function timeType(db: Kysely<unknown>) {
  return isPostgres(db) ? sql`timestamptz` : sql`varchar(32)`;
}

/** A flag column after 0070: `boolean` on PostgreSQL, 0/1 `integer` on SQLite; the app reads both as 1/0. */
export function flagType(db: Kysely<unknown>) {
  return isPostgres(db) ? sql`boolean` : sql`integer`;
}
