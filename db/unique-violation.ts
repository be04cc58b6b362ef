/**
 * Whether a write failed on a unique constraint, on either dialect: two
 * administrators (or one double tap) adding the same thing at once. The
 * check before the insert answers the common case with a message; this
 * answers the race the same way instead of a 500. SQLite (node:sqlite):
 * SQLITE_CONSTRAINT_UNIQUE (2067) or _PRIMARYKEY (1555); PostgreSQL: 23505.
 */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; errcode?: unknown } | null;
  if (!e || typeof e !== "object") return false;
  if (e.code === "ERR_SQLITE_ERROR") return e.errcode === 2067 || e.errcode === 1555;
  return e.code === "23505";
}
