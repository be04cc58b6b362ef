import { describe, expect, it } from "vitest";
import { SAMPLE_IDENTITY } from "#app/business/identity.ts";
import { deploymentFindings, identityFindings } from "#app/features/go-live/checks.server.ts";

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
      "business.field.whatsapp",
      "business.field.messenger",
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

  it("finds nothing in an identity of the business's own, and an empty chat link is no sample", () => {
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
      whatsapp: "",
      messenger: "",
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
});
