import type { Kysely } from "kysely";
import { flagType, timeType, withId } from "#db/migrations/dialect-types.ts";

/**
 * The home page's figures and reviews as operator data (issue 35, item 4):
 * 표시광고법 제3조·제5조 and 금소법 시행령 제20조 want every figure and review an
 * advertiser shows to be real and substantiated. Each figure has its value,
 * the day it was counted (`as_of`) and a note of its source per language;
 * each review its masked name, rating, quote (in its original language, with
 * translations), the customer's consent date and whether anything was given
 * for it. `confirmed_at`/`confirmed_by` stay empty while a row is still the
 * spec's sample; an administrator confirms it. A section (figures, reviews)
 * can be hidden from the home page.
 *
 * Figures: counts in whole numbers, the approval rate in tenths of a percent
 * (85 % = 850), money in whole won (`bigint`: a total disbursed passes 2^31).
 * The spec's "Total Sign-ups" becomes "consultation requests received": the
 * site has no sign-up, but it records every consultation request.
 *
 * The seed is the spec's sample (copied here: a migration never changes),
 * the USD total turned into won (US$3.85M ≈ 5,200,000,000 KRW at ₩1,350).
 * These samples do not agree with each other (50,000 approvals at the
 * smallest product amount, 1,000,000 KRW, need 50 billion won): the console
 * refuses to confirm them as they are.
 */
/** Exported for the tests of what a fresh install shows. */
export const SAMPLE_FIGURES = [
  { key: "requests", value: 100_000 },
  { key: "approved", value: 50_000 },
  { key: "approval_rate", value: 850 },
  { key: "disbursed", value: 5_200_000_000 },
];
export const SAMPLE_AS_OF = "2026-11-01";
export const SAMPLE_SOURCE = {
  en: "Sample figure from the product specification, not yet confirmed",
  vi: "Số liệu mẫu trong bản đặc tả sản phẩm, chưa được xác nhận",
  id: "Angka contoh dari spesifikasi produk, belum dikonfirmasi",
  my: "ထုတ်ကုန် သတ်မှတ်ချက်စာတမ်းပါ နမူနာ ကိန်းဂဏန်း ဖြစ်ပြီး အတည်မပြုရသေးပါ",
  mn: "Бүтээгдэхүүний тодорхойлолтын жишээ тоо, баталгаажаагүй",
};

export const SAMPLE_REVIEWS = [
  {
    name: "Siti N*** R",
    country: "id",
    rating: 5,
    original_lang: "id",
    quote:
      "Saya kira orang asing susah dapat pinjaman di Korea. Konsultannya menjelaskan semuanya dalam bahasa Indonesia, dan tiga hari kemudian pinjaman saya disetujui. Terima kasih banyak!",
  },
  {
    name: "Maria C*** S",
    country: "ph",
    rating: 5,
    original_lang: "en",
    quote:
      "Clear answers, no hidden fees, and they called me back the same day. I finally understood my loan before I signed anything. I recommend them to all my friends here.",
  },
  {
    name: "Nguyen V*** A",
    country: "vn",
    rating: 5,
    original_lang: "vi",
    quote:
      "Nhân viên tư vấn rất nhiệt tình, giải thích rõ lãi suất và cách trả nợ bằng tiếng Việt. Hồ sơ đơn giản, tôi nhận được khoản vay nhanh hơn tôi nghĩ.",
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("home_claim_sections"))
    .addColumn("section", "varchar(16)", (c) => c.notNull().unique())
    .addColumn("hidden", flagType(db), (c) => c.notNull().defaultTo(false))
    .addColumn("created_at", timeType(db), (c) => c.notNull())
    .addColumn("updated_at", timeType(db), (c) => c.notNull())
    .execute();
  await withId(db, db.schema.createTable("home_figures"))
    .addColumn("figure", "varchar(16)", (c) => c.notNull().unique())
    .addColumn("value", "bigint", (c) => c.notNull())
    .addColumn("as_of", "varchar(10)", (c) => c.notNull())
    .addColumn("sources", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("confirmed_at", timeType(db))
    .addColumn("confirmed_by", "varchar(254)")
    .addColumn("created_at", timeType(db), (c) => c.notNull())
    .addColumn("updated_at", timeType(db), (c) => c.notNull())
    .execute();
  await withId(db, db.schema.createTable("home_reviews"))
    .addColumn("name", "varchar(60)", (c) => c.notNull())
    .addColumn("country", "varchar(2)", (c) => c.notNull())
    .addColumn("rating", "integer", (c) => c.notNull())
    .addColumn("original_lang", "varchar(8)", (c) => c.notNull())
    .addColumn("quote", "text", (c) => c.notNull())
    .addColumn("translations", "text", (c) => c.notNull())
    .addColumn("consent_date", "varchar(10)")
    .addColumn("incentive", flagType(db), (c) => c.notNull().defaultTo(false))
    .addColumn("hidden", flagType(db), (c) => c.notNull().defaultTo(false))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("confirmed_at", timeType(db))
    .addColumn("confirmed_by", "varchar(254)")
    .addColumn("created_at", timeType(db), (c) => c.notNull())
    .addColumn("updated_at", timeType(db), (c) => c.notNull())
    .execute();

  const at = new Date().toISOString();
  await db
    .insertInto("home_claim_sections" as never)
    .values(["figures", "reviews"].map((section) => ({ section, created_at: at, updated_at: at })) as never)
    .execute();
  await db
    .insertInto("home_figures" as never)
    .values(
      SAMPLE_FIGURES.map((f, i) => ({
        figure: f.key,
        value: f.value,
        as_of: SAMPLE_AS_OF,
        sources: JSON.stringify(SAMPLE_SOURCE),
        position: i + 1,
        created_at: at,
        updated_at: at,
      })) as never,
    )
    .execute();
  await db
    .insertInto("home_reviews" as never)
    .values(
      SAMPLE_REVIEWS.map((r, i) => ({
        ...r,
        translations: "{}",
        consent_date: null,
        position: i + 1,
        created_at: at,
        updated_at: at,
      })) as never,
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["home_reviews", "home_figures", "home_claim_sections"]) await db.schema.dropTable(table).execute();
}
