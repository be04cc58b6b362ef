import { describe, expect, it } from "vitest";
import { callsItAnEvent, commonRateDate, emptyAlt, formatRate, isLive, koreanDate } from "#app/features/campaigns/model.ts";
import { SAMPLE_POPUP_ALTS } from "#db/migrations/0195_ad_items.ts";
import type { Locale } from "#app/i18n/locales.ts";
import { inLocale, missingLocales } from "#app/i18n/per-locale.ts";
import { bannerSchema } from "#app/features/campaigns/schema.ts";
import { validate } from "#app/lib/schema.ts";

describe("campaign rules", () => {
  const row = { enabled: 1, published: 1, active_from: "2026-11-25T15:00:00.000Z", active_until: "2026-11-30T15:00:00.000Z" };
  it("is live on, published and inside its window (the end excluded)", () => {
    expect(isLive(row, new Date("2026-11-25T14:59:59.999Z"))).toBe(false);
    expect(isLive(row, new Date("2026-11-25T15:00:00.000Z"))).toBe(true);
    expect(isLive(row, new Date("2026-11-30T15:00:00.000Z"))).toBe(false);
    expect(isLive({ ...row, active_from: null, active_until: null }, new Date(0))).toBe(true);
    expect(isLive({ ...row, enabled: 0 }, new Date("2026-11-26T00:00:00Z"))).toBe(false);
    expect(isLive({ ...row, published: 0 }, new Date("2026-11-26T00:00:00Z"))).toBe(false);
    expect(isLive({ ...row, published: 0 }, new Date("2026-11-26T00:00:00Z"), true)).toBe(true);
  });
  it("falls back to English and names the missing translations", () => {
    const alts = { en: "Event", vi: " ", id: "Acara", my: "", mn: "Арга хэмжээ" };
    expect(inLocale(alts, "vi", emptyAlt)).toBe("Event");
    expect(inLocale(alts, "id", emptyAlt)).toBe("Acara");
    expect(missingLocales(alts, emptyAlt)).toEqual(["vi", "my"]);
  });
  it("writes the rate date of the Korean disclaimer, and finds the one day all banners share", () => {
    expect(koreanDate("2026-11-01")).toBe("2026년 11월 1일");
    const a = { rateDate: "2026-11-01", key: "a" };
    expect(commonRateDate([a, { rateDate: "2026-11-01", key: "b" }])).toBe(a);
    expect(commonRateDate([a, { rateDate: "2026-10-15", key: "b" }])).toBeNull();
    expect(commonRateDate([])).toBeNull();
  });
  it("writes a rate in each language's number format, each end with the decimals it was typed with", () => {
    const rate = { fromBp: 1300, toBp: 1990, fromDecimals: 2, toDecimals: 1 };
    expect(formatRate("en", rate)).toBe("13.00%–19.9%");
    expect(formatRate("ko", rate)).toBe("13.00%–19.9%");
    expect(formatRate("vi", rate)).toBe("13,00%–19,9%");
    expect(formatRate("id", rate)).toBe("13,00%–19,9%");
    expect(formatRate("my", rate)).toBe("13.00%–19.9%");
    expect(formatRate("mn", rate)).toBe("13.00%–19.9%");
    expect(formatRate("vi", { fromBp: 990, toBp: 990, fromDecimals: 1, toDecimals: 1 })).toBe("9,9%");
  });
});

describe("the banner form's rate", () => {
  const fields = (rate_from: string, rate_to: string) => ({
    partner_key: "partner",
    title_en: "A loan",
    rate_from,
    rate_to,
    rate_date: "2026-11-20",
    link: "https://example.com/",
  });
  it("takes numbers up to the legal maximum of 20%, the highest empty for one rate and never below the lowest", () => {
    const ok = validate(bannerSchema, fields("13.00", "19.9"));
    expect(ok.success && [ok.output.rate_from, ok.output.rate_to]).toEqual([
      { bp: 1300, decimals: 2 },
      { bp: 1990, decimals: 1 },
    ]);
    const one = validate(bannerSchema, fields("9.9", ""));
    expect(one.success && one.output.rate_to).toBeNull();
    expect(validate(bannerSchema, fields("20", "20.00")).success).toBe(true);
    const refused = (from: string, to: string) => {
      const result = validate(bannerSchema, fields(from, to), { crossField: true });
      return result.success ? {} : result.errors;
    };
    expect(refused("", "19.9")).toEqual({ rate_from: "campaigns.error.required" });
    expect(refused("13.00%–19.9%", "")).toEqual({ rate_from: "campaigns.rate.error.number" });
    expect(refused("0", "0.00")).toEqual({ rate_from: "campaigns.rate.error.number", rate_to: "campaigns.rate.error.number" });
    expect(refused("13", "20.01")).toEqual({ rate_to: "campaigns.rate.error.max" });
    expect(refused("13,5", "100")).toEqual({ rate_from: "campaigns.rate.error.number", rate_to: "campaigns.rate.error.number" });
    expect(refused("19.9", "13")).toEqual({ rate_to: "campaigns.rate.error.order" });
  });
});

describe("callsItAnEvent (issue 48 item 2, review N9)", () => {
  it("finds the event and promotion words of each language, and Korean ones in any", () => {
    expect(callsItAnEvent("en", "Autumn event")).toBe(true);
    expect(callsItAnEvent("en", "A promotion for new customers")).toBe(true);
    expect(callsItAnEvent("vi", "Sự kiện chào mừng")).toBe(true);
    expect(callsItAnEvent("id", "Promo selamat datang")).toBe(true);
    expect(callsItAnEvent("my", "ကြိုဆိုရေး အစီအစဉ်")).toBe(true);
    expect(callsItAnEvent("mn", "шинэ харилцагчийн урамшуулал")).toBe(true);
    expect(callsItAnEvent("en", "가을 이벤트")).toBe(true);
  });
  it("leaves a plain loan ad alone, the sample popup's new texts included", () => {
    for (const [locale, text] of Object.entries(SAMPLE_POPUP_ALTS)) expect(callsItAnEvent(locale as Locale, text)).toBe(false);
    expect(callsItAnEvent("en", "Prevent late payments")).toBe(false);
  });
});
