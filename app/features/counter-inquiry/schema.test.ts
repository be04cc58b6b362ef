import { describe, expect, it } from "vitest";
import ko from "../../../locales/shared/counter.json";
import { flatten, translate } from "#app/i18n/format.ts";
import { inquirySchema, validateInquiryForm } from "#app/features/counter-inquiry/schema.ts";
import { validate } from "#app/lib/schema.ts";

const messages = flatten(ko, "counter");
const text = (key: string | undefined) => (key ? translate("en", messages, key) : undefined);
const filled = {
  applicant_name: "홍길동",
  contact_phone: "010-1234-5678",
  applicant_addr: "서울시 중구 샘플로 12",
  inquiry_content: "지폐가 걸립니다",
};

describe("cash-counter inquiry validation (spec §5, messages exactly)", () => {
  it("names every missing field of an A/S request with the spec's Korean message", () => {
    const result = validateInquiryForm({ type: "as", agree: false, photoCount: 0, fields: {} });
    expect(result.success).toBe(false);
    const errors = result.success ? {} : result.errors;
    expect(Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, text(v)]))).toEqual({
      applicant_name: "이름을 입력해 주세요.",
      contact_phone: "연락처를 입력해 주세요.",
      applicant_addr: "주소를 입력해 주세요.",
      inquiry_content: "증상내용을 입력해 주세요.",
      photos: "사진을 선택해주세요.",
      agree: "개인정보 수집 미동의시 문의 접수가 불가능합니다.",
    });
  });

  it("asks for the inquiry content, and no photo, for a purchase", () => {
    const result = validateInquiryForm({ type: "purchase", agree: "on", photoCount: 0, fields: { ...filled, inquiry_content: "  " } });
    expect(result.success ? {} : result.errors).toEqual({ inquiry_content: "counter.errors.content" });
    expect(text("counter.errors.content")).toBe("문의내용을 입력해 주세요.");
  });

  it("needs one of the two types", () => {
    const result = validateInquiryForm({ type: "repair", agree: true, photoCount: 1, fields: filled });
    expect(text(result.success ? undefined : result.errors.type)).toBe("둘 중 하나를 선택해주세요.");
  });

  it("keeps the phone's digits only and accepts 1 to 3 photos", () => {
    const ok = validateInquiryForm({ type: "as", agree: true, photoCount: 3, fields: filled });
    expect(ok).toMatchObject({ success: true, type: "as", output: { contact_phone: "01012345678" } });
    const four = validateInquiryForm({ type: "as", agree: true, photoCount: 4, fields: filled });
    expect(four.success ? undefined : four.errors.photos).toBe("counter.errors.photoMax");
  });

  it("treats a phone without digits as missing, and refuses an odd submission id", () => {
    expect(validate(inquirySchema("purchase"), { ...filled, contact_phone: "--" })).toMatchObject({
      success: false,
      errors: { contact_phone: "counter.errors.phone" },
    });
    expect(validate(inquirySchema("purchase"), { ...filled, submission_id: "<script>" })).toMatchObject({ success: false });
  });
});
