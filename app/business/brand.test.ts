import { describe, expect, it } from "vitest";
import { apiTitleOf, issuerOf, socialPages } from "#app/business/brand.ts";
import { readBrand, SAMPLE_BRAND } from "#app/business/sample-brand.ts";

describe("the business's brand as stored (issue 47, item 3)", () => {
  it("is the sample in a fresh install, and a malformed row never breaks a page", () => {
    expect(readBrand(null)).toEqual(SAMPLE_BRAND);
    expect(readBrand("not json")).toEqual(SAMPLE_BRAND);
    expect(readBrand('{"tiktok":3,"chat":[1],"facebook":"x"}')).toEqual(SAMPLE_BRAND);
  });

  it("takes each stored field, an empty one too (it hides its link)", () => {
    const brand = readBrand(
      JSON.stringify({ ...SAMPLE_BRAND, tiktok: "", chat: { ...SAMPLE_BRAND.chat, kakaotalk: "https://pf.kakao.com/_a" } }),
    );
    expect(brand.tiktok).toBe("");
    expect(brand.chat.kakaotalk).toBe("https://pf.kakao.com/_a");
  });

  it("keeps the WhatsApp and Messenger links the identity held before the brand had its own", () => {
    const identity = JSON.stringify({ whatsapp: "https://wa.me/821099998888", messenger: "" });
    expect(readBrand(null, identity).chat).toEqual({ ...SAMPLE_BRAND.chat, whatsapp: "https://wa.me/821099998888", messenger: "" });
    // Once the brand stores its own, the identity's no longer count.
    const own = JSON.stringify({ chat: { whatsapp: "", messenger: "https://m.me/hanbit" } });
    expect(readBrand(own, identity).chat).toMatchObject({ whatsapp: "", messenger: "https://m.me/hanbit" });
  });

  it("names the authenticator issuer and the API after the trade name unless set", () => {
    expect(issuerOf(SAMPLE_BRAND, { tradeNameEn: "Hanbit Loan" })).toBe("Hanbit Loan");
    expect(apiTitleOf(SAMPLE_BRAND, { tradeNameEn: "Hanbit Loan" })).toBe("Hanbit Loan API");
    const own = { ...SAMPLE_BRAND, issuer: "Hanbit Console", apiTitle: "Hanbit partner API" };
    expect(issuerOf(own, { tradeNameEn: "Hanbit Loan" })).toBe("Hanbit Console");
    expect(apiTitleOf(own, { tradeNameEn: "Hanbit Loan" })).toBe("Hanbit partner API");
  });

  it("lists only the social pages that are set", () => {
    expect(socialPages(SAMPLE_BRAND.instagram).map((p) => p.key)).toEqual(["mongolia", "indonesia"]);
  });
});
