import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { readSection, writeSection } from "#app/business/sections.server.ts";
import { readModules, type BusinessModules } from "#app/business/modules.ts";

/** The `modules` row of `business_settings` (app/business/modules.ts); no row: every module on. */
export const MODULES_SECTION = "modules";

export async function businessModules(db: Kysely<Database>): Promise<BusinessModules> {
  return readModules(await readSection(db, MODULES_SECTION));
}

/** Written inside the caller's transaction (with its audit row and the content version). */
export function writeModules(db: Kysely<Database>, modules: BusinessModules, at: Date, by: string | null): Promise<void> {
  return writeSection(db, MODULES_SECTION, modules, at, by);
}
