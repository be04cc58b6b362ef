import { sql, type Kysely } from "kysely";
import { blobType, withId } from "#db/migrations/dialect-types.ts";

/**
 * Campaigns in the console (issue 14, ADR 0021): the partner banners and the
 * event popup of the home page, their uploaded images, and the content
 * version every instance watches to drop its cached pages. The samples that
 * were in app/config/site.ts and the catalogs become the first rows, so a
 * fresh install looks as it did (their texts are copied here: a migration
 * never changes, the catalogs may).
 */
/** Exported for the tests that check what a fresh install shows. */
export const SAMPLE_BANNERS = [
  {
    partner_key: "regional-bank-general",
    link: "https://bank.example.com/loans/general",
    image: "/images/banners/regional-general.svg",
    texts: {
      en: {
        title: "Regional bank general loan",
        description: "For foreign workers with a steady job in Korea",
      },
      vi: {
        title: "Vay thông thường của ngân hàng địa phương",
        description: "Dành cho lao động nước ngoài có việc làm ổn định tại Hàn Quốc",
      },
      id: {
        title: "Pinjaman umum bank daerah",
        description: "Untuk pekerja asing dengan pekerjaan tetap di Korea",
      },
      my: {
        title: "ဒေသဆိုင်ရာဘဏ် အထွေထွေ ချေးငွေ",
        description: "ကိုရီးယားတွင် အလုပ်အကိုင် တည်မြဲသော နိုင်ငံခြားသား အလုပ်သမားများအတွက်",
      },
      mn: {
        title: "Орон нутгийн банкны ерөнхий зээл",
        description: "Солонгост тогтвортой ажилтай гадаад ажилчдад",
      },
    },
  },
  {
    partner_key: "regional-bank-student",
    link: "https://bank.example.com/loans/student",
    image: "/images/banners/regional-student.svg",
    texts: {
      en: {
        title: "Regional bank student loan",
        description: "For international students studying in Korea",
      },
      vi: {
        title: "Vay du học sinh của ngân hàng địa phương",
        description: "Dành cho du học sinh đang học tập tại Hàn Quốc",
      },
      id: {
        title: "Pinjaman mahasiswa bank daerah",
        description: "Untuk mahasiswa internasional yang kuliah di Korea",
      },
      my: {
        title: "ဒေသဆိုင်ရာဘဏ် ကျောင်းသား ချေးငွေ",
        description: "ကိုရီးယားတွင် ပညာသင်နေသော နိုင်ငံခြားသား ကျောင်းသားများအတွက်",
      },
      mn: {
        title: "Орон нутгийн банкны оюутны зээл",
        description: "Солонгост суралцаж буй гадаад оюутнуудад",
      },
    },
  },
  {
    partner_key: "savings-bank",
    link: "https://savings.example.com/loan",
    image: "/images/banners/savings-bank.svg",
    texts: {
      en: {
        title: "Savings bank loan",
        description: "Apply online from your phone",
      },
      vi: {
        title: "Vay ngân hàng tiết kiệm",
        description: "Đăng ký trực tuyến ngay trên điện thoại",
      },
      id: {
        title: "Pinjaman bank tabungan",
        description: "Ajukan secara online dari ponsel Anda",
      },
      my: {
        title: "ငွေစုဘဏ် ချေးငွေ",
        description: "ဖုန်းမှတစ်ဆင့် အွန်လိုင်းဖြင့် လျှောက်ထားနိုင်သည်",
      },
      mn: {
        title: "Хадгаламжийн банкны зээл",
        description: "Утаснаасаа онлайнаар хүсэлт гаргаарай",
      },
    },
  },
];
const SAMPLE_POPUP_ALTS = {
  en: "Welcome event at our partner bank",
  vi: "Sự kiện chào mừng tại ngân hàng đối tác",
  id: "Promo selamat datang dari bank mitra kami",
  my: "မိတ်ဖက်ဘဏ်၏ ကြိုဆိုရေး အစီအစဉ်",
  mn: "Хамтрагч банкны шинэ харилцагчийн урамшуулал",
};
/** The rate and the day it was calculated, as the sample banners showed them. */
const SAMPLE_RATE = "13.00%–19.9%";
const SAMPLE_RATE_DATE = "2026-11-01";

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("campaign_banners"))
    // Stable: the redirect log and the banner statistics are keyed by it.
    .addColumn("partner_key", "varchar(64)", (c) => c.notNull().unique())
    // JSON {"en":{"title","description"},"vi":…}: English required, others may be empty.
    .addColumn("texts", "text", (c) => c.notNull())
    .addColumn("rate_text", "varchar(40)", (c) => c.notNull())
    // YYYY-MM-DD (Korea): the day the rate was calculated.
    .addColumn("rate_date", "varchar(10)", (c) => c.notNull())
    .addColumn("link", "varchar(2048)", (c) => c.notNull())
    // A static path (the samples) or /media/campaigns/<name>.webp (an upload), and its 2× twin.
    .addColumn("image", "varchar(300)", (c) => c.notNull())
    .addColumn("image_2x", "varchar(300)")
    // ISO UTC instants (entered in KST); null: no limit on that side.
    .addColumn("active_from", "varchar(32)")
    .addColumn("active_until", "varchar(32)")
    .addColumn("enabled", "integer", (c) => c.notNull().defaultTo(1))
    // 0: a draft, seen only through the operator's preview.
    .addColumn("published", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable("campaign_popup"))
    .addColumn("link", "varchar(2048)", (c) => c.notNull())
    .addColumn("image", "varchar(300)", (c) => c.notNull())
    .addColumn("image_2x", "varchar(300)")
    // JSON {"en": "…", "vi": …}: the image's alternative text (the popup's name), English required.
    .addColumn("alts", "text", (c) => c.notNull())
    .addColumn("active_from", "varchar(32)")
    .addColumn("active_until", "varchar(32)")
    .addColumn("enabled", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("published", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable("campaign_images"))
    // <hash of the bytes>-<width>x<height>.webp: the URL never changes its content.
    .addColumn("name", "varchar(100)", (c) => c.notNull().unique())
    .addColumn("content_type", "varchar(32)", (c) => c.notNull())
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addColumn("byte_size", "integer", (c) => c.notNull())
    .addColumn("data", blobType(db), (c) => c.notNull())
    .addColumn("created_at", "varchar(32)", (c) => c.notNull())
    .execute();

  // One counter per kind of content; every instance drops its cached pages when it moves.
  await db.schema
    .createTable("content_versions")
    .addColumn("name", "varchar(32)", (c) => c.primaryKey())
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("updated_at", "varchar(32)", (c) => c.notNull())
    .execute();

  const at = new Date().toISOString();
  await sql`insert into content_versions (name, version, updated_at) values ('campaigns', 1, ${at})`.execute(db);
  let position = 0;
  for (const banner of SAMPLE_BANNERS) {
    position += 1;
    await sql`insert into campaign_banners
      (partner_key, texts, rate_text, rate_date, link, image, enabled, published, position, created_at, updated_at)
      values (${banner.partner_key}, ${JSON.stringify(banner.texts)}, ${SAMPLE_RATE}, ${SAMPLE_RATE_DATE}, ${banner.link},
        ${banner.image}, 1, 1, ${position}, ${at}, ${at})`.execute(db);
  }
  await sql`insert into campaign_popup (link, image, alts, enabled, published, updated_at)
    values ('https://bank.example.com/events/welcome', '/images/event/event-popup.svg', ${JSON.stringify(SAMPLE_POPUP_ALTS)}, 1, 1, ${at})`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["content_versions", "campaign_images", "campaign_popup", "campaign_banners"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
