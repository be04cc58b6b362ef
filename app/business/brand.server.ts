import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { writeSection } from "#app/business/sections.server.ts";
import { lastKnown } from "#app/lib/last-known.server.ts";
import { businessIdentity, IDENTITY_SECTION } from "#app/business/identity.server.ts";
import { issuerOf, type Brand } from "#app/business/brand.ts";
import { readBrand } from "#app/business/sample-brand.ts";

/**
 * The `brand` row of `business_settings` (app/business/brand.ts), read with
 * the identity's row in one query (the chat channels the identity held
 * before the brand had its own). No row: the sample.
 */
export const BRAND_SECTION = "brand";

export async function businessBrand(db: Kysely<Database>): Promise<Brand> {
  const rows = await db
    .selectFrom("business_settings")
    .select(["section", "value"])
    .where("section", "in", [BRAND_SECTION, IDENTITY_SECTION])
    .execute();
  const value = (section: string) => rows.find((r) => r.section === section)?.value ?? null;
  return readBrand(value(BRAND_SECTION), value(IDENTITY_SECTION));
}

/** For the frame of every page: the stored brand, or while the database is away the one this process last read. */
export const businessBrandOrLast: (db: Kysely<Database>) => Promise<Brand> = lastKnown(businessBrand, () => "");

/** Written inside the caller's transaction (with its audit lines and the content version). */
export function writeBrand(db: Kysely<Database>, brand: Brand, at: Date, by: string | null): Promise<void> {
  return writeSection(db, BRAND_SECTION, brand, at, by);
}

/** The issuer operators' authenticator apps show (the brand's, else the trade name). */
export async function authenticatorIssuer(db: Kysely<Database>): Promise<string> {
  return issuerOf(await businessBrand(db), await businessIdentity(db));
}
