import { sql, type Kysely } from "kysely";
import { flagType } from "#db/migrations/dialect-types.ts";

/**
 * Loan ads as data (issue 35, ADR 0039). A product version gains what an ad
 * must state besides the rate (app/loans/terms.ts): the day its rate was
 * calculated, the lender's legal name,
 * the product's official name, fixed or variable and how the rate is set,
 * the overdue rate's addition, the fees (취급, 중도상환 and its months),
 * who bears the stamp duty, and the credit standard in the lender's words;
 * and the two approvals (app/loans/ad-approval.ts): the lender's
 * confirmation and the compliance officer's review, each a number and the
 * last valid day (YYYY-MM-DD, Korea). Partner banners and the event popup
 * get their own approvals and the product they advertise.
 *
 * Every column is nullable: a draft may lack them; publishing refuses until
 * they are there, and the public read path hides what lacks them or has run
 * out. The spec's three sample products, their banners and the popup get
 * clearly sample values (numbers starting "샘플", validity to 2099-12-31,
 * `sample` = true) so a fresh install shows the disclosure and the go-live
 * check can list them. Any other existing product or banner keeps nulls:
 * it leaves the public site until an administrator enters its approvals.
 */
const TERMS = [
  // The day the rate was calculated (YYYY-MM-DD, Korea): the disclosure's "○○ 기준".
  ["rate_date", "varchar(10)"],
  ["lender_name", "varchar(120)"],
  ["official_name", "varchar(120)"],
  ["rate_kind", "varchar(10)"],
  ["rate_basis", "varchar(300)"],
  ["overdue_add_bp", "integer"],
  ["fee_handling_bp", "integer"],
  ["fee_prepay_bp", "integer"],
  ["prepay_months", "integer"],
  ["stamp_duty", "varchar(10)"],
  ["credit_standard", "varchar(300)"],
] as const;
const APPROVAL = [
  ["confirm_no", "varchar(60)"],
  ["confirm_until", "varchar(10)"],
  ["review_no", "varchar(60)"],
  ["review_until", "varchar(10)"],
] as const;

const SAMPLE_UNTIL = "2099-12-31";
/** The sample banners' rate date (migration 0050): the products' rates are the same figures. */
const SAMPLE_RATE_DATE = "2026-11-01";

/** Exported for the tests of what a fresh install shows. */
export const SAMPLE_TERMS: Record<string, Record<string, string | number>> = {
  "regional-bank-general": {
    lender_name: "주식회사 샘플A은행",
    official_name: "샘플 외국인 근로자 신용대출",
    rate_kind: "fixed",
    rate_basis: "[샘플] 대출 실행일의 금융채 금리(기준금리)에 신용도에 따른 가산금리를 더하여 산정",
    overdue_add_bp: 10,
    fee_handling_bp: 0,
    fee_prepay_bp: 100,
    prepay_months: 36,
    stamp_duty: "half",
    credit_standard: "[샘플] 개인신용평점(NICE) 600점 이상, 당행 심사기준에 따름",
    confirm_no: "샘플-A-0001",
    review_no: "샘플-2026-001",
  },
  "regional-bank-student": {
    lender_name: "주식회사 샘플B은행",
    official_name: "샘플 외국인 유학생 대출",
    rate_kind: "fixed",
    rate_basis: "[샘플] 대출 실행일의 금융채 금리(기준금리)에 가산금리를 더하여 산정",
    overdue_add_bp: 10,
    fee_handling_bp: 0,
    fee_prepay_bp: 0,
    prepay_months: 0,
    stamp_duty: "none",
    credit_standard: "[샘플] 개인신용평점(KCB) 550점 이상, 당행 심사기준에 따름",
    confirm_no: "샘플-B-0001",
    review_no: "샘플-2026-002",
  },
  "savings-bank": {
    lender_name: "주식회사 샘플저축은행",
    official_name: "샘플 외국인 중금리 신용대출",
    rate_kind: "variable",
    rate_basis: "[샘플] 코픽스(COFIX, 신규취급액기준) 6개월 변동금리에 가산금리를 더하여 산정, 6개월마다 변동",
    overdue_add_bp: 10,
    fee_handling_bp: 0,
    fee_prepay_bp: 150,
    prepay_months: 36,
    stamp_duty: "half",
    credit_standard: "[샘플] 개인신용평점(NICE) 500점 이상, 당사 심사기준에 따름",
    confirm_no: "샘플-S-0001",
    review_no: "샘플-2026-003",
  },
};

async function addColumns(db: Kysely<unknown>, table: string, columns: readonly (readonly [string, string])[]): Promise<void> {
  for (const [name, type] of columns)
    await db.schema
      .alterTable(table)
      .addColumn(name, sql.raw(type) as never)
      .execute();
  await db.schema
    .alterTable(table)
    .addColumn("sample", flagType(db), (c) => c.notNull().defaultTo(false))
    .execute();
  // A banner's or the popup's product: the page it links to and the terms its disclosure shows.
  if (table !== "loan_product_versions") await db.schema.alterTable(table).addColumn("product_key", "varchar(64)").execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await addColumns(db, "loan_product_versions", [...TERMS, ...APPROVAL]);
  await addColumns(db, "campaign_banners", APPROVAL);
  await addColumns(db, "campaign_popup", APPROVAL);

  for (const [key, terms] of Object.entries(SAMPLE_TERMS)) {
    const { confirm_no, review_no, ...rest } = terms;
    const product = await sql<{ id: number }>`select id from loan_products where partner_key = ${key}`.execute(db);
    for (const { id } of product.rows) {
      await sql`update loan_product_versions set rate_date = ${SAMPLE_RATE_DATE}, lender_name = ${rest.lender_name}, official_name = ${rest.official_name},
        rate_kind = ${rest.rate_kind}, rate_basis = ${rest.rate_basis}, overdue_add_bp = ${rest.overdue_add_bp},
        fee_handling_bp = ${rest.fee_handling_bp}, fee_prepay_bp = ${rest.fee_prepay_bp}, prepay_months = ${rest.prepay_months},
        stamp_duty = ${rest.stamp_duty}, credit_standard = ${rest.credit_standard}, confirm_no = ${confirm_no},
        confirm_until = ${SAMPLE_UNTIL}, review_no = ${review_no}, review_until = ${SAMPLE_UNTIL}, sample = true
        where product_id = ${id}`.execute(db);
    }
    await sql`update campaign_banners set product_key = ${key}, confirm_no = ${confirm_no}, confirm_until = ${SAMPLE_UNTIL},
      review_no = ${review_no}, review_until = ${SAMPLE_UNTIL}, sample = true where partner_key = ${key}`.execute(db);
  }
  // The sample popup advertises the general loan's welcome event (review A13: an ad like the banners).
  const general = SAMPLE_TERMS["regional-bank-general"]!;
  await sql`update campaign_popup set product_key = ${"regional-bank-general"}, confirm_no = ${general.confirm_no},
    confirm_until = ${SAMPLE_UNTIL}, review_no = ${"샘플-2026-004"}, review_until = ${SAMPLE_UNTIL}, sample = true
    where link = ${"https://bank.example.com/events/welcome"}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const drop = async (table: string, names: string[]) => {
    for (const name of names) await db.schema.alterTable(table).dropColumn(name).execute();
  };
  const approval = [...APPROVAL.map(([n]) => n), "sample"];
  await drop("campaign_popup", [...approval, "product_key"]);
  await drop("campaign_banners", [...approval, "product_key"]);
  await drop("loan_product_versions", [...TERMS.map(([n]) => n), ...approval]);
}
