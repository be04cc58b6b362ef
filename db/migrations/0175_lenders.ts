import { sql, type Kysely } from "kysely";
import { timeType, withId } from "#db/migrations/dialect-types.ts";

/**
 * Lenders as the business's data (issue 47, item 1): the 금융상품직접판매업자
 * a product is sold for — its legal name (상호, as the ad and the 제26조
 * notice write it), its display name per language (JSON, English required)
 * and its logo (a served path). Every surface that names lenders (the
 * consultation page's notice, the legal texts' `{lenders}`, the partners
 * page, the eligibility answer, the ad disclosure) reads the lenders of the
 * live products from here: no lender's name is left in code or catalogs.
 *
 * A product names its lender at creation (`lender_id`), and a product the
 * business stops selling is retired (`retired_at`): off for good, its
 * published versions kept as the record of what was advertised.
 *
 * The fresh install's three sample products get the three sample lenders
 * that app/config/site.ts named before (their logos stay the sample files);
 * any other product gets a lender made from its latest version's lender name.
 */
export const SAMPLE_LENDERS: Record<string, { legal_name: string; names: Record<string, string>; logo: string }> = {
  "regional-bank-general": {
    legal_name: "주식회사 샘플A은행",
    names: { en: "Sample Regional Bank A" },
    logo: "/images/partners/sample-regional-bank-a.svg",
  },
  "regional-bank-student": {
    legal_name: "주식회사 샘플B은행",
    names: { en: "Sample Regional Bank B" },
    logo: "/images/partners/sample-regional-bank-b.svg",
  },
  "savings-bank": {
    legal_name: "주식회사 샘플저축은행",
    names: { en: "Sample Savings Bank" },
    logo: "/images/partners/sample-savings-bank.svg",
  },
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("loan_lenders"))
    .addColumn("legal_name", "varchar(120)", (c) => c.notNull().unique())
    .addColumn("names", "text", (c) => c.notNull())
    .addColumn("logo", "varchar(200)")
    .addColumn("created_at", timeType(db), (c) => c.notNull())
    .addColumn("updated_at", timeType(db), (c) => c.notNull())
    .execute();
  await db.schema
    .alterTable("loan_products")
    .addColumn("lender_id", "integer", (c) => c.references("loan_lenders.id"))
    .execute();
  await db.schema.alterTable("loan_products").addColumn("retired_at", timeType(db)).execute();

  const at = new Date().toISOString();
  const products = await sql<{ id: number; partner_key: string }>`select id, partner_key from loan_products order by id`.execute(db);
  for (const product of products.rows) {
    const latest = await sql<{ lender_name: string | null }>`select lender_name from loan_product_versions
      where product_id = ${product.id} order by id desc`.execute(db);
    const sample = SAMPLE_LENDERS[product.partner_key];
    const legalName = sample?.legal_name ?? latest.rows.find((r) => r.lender_name)?.lender_name ?? product.partner_key;
    let lender = await sql<{ id: number }>`select id from loan_lenders where legal_name = ${legalName}`.execute(db);
    if (!lender.rows[0]) {
      const names = JSON.stringify(sample?.names ?? { en: legalName });
      await sql`insert into loan_lenders (legal_name, names, logo, created_at, updated_at)
        values (${legalName}, ${names}, ${sample?.logo ?? null}, ${at}, ${at})`.execute(db);
      lender = await sql<{ id: number }>`select id from loan_lenders where legal_name = ${legalName}`.execute(db);
    }
    await sql`update loan_products set lender_id = ${lender.rows[0]!.id} where id = ${product.id}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("loan_products").dropColumn("retired_at").execute();
  await db.schema.alterTable("loan_products").dropColumn("lender_id").execute();
  await db.schema.dropTable("loan_lenders").ifExists().execute();
}
