import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import type { SignedIn } from "#app/features/console/session-store.server.ts";
import { auditChange, describeChanges } from "#app/features/audit/audit.server.ts";
import { bumpContentVersion } from "#app/lib/content-version.server.ts";
import { businessModules, writeModules } from "#app/business/modules.server.ts";
import type { BusinessModules } from "#app/business/modules.ts";
import { BUSINESS_RECORD } from "#app/features/business-settings/business.server.ts";

/**
 * Switching a line of business on or off (issue 47, item 4): one transaction
 * writes the `modules` row, the audit line (`module counter: "true" → "false"`)
 * and the content version, so every instance drops its kept pages (the menu,
 * the module's pages and their 404s) within seconds. Nothing changed: nothing written.
 */
export async function saveModules(
  db: Kysely<Database>,
  who: Pick<SignedIn, "operator">,
  modules: BusinessModules,
  now = new Date(),
): Promise<"modules" | "unchanged"> {
  return db.transaction().execute(async (trx) => {
    const before = await businessModules(trx);
    const named = (m: BusinessModules) => Object.fromEntries(Object.entries(m).map(([k, on]) => [`module ${k}`, String(on)]));
    const lines = describeChanges(named(before), named(modules));
    if (!lines.length) return "unchanged";
    await writeModules(trx, modules, now, who.operator.email);
    await auditChange(trx, who, "business_update", BUSINESS_RECORD, lines, now);
    await bumpContentVersion(trx, now);
    return "modules";
  });
}
