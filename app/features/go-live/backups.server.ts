import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { readSection, writeSection } from "#app/business/sections.server.ts";

/**
 * When the last backup was made: `npm run backup` records it (section
 * `backup` of business_settings) once the copy is written, so the go-live
 * check can tell a site that is backed up from one that never was.
 */
const SECTION = "backup";

export function recordBackup(db: Kysely<Database>, at: Date, file: string): Promise<void> {
  return writeSection(db, SECTION, { at: at.toISOString(), file }, at, null);
}

/** The last backup's time (ISO), or null when none was recorded. */
export async function lastBackup(db: Kysely<Database>): Promise<string | null> {
  const value = await readSection(db, SECTION);
  if (value === null) return null;
  try {
    const at = (JSON.parse(value) as { at?: unknown }).at;
    return typeof at === "string" && !Number.isNaN(Date.parse(at)) ? at : null;
  } catch {
    return null;
  }
}
