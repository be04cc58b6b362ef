import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";

/**
 * "fits N of M" of a consultation's eligibility check (issue 27), or null
 * when none came with it: what the alerts say (counts only, no personal
 * data). Its own module with no imports but the schema's types: the alert
 * worker runs in the server's own process, outside the app bundle.
 */
export async function checkSummary(db: Kysely<Database>, answerId: number): Promise<{ fits: number; total: number } | null> {
  const row = await db.selectFrom("consultation_checks").select(["fits", "total"]).where("answer_id", "=", answerId).executeTakeFirst();
  return row ? { fits: Number(row.fits), total: Number(row.total) } : null;
}
