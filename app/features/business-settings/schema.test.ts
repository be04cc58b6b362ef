import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { SAMPLE_IDENTITY } from "#app/business/identity.ts";
import { checkIdentity, identityFields, isBusinessRegistrationNumber, isDialableInKorea } from "#app/features/business-settings/schema.ts";

/** The Business form's rules (issue 36, item 1): each refusal names its field; nothing else is kept. */
/** A whole 대부중개업 registration, as the form names its fields. */
const DAEBU_FIELDS = {
  daebu_number: "2024-서울중구-0001",
  daebu_date: "2024-02-01",
  daebu_body_ko: "서울특별시 중구청",
  daebu_body_en: "Jung-gu Office, Seoul",
  daebu_verify_url: "https://www.fines.fss.or.kr",
  daebu_verify_phone: "1332",
};

describe("the business's identity form", () => {
  it("reads the sample's own fields back as the sample (the form round-trips)", () => {
    const checked = checkIdentity(identityFields(SAMPLE_IDENTITY), SAMPLE_IDENTITY.certificateUrl);
    expect(checked).toEqual({ ok: true, identity: SAMPLE_IDENTITY });
  });

  it("checks the business registration number's check digit", () => {
    expect(isBusinessRegistrationNumber("000-00-00000")).toBe(true);
    expect(isBusinessRegistrationNumber("220-81-62517")).toBe(true);
    expect(isBusinessRegistrationNumber("220-81-62518")).toBe(false);
    expect(isBusinessRegistrationNumber("2208162517")).toBe(false);
    // Exactly one check digit in ten passes for any nine digits.
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999 }), (n) => {
        const nine = String(n).padStart(9, "0");
        const passing = [..."0123456789"].filter((d) =>
          isBusinessRegistrationNumber(`${nine.slice(0, 3)}-${nine.slice(3, 5)}-${nine.slice(5)}${d}`),
        );
        expect(passing).toHaveLength(1);
      }),
    );
  });

  it("takes the numbers callers in Korea can dial, and no other", () => {
    for (const ok of [
      "1588-0000",
      "1644 1234",
      "02-123-4567",
      "02-1234-5678",
      "031-123-4567",
      "010-1234-5678",
      "070-1234-5678",
      "080-123-4567",
      "1332",
    ]) {
      expect(isDialableInKorea(ok), ok).toBe(true);
    }
    for (const bad of ["1234", "+1 555 0100", "02-12-345", "099-123-4567", "010-1234-5678 ext 2", "1588-0000-1", "tel:15880000"]) {
      expect(isDialableInKorea(bad), bad).toBe(false);
    }
  });

  it("names each refused field and keeps nothing", () => {
    const fields = {
      ...identityFields(SAMPLE_IDENTITY),
      phone: "12",
      business_number: "123-45-67890",
      broker_date: "2999-01-01",
      broker_verify_url: "http://insecure.example",
      lat: "51.5",
      email: "not-an-address",
      legal_name_ko: "   ",
    };
    expect(checkIdentity(fields, "")).toEqual({
      ok: false,
      errors: {
        phone: "business.error.phone",
        business_number: "business.error.businessNumber",
        broker_date: "business.error.future",
        broker_verify_url: "business.error.https",
        lat: "business.error.coordinate",
        email: "business.error.email",
        legal_name_ko: "business.error.required",
      },
    });
  });

  it("takes the 대부중개업 registration all or none", () => {
    const none = checkIdentity(identityFields(SAMPLE_IDENTITY), "");
    expect(none.ok && none.identity.registrations.map((r) => r.kind)).toEqual(["financial_broker"]);
    const half = checkIdentity({ ...identityFields(SAMPLE_IDENTITY), daebu_number: "2024-서울중구-0001" }, "");
    expect(half.ok).toBe(false);
    expect(!half.ok && Object.keys(half.errors).sort()).toEqual(
      // …and, the sample's 상호 lacking "대부중개", the name as well (대부업법 제5조의2②).
      ["daebu_body_en", "daebu_body_ko", "daebu_date", "daebu_verify_phone", "daebu_verify_url", "legal_name_ko"].sort(),
    );
    const full = checkIdentity(
      {
        ...identityFields(SAMPLE_IDENTITY),
        legal_name_ko: "샘플대부중개 주식회사",
        ...DAEBU_FIELDS,
      },
      "",
    );
    expect(full.ok && full.identity.registrations.map((r) => r.kind)).toEqual(["financial_broker", "daebu_broker"]);
  });

  it("wants 대부중개 in the 상호 with a 대부중개업 registration, unless the ground of 제5조의2③ is recorded", () => {
    const daebu = { ...identityFields(SAMPLE_IDENTITY), ...DAEBU_FIELDS };
    const refused = checkIdentity(daebu, "");
    expect(!refused.ok && refused.errors).toEqual({ legal_name_ko: "business.error.daebuName" });
    const exempt = checkIdentity({ ...daebu, daebu_name_exemption: "  대부중개업 매출 비중이 시행령 기준 미만 (2026년 감사보고서)  " }, "");
    expect(exempt.ok && exempt.identity.daebuNameExemption).toBe("대부중개업 매출 비중이 시행령 기준 미만 (2026년 감사보고서)");
    const named = checkIdentity({ ...daebu, legal_name_ko: "샘플대부중개 주식회사" }, "");
    expect(named.ok && named.identity.daebuNameExemption).toBe("");
    const stray = checkIdentity({ ...identityFields(SAMPLE_IDENTITY), daebu_name_exemption: "근거" }, "");
    expect(!stray.ok && stray.errors).toEqual({ daebu_name_exemption: "business.error.exemptionWithoutDaebu" });
  });

  it("never throws on any input, and whatever it accepts reads back the same", () => {
    const names = Object.keys(identityFields(SAMPLE_IDENTITY));
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...names), fc.string({ maxLength: 40 })), (changes) => {
        const checked = checkIdentity({ ...identityFields(SAMPLE_IDENTITY), ...changes }, "");
        if (checked.ok) expect(checkIdentity(identityFields(checked.identity), "")).toEqual(checked);
      }),
    );
  });
});
