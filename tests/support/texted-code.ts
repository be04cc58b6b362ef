import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { openTextPayload } from "#app/outbox/text.server.ts";
import { TEST_APP_SECRET } from "#tests/support/services.ts";

/** The newest one-time code queued by text to `phone` (digits), read from the outbox as its text channel would; null when none. */
export async function textedCode(db: Kysely<Database>, phone: string): Promise<string | null> {
  const rows = await db
    .selectFrom("alert_deliveries")
    .select(["payload", "news"])
    .where("channel", "=", "text")
    .orderBy("id", "desc")
    .execute();
  for (const row of rows) {
    const opened = openTextPayload(row.payload, TEST_APP_SECRET);
    if (row.news === "code" && opened?.to === phone) return opened.params.code ?? null;
  }
  return null;
}
