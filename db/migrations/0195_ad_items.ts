import { sql, type Kysely } from "kysely";

/**
 * What a loan ad must carry, and what an "event" must say (issue 48 item 2).
 *
 * A product version gains its 이자 부과시기 (감독규정 제17조①4다2; review N7: `monthly` or
 * `maturity`, shown from the catalogs in every language) and a translation the lender approved of
 * its own words — how the rate is set and the credit standard — per language (review N15; JSON,
 * `{"en": "…"}`; a language without one shows the Korean with a note). Publishing needs the timing,
 * so a product without it leaves the public site until an operator enters it (as migration 0150
 * did for the items it added); the spec's sample products, still samples by their content, get
 * "every month on the agreed day".
 *
 * The event popup gains the event's terms per language (JSON) and its period (first and last day,
 * YYYY-MM-DD, Korea): an "event" without them is refused (review N9). The sample popup offers no
 * real event, so its texts stop calling it one (when still the seed's words).
 */
const SEED_ALTS = {
  en: "Welcome event at our partner bank",
  vi: "Sự kiện chào mừng tại ngân hàng đối tác",
  id: "Promo selamat datang dari bank mitra kami",
  my: "မိတ်ဖက်ဘဏ်၏ ကြိုဆိုရေး အစီအစဉ်",
  mn: "Хамтрагч банкны шинэ харилцагчийн урамшуулал",
};
/** Exported for the tests of what a fresh install shows. */
export const SAMPLE_POPUP_ALTS = {
  en: "A loan from our partner bank",
  vi: "Khoản vay của ngân hàng đối tác",
  id: "Pinjaman dari bank mitra kami",
  my: "မိတ်ဖက်ဘဏ်၏ ချေးငွေ",
  mn: "Хамтрагч банкны зээл",
};

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, type] of [
    ["interest_timing", "varchar(10)"],
    ["rate_basis_tr", "text"],
    ["credit_standard_tr", "text"],
  ] as const)
    await db.schema
      .alterTable("loan_product_versions")
      .addColumn(name, sql.raw(type) as never)
      .execute();
  for (const [name, type] of [
    ["event_terms", "text"],
    ["event_from", "varchar(10)"],
    ["event_until", "varchar(10)"],
  ] as const)
    await db.schema
      .alterTable("campaign_popup")
      .addColumn(name, sql.raw(type) as never)
      .execute();
  await sql`update loan_product_versions set interest_timing = 'monthly'
    where rate_basis like ${"[샘플]%"} or confirm_no like ${"샘플%"}`.execute(db);
  await sql`update campaign_popup set alts = ${JSON.stringify(SAMPLE_POPUP_ALTS)} where alts = ${JSON.stringify(SEED_ALTS)}`.execute(db);
  await sql`update content_versions set version = version + 1, updated_at = ${new Date().toISOString()} where name = 'campaigns'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update campaign_popup set alts = ${JSON.stringify(SEED_ALTS)} where alts = ${JSON.stringify(SAMPLE_POPUP_ALTS)}`.execute(db);
  for (const name of ["event_until", "event_from", "event_terms"]) await db.schema.alterTable("campaign_popup").dropColumn(name).execute();
  for (const name of ["credit_standard_tr", "rate_basis_tr", "interest_timing"])
    await db.schema.alterTable("loan_product_versions").dropColumn(name).execute();
}
