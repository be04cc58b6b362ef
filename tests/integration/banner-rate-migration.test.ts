import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate, migrator } from "#db/connect.ts";
import { readRateText } from "#db/migrations/0100_banner_rate_numbers.ts";
import { publicCampaigns } from "#app/features/campaigns/campaigns.server.ts";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";

/**
 * Migration 0100 (issue 31, ADR 0031): each banner's rate text becomes
 * numbers, digit for digit, on both dialects; a text it cannot read keeps
 * showing as it was; down leaves the texts as they were.
 */
const BEFORE = "0070_native_types";
const TEXTS = {
  sample: "13.00%–19.9%",
  spaced: "연 9.9% ~ 14.50%",
  one: "9%",
  words: "최저 연 5.5%부터",
};

describe("reading a rate text", () => {
  it("reads dashes, tildes, spaces, 연 and %, keeping each end's decimals", () => {
    expect(readRateText("13.00%–19.9%")).toEqual({ from: { bp: 1300, decimals: 2 }, to: { bp: 1990, decimals: 1 } });
    expect(readRateText("연 9.9% ~ 14.50%")).toEqual({ from: { bp: 990, decimals: 1 }, to: { bp: 1450, decimals: 2 } });
    expect(readRateText("9.90-14.5%")).toEqual({ from: { bp: 990, decimals: 2 }, to: { bp: 1450, decimals: 1 } });
    expect(readRateText(" 9% ")).toEqual({ from: { bp: 900, decimals: 0 }, to: { bp: 900, decimals: 0 } });
    for (const text of ["최저 연 5.5%부터", "19.9%–13%", "13.001%", "100%", "", "13%, 15%", "13%–15%–19%"])
      expect(readRateText(text)).toBeNull();
  });
});

describe.each(DIALECTS)("banner rates as numbers (migration 0100) on %s", (dialect) => {
  let handle: TestDatabase;

  beforeAll(async () => {
    handle = await freshDatabase(dialect, { migrate: false });
    expect((await (await migrator(handle.db)).migrateTo(BEFORE)).error).toBeUndefined();
    const base = await handle.db
      .selectFrom("campaign_banners")
      .selectAll()
      .where("partner_key", "=", "savings-bank")
      .executeTakeFirstOrThrow();
    const {
      id: _id,
      rate_from_bp: _a,
      rate_to_bp: _b,
      rate_from_decimals: _c,
      rate_to_decimals: _d,
      ...row
    } = base as typeof base & Record<string, unknown>;
    let position = 10;
    for (const [key, text] of Object.entries(TEXTS))
      if (key !== "sample")
        await handle.db
          .insertInto("campaign_banners")
          .values({ ...row, partner_key: `t-${key}`, rate_text: text, position: position++ } as never)
          .execute();
    await migrate(handle.db);
    // A loan ad is shown only with its approvals (issue 35, migration 0150): the test banners take the sample's.
    const approvals = await handle.db
      .selectFrom("campaign_banners")
      .select(["product_key", "confirm_no", "confirm_until", "review_no", "review_until"])
      .where("partner_key", "=", "savings-bank")
      .executeTakeFirstOrThrow();
    await handle.db.updateTable("campaign_banners").set(approvals).where("partner_key", "like", "t-%").execute();
  }, 30_000);
  afterAll(async () => handle.cleanup());

  it("turns every readable text into numbers and keeps the text", async () => {
    const rows = await handle.db
      .selectFrom("campaign_banners")
      .select(["partner_key", "rate_text", "rate_from_bp", "rate_to_bp", "rate_from_decimals", "rate_to_decimals"])
      .orderBy("position")
      .execute();
    const by = Object.fromEntries(rows.map((r) => [r.partner_key, r]));
    for (const key of ["regional-bank-general", "regional-bank-student", "savings-bank"])
      expect(by[key]).toMatchObject({
        rate_text: TEXTS.sample,
        rate_from_bp: 1300,
        rate_to_bp: 1990,
        rate_from_decimals: 2,
        rate_to_decimals: 1,
      });
    expect(by["t-spaced"]).toMatchObject({
      rate_text: TEXTS.spaced,
      rate_from_bp: 990,
      rate_to_bp: 1450,
      rate_from_decimals: 1,
      rate_to_decimals: 2,
    });
    expect(by["t-one"]).toMatchObject({
      rate_text: TEXTS.one,
      rate_from_bp: 900,
      rate_to_bp: 900,
      rate_from_decimals: 0,
      rate_to_decimals: 0,
    });
    expect(by["t-words"]).toMatchObject({ rate_text: TEXTS.words, rate_from_bp: null, rate_to_bp: null });
  });

  it("shows each rate in the visitor's number format with as few decimals as it needs (issue 50: one form on the banner and its block), and an unreadable text as it was", async () => {
    const rates = async (locale: "en" | "vi") =>
      Object.fromEntries((await publicCampaigns(handle.db, locale)).banners.map((b) => [b.key, b.rate]));
    expect(await rates("vi")).toMatchObject({
      "savings-bank": "13%–19,9%",
      "t-spaced": "9,9%–14,5%",
      "t-one": "9%",
      "t-words": TEXTS.words,
    });
    expect(await rates("en")).toMatchObject({ "savings-bank": "13%–19.9%", "t-spaced": "9.9%–14.5%" });
  });

  it("goes down with every text as it was, and up again", async () => {
    const down = await (await migrator(handle.db)).migrateTo(BEFORE);
    expect(down.error).toBeUndefined();
    const texts = await handle.db.selectFrom("campaign_banners").select(["partner_key", "rate_text"]).orderBy("position").execute();
    expect(texts.map((r) => r.rate_text)).toEqual([TEXTS.sample, TEXTS.sample, TEXTS.sample, TEXTS.spaced, TEXTS.one, TEXTS.words]);
    expect(Object.keys((await handle.db.selectFrom("campaign_banners").selectAll().executeTakeFirstOrThrow()) as object)).not.toContain(
      "rate_from_bp",
    );
    await migrate(handle.db);
    expect((await publicCampaigns(handle.db, "id")).banners[0]!.rate).toBe("13%–19,9%");
  });
});
