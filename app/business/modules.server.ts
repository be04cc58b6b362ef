import { isDependencyAway } from "#db/dependency.ts";
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { readSection, writeSection } from "#app/business/sections.server.ts";
import { lastKnown } from "#app/lib/last-known.server.ts";
import { readModules, type BusinessModule, type BusinessModules } from "#app/business/modules.ts";

/** The `modules` row of `business_settings` (app/business/modules.ts); no row: every module on. */
export const MODULES_SECTION = "modules";

export async function businessModules(db: Kysely<Database>): Promise<BusinessModules> {
  return readModules(await readSection(db, MODULES_SECTION));
}

/**
 * For the frame of every page (the menu) and a module's own pages and calls:
 * the stored modules, or, while the database is away, the ones this process
 * last read (app/lib/last-known.server.ts), like the identity.
 */
export const businessModulesOrLast: (db: Kysely<Database>) => Promise<BusinessModules> = lastKnown(businessModules, () => "");

/**
 * Whether a line of business is switched on (its pages, forms and calls
 * answer; else 404). While the database is away and this process never read
 * the modules, it cannot tell: the page or form goes on, and the read it
 * needs next answers the visitor the usual 503 with Retry-After, keeping
 * what was typed (never a 500, never a 404 for a line that may be on).
 */
export async function moduleOn(db: Kysely<Database>, module: BusinessModule): Promise<boolean> {
  try {
    return (await businessModulesOrLast(db))[module];
  } catch (error) {
    if (isDependencyAway(error)) return true;
    throw error;
  }
}

/** Written inside the caller's transaction (with its audit row and the content version). */
export function writeModules(db: Kysely<Database>, modules: BusinessModules, at: Date, by: string | null): Promise<void> {
  return writeSection(db, MODULES_SECTION, modules, at, by);
}
