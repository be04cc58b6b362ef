import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { readStamp, writeSection } from "#app/business/sections.server.ts";

/**
 * When the last backup was made: `npm run backup` records it (section
 * `backup` of business_settings) once the copy is written, so the go-live
 * check can tell a site that is backed up from one that never was.
 */
const SECTION = "backup";

export function recordBackup(db: Kysely<Database>, at: Date, file: string, encrypted: boolean): Promise<void> {
  return writeSection(db, SECTION, { at: at.toISOString(), file, encrypted }, at, null);
}

/** The last backup's time (ISO) and whether it was encrypted to a recipient (issue 52), or null when none was recorded. */
export async function lastBackup(db: Kysely<Database>): Promise<{ at: string; encrypted: boolean } | null> {
  const stamp = await readStamp(db, SECTION);
  return stamp ? { at: stamp.at, encrypted: stamp.encrypted === true } : null;
}
