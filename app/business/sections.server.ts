import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";

/**
 * The rows of `business_settings`, one JSON document per section (the
 * identity, the time of the last backup…). Written inside the caller's
 * transaction when it has one.
 */
export async function readSection(db: Kysely<Database>, section: string): Promise<string | null> {
  const row = await db.selectFrom("business_settings").select("value").where("section", "=", section).executeTakeFirst();
  return row?.value ?? null;
}

export async function writeSection(db: Kysely<Database>, section: string, value: unknown, at: Date, by: string | null): Promise<void> {
  const row = { value: JSON.stringify(value), updated_at: at.toISOString(), updated_by: by };
  const updated = await db.updateTable("business_settings").set(row).where("section", "=", section).executeTakeFirst();
  if (!Number(updated.numUpdatedRows))
    await db
      .insertInto("business_settings")
      .values({ section, ...row })
      .execute();
}

/**
 * A section that records when something last ran (`{ at, … }`: the last backup, the last access-record
 * export): its document when `at` is a time, else null (never written, or unreadable).
 */
export async function readStamp(db: Kysely<Database>, section: string): Promise<({ at: string } & Record<string, unknown>) | null> {
  const value = await readSection(db, section);
  if (value === null) return null;
  try {
    const stamp = JSON.parse(value) as Record<string, unknown> | null;
    const at = stamp?.at;
    return typeof at === "string" && !Number.isNaN(Date.parse(at)) ? { ...stamp, at } : null;
  } catch {
    return null;
  }
}
