import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, freshDatabase, type TestDatabase } from "#tests/support/databases.ts";
import { bannerKeys, isCampaignBanner, publicCampaigns } from "#app/features/campaigns/campaigns.server.ts";

/** The campaigns of the home page (issue 14) come from the database; a fresh install has the samples that were in site.ts. */
describe.each(DIALECTS)("campaigns on %s", (dialect) => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await freshDatabase(dialect);
  }, 30_000);
  afterAll(async () => handle.cleanup());

  it("starts with the samples that were in site.ts, in every language", async () => {
    const en = await publicCampaigns(handle.db, "en");
    expect(en.banners.map((b) => b.key)).toEqual(["regional-bank-general", "regional-bank-student", "savings-bank"]);
    expect(en.banners[0]).toMatchObject({
      title: "Regional bank general loan",
      description: "For foreign workers with a steady job in Korea",
      rate: "13.00%–19.9%",
      rateDate: "2026-11-01",
      link: "https://bank.example.com/loans/general",
      image: "/images/banners/regional-general.svg",
    });
    const vi = await publicCampaigns(handle.db, "vi");
    expect(vi.banners[2]!.title).toBe("Vay ngân hàng tiết kiệm");
    expect(vi.popup).toMatchObject({ link: "https://bank.example.com/events/welcome", alt: "Sự kiện chào mừng tại ngân hàng đối tác" });
    expect(await bannerKeys(handle.db)).toEqual(["regional-bank-general", "regional-bank-student", "savings-bank"]);
    expect(await isCampaignBanner(handle.db, "savings-bank", "https://savings.example.com/loan")).toBe(true);
    expect(await isCampaignBanner(handle.db, "savings-bank", "https://evil.example.com/")).toBe(false);
  });

  it("shows only what is on, published and in its window; an empty translation shows the English text; none hides the section", async () => {
    const texts = JSON.stringify({ en: { title: "Window loan", description: "English only" }, vi: { title: "", description: "" } });
    const at = new Date().toISOString();
    const row = {
      texts,
      rate_text: "1%",
      rate_date: "2026-11-24",
      link: "https://x.example.com/",
      image: "/x.svg",
      enabled: 1,
      published: 1,
      created_at: at,
      updated_at: at,
    };
    await handle.db
      .insertInto("campaign_banners")
      .values([
        {
          ...row,
          partner_key: "in-window",
          position: 10,
          active_from: "2026-12-01T00:00:00.000Z",
          active_until: "2026-12-02T00:00:00.000Z",
        },
        { ...row, partner_key: "a-draft", position: 11, published: 0 },
      ])
      .execute();
    const keys = async (now: Date, preview = false) => (await publicCampaigns(handle.db, "vi", now, preview)).banners.map((b) => b.key);
    expect(await keys(new Date("2026-11-30T23:59:59Z"))).not.toContain("in-window");
    expect(await keys(new Date("2026-12-01T00:00:00Z"))).toContain("in-window");
    expect(await keys(new Date("2026-12-02T00:00:00Z"))).not.toContain("in-window");
    expect(await keys(new Date())).not.toContain("a-draft");
    expect(await keys(new Date(), true)).toContain("a-draft");
    const shown = (await publicCampaigns(handle.db, "vi", new Date("2026-12-01T12:00:00Z"))).banners.find((b) => b.key === "in-window");
    expect(shown).toMatchObject({ title: "Window loan", description: "English only" });

    await handle.db.updateTable("campaign_banners").set({ enabled: 0 }).execute();
    await handle.db.updateTable("campaign_popup").set({ enabled: 0 }).execute();
    expect(await publicCampaigns(handle.db, "en")).toEqual({ banners: [], popup: null });
  });
});
