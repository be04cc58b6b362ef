import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { readSection, writeSection } from "#app/business/sections.server.ts";
import { readReviewerRole, type ReviewerRole } from "#app/business/ad-review.ts";

/** The `ad_review` row of `business_settings` (app/business/ad-review.ts). */
export const AD_REVIEW_SECTION = "ad_review";

export async function reviewerRole(db: Kysely<Database>): Promise<ReviewerRole> {
  return readReviewerRole(await readSection(db, AD_REVIEW_SECTION));
}

/** Written inside the caller's transaction (with its audit row and the content version). */
export function writeReviewerRole(db: Kysely<Database>, role: ReviewerRole, at: Date, by: string | null): Promise<void> {
  return writeSection(db, AD_REVIEW_SECTION, { reviewerRole: role }, at, by);
}
