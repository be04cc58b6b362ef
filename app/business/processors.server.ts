import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { readSection, writeSection } from "#app/business/sections.server.ts";
import { readProcessors, type Processor } from "#app/business/processors.ts";

/** The `processors` row of `business_settings` (app/business/processors.ts); no row: none listed. */
export const PROCESSORS_SECTION = "processors";

export async function businessProcessors(db: Kysely<Database>): Promise<Processor[]> {
  return readProcessors(await readSection(db, PROCESSORS_SECTION));
}

/** Written inside the caller's transaction (with its audit row and the content version). */
export function writeProcessors(db: Kysely<Database>, processors: readonly Processor[], at: Date, by: string | null): Promise<void> {
  return writeSection(db, PROCESSORS_SECTION, processors, at, by);
}
