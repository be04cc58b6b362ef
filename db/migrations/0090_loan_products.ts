import { sql, type Kysely } from "kysely";
import { flagType, timeType, withId } from "#db/migrations/dialect-types.ts";

/**
 * Loan products as data (issue 27, ADR 0028): one product per partner banner
 * (the campaigns' `partner_key`), its figures and its eligibility rules in
 * versions — at most one draft, and published versions each live from their
 * `effective_from` until the next one's, so a lender's change can be
 * scheduled. Types per ADR 0024: times `timestamptz` / ISO text, flags
 * `boolean` / 0-1. Rates in hundredths of a percent (13.00 % = 1300), money
 * in whole won.
 *
 * The three products of the spec are seeded from the Loan FAQ's figures
 * (content/en/loan-faq.json: 1–50 million KRW, 13.00–19.9 % a year, the nine
 * work visas, 1–12 months with the employer depending on the visa, 20,000,000
 * KRW a year, standard contracts, 6 months of stay). The FAQ gives a range
 * for the months with the employer, not the figure per visa, nor a term, nor
 * the student loan's conditions: those seeded figures are samples that the
 * administrators replace with each lender's own in the console.
 */
const WORK_VISAS = ["E-1", "E-2", "E-3", "E-7", "E-9", "F-2", "F-5", "F-6", "F-4"];
/** Within the FAQ's "1 to 12 months depending on the visa" (samples). */
const MONTHS_BY_VISA = { "E-1": 6, "E-2": 6, "E-3": 6, "E-7": 3, "E-9": 6, "F-2": 1, "F-4": 3, "F-5": 1, "F-6": 1 };

/** Exported for the tests of what a fresh install offers. */
/** The FAQ's amount and rate: 1–50 million KRW, 13.00–19.9 % a year. */
const FAQ_FIGURES = { amount_min: 1_000_000, amount_max: 50_000_000, rate_min_bp: 1300, rate_max_bp: 1990 };
/** The FAQ's conditions for the loans for workers. */
const FAQ_WORKER_RULES = {
  visas: WORK_VISAS,
  stay_after_months: 6,
  employed_months: 12,
  employed_months_by_visa: MONTHS_BY_VISA,
  min_income: 20_000_000,
  employment_kinds: "standard",
  nationalities: [] as string[],
};

export const SAMPLE_PRODUCTS = [
  {
    partner_key: "regional-bank-general",
    names: {
      en: "Regional bank general loan",
      vi: "Vay thông thường của ngân hàng địa phương",
      id: "Pinjaman umum bank daerah",
      my: "ဒေသဆိုင်ရာဘဏ် အထွေထွေ ချေးငွေ",
      mn: "Орон нутгийн банкны ерөнхий зээл",
    },
    ...FAQ_FIGURES,
    term_min: 6,
    term_max: 60,
    methods: "annuity",
    ...FAQ_WORKER_RULES,
  },
  {
    partner_key: "regional-bank-student",
    names: {
      en: "Regional bank student loan",
      vi: "Vay du học sinh của ngân hàng địa phương",
      id: "Pinjaman mahasiswa bank daerah",
      my: "ဒေသဆိုင်ရာဘဏ် ကျောင်းသား ချေးငွေ",
      mn: "Орон нутгийн банкны оюутны зээл",
    },
    amount_min: 1_000_000,
    amount_max: 10_000_000,
    rate_min_bp: 1300,
    rate_max_bp: 1990,
    term_min: 6,
    term_max: 24,
    methods: "annuity,bullet",
    visas: ["D-2"],
    stay_after_months: 3,
    employed_months: 0,
    employed_months_by_visa: {} as Record<string, number>,
    min_income: 0,
    employment_kinds: "standard,self,other",
    nationalities: [] as string[],
  },
  {
    partner_key: "savings-bank",
    names: {
      en: "Savings bank loan",
      vi: "Vay ngân hàng tiết kiệm",
      id: "Pinjaman bank tabungan",
      my: "ငွေစုဘဏ် ချေးငွေ",
      mn: "Хадгаламжийн банкны зээл",
    },
    ...FAQ_FIGURES,
    term_min: 12,
    term_max: 60,
    methods: "annuity,principal",
    ...FAQ_WORKER_RULES,
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("loan_products"))
    // The campaigns' partner key: one product per partner banner; never changes.
    .addColumn("partner_key", "varchar(64)", (c) => c.notNull().unique())
    .addColumn("enabled", flagType(db), (c) => c.notNull().defaultTo(true))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("created_at", timeType(db), (c) => c.notNull())
    .addColumn("updated_at", timeType(db), (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable("loan_product_versions"))
    .addColumn("product_id", "integer", (c) => c.notNull().references("loan_products.id").onDelete("cascade"))
    // "draft" (seen only in an administrator's preview) or "published".
    .addColumn("status", "varchar(10)", (c) => c.notNull())
    // A published version is live from here until the next published one's.
    .addColumn("effective_from", timeType(db), (c) => c.notNull())
    // JSON {"en": "…", "vi": …}: English required, the others fall back to it.
    .addColumn("names", "text", (c) => c.notNull())
    .addColumn("amount_min", "integer", (c) => c.notNull())
    .addColumn("amount_max", "integer", (c) => c.notNull())
    .addColumn("rate_min_bp", "integer", (c) => c.notNull())
    .addColumn("rate_max_bp", "integer", (c) => c.notNull())
    .addColumn("term_min", "integer", (c) => c.notNull())
    .addColumn("term_max", "integer", (c) => c.notNull())
    // Comma-separated: annuity, principal, bullet.
    .addColumn("methods", "varchar(40)", (c) => c.notNull())
    // JSON array of visa types.
    .addColumn("visas", "text", (c) => c.notNull())
    .addColumn("stay_after_months", "integer", (c) => c.notNull())
    .addColumn("employed_months", "integer", (c) => c.notNull())
    // JSON {"E-9": 6, …}: overrides employed_months for those visas.
    .addColumn("employed_months_by_visa", "text", (c) => c.notNull())
    .addColumn("min_income", "integer", (c) => c.notNull())
    // Comma-separated: standard, self, other.
    .addColumn("employment_kinds", "varchar(40)", (c) => c.notNull())
    // JSON array of nationalities the product is limited to; [] = any.
    .addColumn("nationalities", "text", (c) => c.notNull())
    .addColumn("created_at", timeType(db), (c) => c.notNull())
    .addColumn("updated_at", timeType(db), (c) => c.notNull())
    .execute();
  await db.schema.createIndex("loan_product_versions_product").on("loan_product_versions").columns(["product_id", "status"]).execute();

  // Seeded live since the epoch: a fresh install offers them at once.
  const at = new Date().toISOString();
  const since = "1970-01-01T00:00:00.000Z";
  let position = 0;
  for (const p of SAMPLE_PRODUCTS) {
    position += 1;
    const { rows } = await sql<{ id: number }>`insert into loan_products (partner_key, enabled, position, created_at, updated_at)
      values (${p.partner_key}, true, ${position}, ${at}, ${at}) returning id`.execute(db);
    await sql`insert into loan_product_versions
      (product_id, status, effective_from, names, amount_min, amount_max, rate_min_bp, rate_max_bp, term_min, term_max, methods,
       visas, stay_after_months, employed_months, employed_months_by_visa, min_income, employment_kinds, nationalities, created_at, updated_at)
      values (${rows[0]!.id}, 'published', ${since}, ${JSON.stringify(p.names)}, ${p.amount_min}, ${p.amount_max}, ${p.rate_min_bp},
        ${p.rate_max_bp}, ${p.term_min}, ${p.term_max}, ${p.methods}, ${JSON.stringify(p.visas)}, ${p.stay_after_months},
        ${p.employed_months}, ${JSON.stringify(p.employed_months_by_visa)}, ${p.min_income}, ${p.employment_kinds},
        ${JSON.stringify(p.nationalities)}, ${at}, ${at})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("loan_product_versions").ifExists().execute();
  await db.schema.dropTable("loan_products").ifExists().execute();
}
