import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import type { SignedIn } from "#app/features/console/session-store.server.ts";
import { auditChange, describeChanges } from "#app/features/audit/audit.server.ts";
import { bumpContentVersion } from "#app/lib/content-version.server.ts";
import { reviewerRole, writeReviewerRole } from "#app/business/ad-review.server.ts";
import type { ReviewerRole } from "#app/business/ad-review.ts";
import { BUSINESS_RECORD } from "#app/features/business-settings/business.server.ts";

/**
 * Who reviews the ads (issue 48 item 2): one transaction writes the `ad_review` row, the audit line
 * (`reviewer role: "compliance_officer" → "auditor"`) and the content version, so every ad's
 * "… 심의필" line names the new role within seconds. Nothing changed: nothing written.
 */
export async function saveReviewerRole(
  db: Kysely<Database>,
  who: Pick<SignedIn, "operator">,
  role: ReviewerRole,
  now = new Date(),
): Promise<"reviewer" | "unchanged"> {
  return db.transaction().execute(async (trx) => {
    const lines = describeChanges({ "reviewer role": await reviewerRole(trx) }, { "reviewer role": role });
    if (!lines.length) return "unchanged";
    await writeReviewerRole(trx, role, now, who.operator.email);
    await auditChange(trx, who, "business_update", BUSINESS_RECORD, lines, now);
    await bumpContentVersion(trx, now);
    return "reviewer";
  });
}
