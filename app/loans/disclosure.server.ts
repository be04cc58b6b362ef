import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { businessIdentity } from "#app/business/identity.server.ts";
import { reviewerRole } from "#app/business/ad-review.server.ts";
import { disclosureBroker, type DisclosureBroker } from "#app/loans/disclosure.ts";

/** The broker's part of the disclosure, from the stored identity, naming `lenders` (the live products' lenders). */
export async function loadDisclosureBroker(db: Kysely<Database>, lenders: readonly string[]): Promise<DisclosureBroker> {
  return disclosureBroker(await businessIdentity(db), lenders, await reviewerRole(db));
}
