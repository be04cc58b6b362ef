import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { SAMPLE_IDENTITY, type BusinessIdentity } from "#app/business/identity.ts";

/**
 * The business's identity as stored (issue 36). Until the settings table
 * lands (next commit), the sample: callers already read it from here.
 */
export async function businessIdentity(_db: Kysely<Database>): Promise<BusinessIdentity> {
  return SAMPLE_IDENTITY;
}
