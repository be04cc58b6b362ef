import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SAMPLE_IDENTITY } from "#app/business/identity.ts";
import { BLOG_PLATFORMS, CHAT_CHANNELS, SOCIAL_AUDIENCES, type Brand } from "#app/business/brand.ts";
import { SAMPLE_BRAND } from "#app/business/sample-brand.ts";
import { DEPLOY_GUIDE, brandFindings, deploymentFindings, identityFindings } from "#app/features/go-live/checks.server.ts";

/** The go-live check's rules (issue 36, item 4), as pure functions of the identity and the environment's facts. */
describe("the go-live check", () => {
  it("names every sample value of the identity, the sample certificate and the office's sample position", () => {
    const findings = identityFindings(SAMPLE_IDENTITY);
    expect(findings.map((f) => f.field ?? f.what)).toEqual([
      "business.field.legalNameKo",
      "business.field.legalNameEn",
      "business.field.representativeKo",
      "business.field.representativeEn",
      "business.field.businessNumber",
      "business.field.addressKo",
      "business.field.addressEn",
      "business.field.phone",
      "business.field.email",
      "business.field.registrationNumber",
      "business.field.lat",
      // The privacy policy's 개인정보 보호책임자 (issue 47, item 5), field by field.
      "business.field.privacyOfficerNameKo",
      "business.field.privacyOfficerNameEn",
      "business.field.privacyOfficerPositionKo",
      "business.field.privacyOfficerPositionEn",
      "business.field.privacyOfficerPhone",
      "business.field.privacyOfficerEmail",
      "golive.certificate",
    ]);
    expect(findings.every((f) => f.fix === "/admin/business")).toBe(true);
  });

  it("finds nothing in an identity of the business's own", () => {
    const own = {
      ...SAMPLE_IDENTITY,
      legalNameKo: "밝은대출중개 주식회사",
      legalNameEn: "Bright Loan Brokerage Co., Ltd.",
      representativeKo: "김민지",
      representativeEn: "Kim Min-ji",
      businessRegistrationNumber: "220-81-62517",
      registrations: [{ ...SAMPLE_IDENTITY.registrations[0]!, number: "2024-01234" }],
      addressKo: "경기도 안산시 단원구 원곡로 1",
      addressEn: "1 Wongok-ro, Danwon-gu, Ansan, Gyeonggi-do",
      lat: 37.3315,
      lng: 126.8059,
      phone: "1577-1234",
      email: "help@bright-loans.kr",
      certificateUrl: "/media/business/0123456789abcdef0123456789abcdef.pdf",
      privacyOfficer: {
        nameKo: "김민지",
        nameEn: "Kim Min-ji",
        positionKo: "대표이사",
        positionEn: "Chief Executive",
        phone: "1577-1234",
        email: "privacy@bright-loans.kr",
      },
    };
    expect(identityFindings(own)).toEqual([]);
    // One field left as the sample is named on its own.
    expect(identityFindings({ ...own, privacyOfficer: { ...own.privacyOfficer, email: "privacy@example.com" } })).toEqual([
      { area: "identity", what: "golive.sample", field: "business.field.privacyOfficerEmail", fix: "/admin/business" },
    ]);
  });

  it("names the brand's sample images, issuer, API title and every sample link, each fixed on the Brand page", () => {
    const findings = brandFindings(SAMPLE_BRAND, SAMPLE_IDENTITY);
    expect(findings.every((f) => f.area === "brand" && f.fix === "/admin/brand")).toBe(true);
    expect(findings.map((f) => f.field)).toEqual([
      "brand.image.logo",
      "brand.image.favicon",
      "brand.image.shareCard",
      "brand.field.issuer",
      "brand.field.api_title",
      ...SOCIAL_AUDIENCES.map((a) => `brand.field.facebook_${a}`),
      "brand.field.instagram_mongolia",
      "brand.field.instagram_indonesia",
      "brand.field.tiktok",
      ...BLOG_PLATFORMS.map((p) => `brand.field.blog_${p}`),
      "brand.field.visa_support",
      "brand.field.community_news",
      "brand.field.exchange_service",
      "brand.field.exchange_reservation",
      "brand.field.chat_whatsapp",
      "brand.field.chat_messenger",
    ]);
  });

  it("finds nothing in a brand of the business's own; an emptied link is no sample", () => {
    const own: Brand = {
      ...SAMPLE_BRAND,
      logo: "/media/brand/0123456789abcdef0123456789abcdef.webp",
      favicon: "/media/brand/0123456789abcdef0123456789abcdef.png",
      shareCard: "/media/brand/0123456789abcdef0123456789abcdef.jpg",
      facebook: {
        ...SAMPLE_BRAND.facebook,
        english: "https://www.facebook.com/hanbitloan",
        mongolia: "",
        indonesia: "",
        vietnam: "",
        uzbekistan: "",
        philippines: "",
      },
      instagram: Object.fromEntries(SOCIAL_AUDIENCES.map((a) => [a, ""])) as Brand["instagram"],
      tiktok: "",
      blogs: Object.fromEntries(BLOG_PLATFORMS.map((p) => [p, ""])) as Brand["blogs"],
      links: { visaSupport: "https://www.hikorea.go.kr", communityNews: "", exchangeService: "", exchangeReservation: "" },
      chat: Object.fromEntries(CHAT_CHANNELS.map((c) => [c, ""])) as Brand["chat"],
    };
    // The issuer and the API title follow the trade name: the sample's is a finding, the business's own is not.
    expect(brandFindings(own, SAMPLE_IDENTITY).map((f) => f.field)).toEqual(["brand.field.issuer", "brand.field.api_title"]);
    expect(brandFindings(own, { ...SAMPLE_IDENTITY, tradeNameEn: "Hanbit Loan" })).toEqual([]);
    expect(brandFindings({ ...own, issuer: "Hanbit", apiTitle: "Hanbit API" }, SAMPLE_IDENTITY)).toEqual([]);
  });

  it("asks for an https PUBLIC_ORIGIN, APP_SECRET, SMTP and the Web Push keys in the environment", () => {
    expect(deploymentFindings(undefined).map((f) => f.what)).toEqual([
      "golive.publicOrigin",
      "golive.appSecret",
      "golive.smtp",
      "golive.vapid",
    ]);
    expect(
      deploymentFindings({ publicOrigin: "http://example.com", appSecretSet: true, smtpSet: true, vapidSet: true }).map((f) => f.what),
    ).toEqual(["golive.publicOrigin"]);
    expect(deploymentFindings({ publicOrigin: "https://k-loan.example", appSecretSet: true, smtpSet: true, vapidSet: true })).toEqual([]);
  });

  it("lists authenticator secrets sealed with another APP_SECRET, and its message names npm run secrets:rotate and the deploy guide (issue 47, item 7)", () => {
    const facts = { publicOrigin: "https://k-loan.example", appSecretSet: true, smtpSet: true, vapidSet: true };
    expect(deploymentFindings({ ...facts, sealedWithOtherKey: 0 })).toEqual([]);
    const [finding] = deploymentFindings({ ...facts, sealedWithOtherKey: 2 });
    expect(finding).toEqual({ area: "deployment", what: "golive.secretsKey", detail: "2", fix: DEPLOY_GUIDE });
    for (const lang of ["en", "ko"]) {
      const catalog = JSON.parse(readFileSync(`app/features/console/i18n/${lang}.json`, "utf8")) as Record<string, string>;
      expect(catalog["golive.secretsKey"]).toContain("npm run secrets:rotate");
      expect(catalog["golive.secretsKey"]).toContain("{detail}");
      expect(catalog["golive.secretsKey"]).toMatch(/deploy guide, section 4|배포 안내서 4장/);
    }
  });
});
