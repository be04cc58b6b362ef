import pg from "pg";

/**
 * What the app reads from PostgreSQL, made the same as from SQLite (ADR 0024).
 * On PostgreSQL times are `timestamptz` and flags `boolean` (migration 0070);
 * SQLite keeps ISO text and 0/1. The app sees one shape on both:
 *
 * - a `timestamptz` (OID 1184) comes back as the ISO-8601 UTC string the app
 *   writes (`2026-11-25T04:33:00.000Z`), whatever the session's TimeZone;
 * - a `boolean` (OID 16) comes back as 1 or 0, as SQLite answers a flag or a
 *   comparison.
 *
 * Given to each pool (`types`), never set on pg's global parsers: another
 * client in the process (the backup's, a test's) keeps pg's defaults.
 * Writes need nothing: pg sends numbers and ISO strings as text, which
 * PostgreSQL reads as the column's type ('1'/'0' are booleans).
 */
export const PG_TIMESTAMPTZ = 1184;
export const PG_BOOL = 16;

const parseTimestamptz = pg.types.getTypeParser(PG_TIMESTAMPTZ, "text") as (value: string) => Date | number;

export function isoFromTimestamptz(value: string): string {
  const parsed = parseTimestamptz(value);
  // ±infinity (never written by the app) stays as PostgreSQL says it.
  return parsed instanceof Date && !Number.isNaN(parsed.getTime()) ? parsed.toISOString() : value;
}

export function flagFromBool(value: string): number {
  return value === "t" ? 1 : 0;
}

type TypeParser = (value: string) => unknown;

export const appTypes = {
  getTypeParser(oid: number, format?: "text" | "binary"): TypeParser {
    if (format !== "binary") {
      if (oid === PG_TIMESTAMPTZ) return isoFromTimestamptz;
      if (oid === PG_BOOL) return flagFromBool;
    }
    return pg.types.getTypeParser(oid, format ?? "text") as TypeParser;
  },
};
