import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import type { SignedIn } from "#app/features/console/session-store.server.ts";
import { auditChange } from "#app/features/audit/audit.server.ts";
import { bumpContentVersion } from "#app/lib/content-version.server.ts";
import { businessProcessors, writeProcessors } from "#app/business/processors.server.ts";
import type { Processor } from "#app/business/processors.ts";
import { BUSINESS_RECORD } from "#app/features/business-settings/business.server.ts";

/**
 * Saving the processors (issue 52, item 7): one transaction writes the list,
 * the audit line (each processor added or removed, by name and country) and
 * the content version, so the privacy policy every instance shows names
 * them at once. Nothing changed: nothing written.
 */
export async function saveProcessors(
  db: Kysely<Database>,
  who: Pick<SignedIn, "operator">,
  processors: readonly Processor[],
  now = new Date(),
): Promise<"processors" | "unchanged"> {
  return db.transaction().execute(async (trx) => {
    const before = await businessProcessors(trx);
    if (JSON.stringify(before) === JSON.stringify(processors)) return "unchanged";
    const label = (p: Processor) => `${p.name} (${p.country})`;
    const had = new Set(before.map(label));
    const has = new Set(processors.map(label));
    const lines = [
      ...[...has].filter((p) => !had.has(p)).map((p) => `processor + ${p}`),
      ...[...had].filter((p) => !has.has(p)).map((p) => `processor - ${p}`),
    ];
    await writeProcessors(trx, processors, now, who.operator.email);
    await auditChange(trx, who, "business_update", BUSINESS_RECORD, lines.length ? lines : ["processors edited"], now);
    await bumpContentVersion(trx, now);
    return "processors";
  });
}
